-- =====================================================================================================
-- standings: places in a tournament and a player’s record
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Standings -------------------------------------------------------------------------------------------

-- Who wins what
-- Seeds from the round-1 positions of the bracket (standard seeding).
CREATE OR REPLACE FUNCTION private.entry_seeds(p_tournament_id text)
 RETURNS TABLE(entry_id uuid, seed integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with d as (select bracket_size, private.standard_seed_order(bracket_size) as seed_order from public.draws where tournament_id = p_tournament_id)
  select m.entry_a, d.seed_order[2 * m.position - 1] from public.matches m, d
   where m.tournament_id = p_tournament_id and m.round = 1 and m.entry_a is not null
  union all
  select m.entry_b, d.seed_order[2 * m.position] from public.matches m, d
   where m.tournament_id = p_tournament_id and m.round = 1 and m.entry_b is not null;
$function$;

-- Standings
CREATE OR REPLACE FUNCTION private.place_band(p_round integer, p_rounds integer)
 RETURNS int4range
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- Out in round r of R: places 2^(R-r) + 1 .. 2^(R-r+1).
  select int4range((1 << (p_rounds - p_round)) + 1, (1 << (p_rounds - p_round + 1)), '[]');
$function$;

comment on function private.place_label(int4range) is 'A band of places in words: 1st, or 5th–8th.';
CREATE OR REPLACE FUNCTION private.place_label(p_band int4range)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when upper(p_band) - 1 = lower(p_band) then private.ordinal(lower(p_band))
              else private.ordinal(lower(p_band)) || '–' || private.ordinal(upper(p_band) - 1) end;
$function$;

comment on function private.ordinal(integer) is 'A number as an English ordinal: 1st, 2nd, 3rd, 11th, 21st.';
CREATE OR REPLACE FUNCTION private.ordinal(p_n integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_n || case when p_n % 100 between 11 and 13 then 'th'
                     when p_n % 10 = 1 then 'st' when p_n % 10 = 2 then 'nd' when p_n % 10 = 3 then 'rd' else 'th' end;
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Standings -------------------------------------------------------------------------------------------

comment on function private.standings_json(uuid[],int4range[]) is 'get_standings'' answer from each placed entry (p_entries) and its band of places (p_bands, in the same order): one object per band, best first, { place, from, to, entries: [ { entry_id, in_game_name } ] } with the entries by in-game name; [] when nobody is placed. Every format''s places end here, so they read alike.';
CREATE OR REPLACE FUNCTION private.standings_json(p_entries uuid[], p_bands int4range[])
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('place', private.place_label(band), 'from', lower(band), 'to', upper(band) - 1,
                                               'entries', entries) order by lower(band)), '[]'::jsonb)
    from (select o.band,
                 jsonb_agg(jsonb_build_object('entry_id', o.entry_id, 'in_game_name', p.in_game_name) order by p.in_game_name) as entries
            from unnest(p_entries, p_bands) as o (entry_id, band)
            join public.entries e on e.id = o.entry_id
            left join public.profiles p on p.id = e.player_id
           group by o.band) as bands;
$function$;

comment on function public.get_standings(text) is 'The places decided so far in a tournament (all of them once finished), in bands of players who share a place: in a knockout by the round a player went out in (after groups the first round''s band ends at the knockout''s last player, the players out in the groups sharing the places after it), in double elimination by the round of their second loss (or of a void match, which puts both its players out), in Swiss by the final table once the last round is over.';
CREATE OR REPLACE FUNCTION public.get_standings(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_rounds integer;
  v_first integer;
  v_final public.matches%rowtype;
  v_third public.matches%rowtype;
  v_kind text;
begin
  if not exists (select 1 from public.tournaments where id = p_tournament_id) then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select max(round) into v_rounds from public.matches where tournament_id = p_tournament_id;
  if v_rounds is null then
    return '[]'::jsonb;
  end if;
  select * into v_final from private.final_match(p_tournament_id);
  select s.kind into v_kind from public.tournament_stages s where s.tournament_id = p_tournament_id and s.stage_no = v_final.stage_no;
  if v_kind = 'swiss' then
    -- Swiss: the final table's order, once the last round is over (each player a place of their own).
    return (
      select private.standings_json(array_agg((t.row ->> 'entry_id')::uuid), array_agg(int4range(t.n::integer, t.n::integer, '[]')))
        from jsonb_array_elements(private.swiss_stage_table(p_tournament_id, v_final.stage_no)) with ordinality as t (row, n)
       where exists (select 1 from public.tournaments where id = p_tournament_id and finished_at is not null));
  end if;
  if v_kind = 'double_elimination' then
    -- Double elimination: a player is out at their second loss (a lost match that sends its loser nowhere, the
    -- grand final before its reset excepted) or in a void match (nobody played it); players out in the same round share a band, everyone still in is
    -- placed above them, and the final's winner is first.
    return (
      with players as (
        select count(distinct e.entry_id)::integer as n
          from public.matches m cross join lateral unnest(array[m.entry_a, m.entry_b]) as e (entry_id)
         where m.tournament_id = p_tournament_id and m.stage_no = v_final.stage_no and e.entry_id is not null
      ), outs as (
        select e.entry_id, m.round
          from public.matches m cross join lateral unnest(array[m.entry_a, m.entry_b]) as e (entry_id)
         where m.tournament_id = p_tournament_id and m.stage_no = v_final.stage_no and e.entry_id is not null
           -- A void match sends neither player on, in either bracket: both are out in its round.
           and ((m.loser_match_id is null and m.status = 'confirmed' and m.winner_entry_id is not null and e.entry_id <> m.winner_entry_id)
                or m.status = 'void')
           and not exists (select 1 from public.matches k where k.tournament_id = p_tournament_id and k.stage_no = v_final.stage_no
                              and k.round > m.round and e.entry_id in (k.entry_a, k.entry_b))
      ), rounds as (
        select o.round, count(*)::integer as c, sum(count(*)) over (order by o.round)::integer as through
          from outs o group by o.round
      ), outcomes as (
        select v_final.winner_entry_id as entry_id, int4range(1, 1, '[]') as band
         where v_final.status = 'confirmed' and v_final.winner_entry_id is not null
        union all
        select o.entry_id, int4range(players.n - r.through + 1, players.n - r.through + r.c, '[]')
          from outs o join rounds r on r.round = o.round, players
      )
      select private.standings_json(array_agg(entry_id), array_agg(band)) from outcomes);
  end if;
  select m.* into v_third from public.matches m where m.tournament_id = p_tournament_id and m.bracket = 'third_place';
  -- The last stage is the knockout every format ends in: its rounds count from its own first round.
  select min(round), max(round) into v_first, v_rounds from public.matches
   where tournament_id = p_tournament_id and stage_no = v_final.stage_no;
  return (
    with ko as (
      -- The players of the knockout: after groups, its first round holds fewer than its places where byes were given.
      select count(distinct k.e)::integer as n
        from public.matches m cross join lateral unnest(array[m.entry_a, m.entry_b]) as k (e)
       where m.tournament_id = p_tournament_id and m.stage_no = v_final.stage_no and k.e is not null
    ), outcomes as (
      -- The champion.
      select v_final.winner_entry_id as entry_id, int4range(1, 1, '[]') as band
       where v_final.status = 'confirmed' and v_final.winner_entry_id is not null
      union all
      -- Losers of confirmed knockout matches, and both players of void ones, share the band of their round; the
      -- semi-final losers are 3rd and 4th by the third-place match where it was played. Where it was given to one
      -- player because the other semi-final was void, that semi-final's players share 4th: out in the semi-finals,
      -- below the third-place match's winner.
      -- After groups the first round's band ends at the knockout's last player, so the groups' band follows it.
      select e.entry_id, case when m.loser_match_id = v_third.id and v_third.status = 'confirmed' and v_third.winner_entry_id is not null
                              then int4range(4, 4, '[]')
                              when v_final.stage_no > 1 and m.round = v_first
                              then int4range(lower(b.band), least(upper(b.band) - 1, ko.n), '[]') else b.band end
        from public.matches m
       cross join lateral unnest(array[m.entry_a, m.entry_b]) as e (entry_id)
       cross join lateral (select private.place_band(m.round - v_first + 1, v_rounds - v_first + 1) as band) as b
       cross join ko
       where m.tournament_id = p_tournament_id and m.stage_no = v_final.stage_no and m.bracket is null and e.entry_id is not null
         and ((m.status = 'confirmed' and e.entry_id <> m.winner_entry_id) or m.status = 'void')
         -- The third-place match's players are placed by it (one of its places may be empty: is distinct from, not in).
         and not (v_third.status = 'confirmed' and v_third.winner_entry_id is not null
                  and (e.entry_id is not distinct from v_third.entry_a or e.entry_id is not distinct from v_third.entry_b))
      union all
      select e.entry_id, int4range(case when e.entry_id = v_third.winner_entry_id then 3 else 4 end,
                                   case when e.entry_id = v_third.winner_entry_id then 3 else 4 end, '[]')
        from unnest(array[v_third.entry_a, v_third.entry_b]) as e (entry_id)
       where v_third.status = 'confirmed' and v_third.winner_entry_id is not null and e.entry_id is not null
      union all
      -- Players out in an earlier stage (the groups, once the knockout is filled) share the places after the knockout's.
      select x.entry_id, int4range(ko.n + 1, ko.n + x.out_count, '[]')
        from ko,
             lateral (select o.e as entry_id, count(*) over ()::integer as out_count
                        from (select distinct g.e
                                from public.matches m cross join lateral unnest(array[m.entry_a, m.entry_b]) as g (e)
                               where m.tournament_id = p_tournament_id and m.stage_no < v_final.stage_no and g.e is not null) as o
                       where not exists (select 1 from public.matches k where k.tournament_id = p_tournament_id
                                            and k.stage_no = v_final.stage_no and o.e in (k.entry_a, k.entry_b))) as x
       where exists (select 1 from public.tournament_stages s where s.tournament_id = p_tournament_id
                        and s.stage_no < v_final.stage_no and s.closed_at is not null)
    )
    select private.standings_json(array_agg(entry_id), array_agg(band)) from outcomes);
end;
$function$;

comment on function public.get_my_places() is 'The caller''s place in each finished tournament they played (get_standings'' band).';
CREATE OR REPLACE FUNCTION public.get_my_places()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return coalesce((
    select jsonb_agg(jsonb_build_object('tournament_id', t.id, 'place', band ->> 'place',
                                        'from', (band ->> 'from')::integer, 'to', (band ->> 'to')::integer)
                     order by t.finished_at desc, t.id)
      from public.tournaments t
      join public.entries e on e.tournament_id = t.id and e.player_id = v_player
     cross join lateral jsonb_array_elements(public.get_standings(t.id)) as band
     where t.finished_at is not null and t.cancelled_at is null
       and exists (select 1 from jsonb_array_elements(band -> 'entries') as x where x ->> 'entry_id' = e.id::text)
  ), '[]'::jsonb);
end;
$function$;

comment on function public.get_my_stats() is 'The caller''s record from confirmed matches (played, won, lost, goals, titles) and total earnings.';
CREATE OR REPLACE FUNCTION public.get_my_stats()
 RETURNS TABLE(total_earnings_paise bigint, matches_played integer, matches_won integer, matches_lost integer, goals_scored integer, goals_conceded integer, titles integer, win_rate_percent integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return query
    with mine as (
      select m.*, e.id as my_entry, case when m.entry_a = e.id then m.score_a else m.score_b end as my_goals,
             case when m.entry_a = e.id then m.score_b else m.score_a end as their_goals,
             m.round = (select max(round) from public.matches x where x.tournament_id = m.tournament_id)
               and m.bracket is distinct from 'third_place' as is_final
        from public.entries e
        join public.matches m on e.id in (m.entry_a, m.entry_b)
       where e.player_id = v_player and m.status = 'confirmed' and m.entry_a is not null and m.entry_b is not null
    )
    -- Winnings come with the prize ledger; until then nothing has been credited.
    select 0::bigint,
           count(*)::integer,
           count(*) filter (where winner_entry_id = my_entry)::integer,
           count(*) filter (where winner_entry_id <> my_entry)::integer,
           coalesce(sum(my_goals), 0)::integer,
           coalesce(sum(their_goals), 0)::integer,
           count(*) filter (where is_final and winner_entry_id = my_entry)::integer,
           case when count(*) = 0 then 0
                else round(100.0 * count(*) filter (where winner_entry_id = my_entry) / count(*))::integer end
      from mine;
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Standings -------------------------------------------------------------------------------------------

revoke all on function private.entry_seeds(text) from public;

revoke all on function private.place_band(integer,integer) from public;

revoke all on function private.place_label(int4range) from public;

revoke all on function private.ordinal(integer) from public;

revoke all on function private.standings_json(uuid[],int4range[]) from public;

revoke all on function public.get_standings(text) from public;

revoke all on function public.get_my_places() from anon;
revoke all on function public.get_my_places() from public;

revoke all on function public.get_my_stats() from anon;
revoke all on function public.get_my_stats() from public;
