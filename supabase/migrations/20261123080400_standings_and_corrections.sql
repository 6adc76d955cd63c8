-- =====================================================================================================
-- Standings, staff corrections, replays and disqualifications, and a player's stats from real results
-- =====================================================================================================
-- Standings (lifecycle.md, Standings and prizes): places by the round an entry went out in: the final's
-- winner 1st, its loser 2nd, the semi-final losers share 3rd-4th, then 5th-8th, ... Entries out of a
-- void match share the band of that round.
-- Corrections: staff may change a confirmed result with a reason. When the winner changes, every later
-- match the old winner reached is shown first (p_apply = false) and then reset (p_apply = true): the new
-- winner takes the place, matches already played there are voided and replayed with new times. Refused
-- once the tournament's prizes are credited (settled).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Moving a winner on never restarts a match that is already under way or played
-- -----------------------------------------------------------------------------------------------------
-- A corrected score (same winner) confirms the match again; the next match keeps its state. Only a match
-- still waiting for its players (pending) is started, or given to the one player who has no opponent.
create or replace function private.advance_from(p_match public.matches) returns void
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_next public.matches%rowtype;
  v_other public.matches%rowtype;
  v_slot text := case when p_match.position % 2 = 1 then 'a' else 'b' end;
begin
  select * into v_next from public.matches
   where tournament_id = p_match.tournament_id and round = p_match.round + 1 and position = (p_match.position + 1) / 2
     for update;
  if not found then
    return;
  end if;
  if v_slot = 'a' then
    update public.matches set entry_a = p_match.winner_entry_id where id = v_next.id returning * into v_next;
  else
    update public.matches set entry_b = p_match.winner_entry_id where id = v_next.id returning * into v_next;
  end if;
  if v_next.status <> 'pending' then
    return;
  end if;

  select * into v_other from public.matches
   where tournament_id = p_match.tournament_id and round = p_match.round
     and position = case when v_slot = 'a' then p_match.position + 1 else p_match.position - 1 end;

  if v_next.entry_a is not null and v_next.entry_b is not null then
    update public.matches
       set status = 'scheduled', scheduled_at = greatest(scheduled_at, v_now + private.break_between_rounds())
     where id = v_next.id;
  elsif v_other.status in ('confirmed', 'void') and (v_next.entry_a is not null or v_next.entry_b is not null) then
    -- The other feeder ended without a winner: the known player goes through without playing.
    update public.matches
       set status = 'confirmed', winner_entry_id = coalesce(entry_a, entry_b), confirmed_at = v_now
     where id = v_next.id
    returning * into v_next;
    perform private.audit(p_match.tournament_id, 'walkover_no_opponent',
                          private.entry_name(v_next.winner_entry_id) || ' goes through: no opponent in round ' || v_next.round,
                          null, null, null, true, null, v_next.winner_entry_id, v_next.id);
    perform private.after_result(v_next);
  elsif v_other.status = 'void' and p_match.status = 'void' then
    -- Both feeders void: this match is void too, and so on up the bracket.
    update public.matches set status = 'void', confirmed_at = v_now where id = v_next.id returning * into v_next;
    perform private.after_result(v_next);
  end if;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Standings
-- -----------------------------------------------------------------------------------------------------
create function private.place_band(p_round integer, p_rounds integer) returns int4range
  language sql immutable set search_path = ''
as $$
  -- Out in round r of R: places 2^(R-r) + 1 .. 2^(R-r+1).
  select int4range((1 << (p_rounds - p_round)) + 1, (1 << (p_rounds - p_round + 1)), '[]');
$$;

create function private.ordinal(p_n integer) returns text
  language sql immutable set search_path = ''
as $$
  select p_n || case when p_n % 100 between 11 and 13 then 'th'
                     when p_n % 10 = 1 then 'st' when p_n % 10 = 2 then 'nd' when p_n % 10 = 3 then 'rd' else 'th' end;
$$;

create function private.place_label(p_band int4range) returns text
  language sql immutable set search_path = ''
as $$
  select case when upper(p_band) - 1 = lower(p_band) then private.ordinal(lower(p_band))
              else private.ordinal(lower(p_band)) || '–' || private.ordinal(upper(p_band) - 1) end;
$$;


-- get_standings(p_tournament_id): places decided so far (all of them once the tournament is finished).
create function public.get_standings(p_tournament_id text) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_rounds integer;
begin
  if not exists (select 1 from public.tournaments where id = p_tournament_id) then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select max(round) into v_rounds from public.matches where tournament_id = p_tournament_id;
  if v_rounds is null then
    return '[]'::jsonb;
  end if;
  return coalesce((
    with outcomes as (
      -- The champion.
      select m.winner_entry_id as entry_id, int4range(1, 1, '[]') as band
        from public.matches m
       where m.tournament_id = p_tournament_id and m.round = v_rounds and m.status = 'confirmed' and m.winner_entry_id is not null
      union all
      -- Losers of confirmed matches, and both players of void ones.
      select e.entry_id, private.place_band(m.round, v_rounds)
        from public.matches m
       cross join lateral unnest(array[m.entry_a, m.entry_b]) as e (entry_id)
       where m.tournament_id = p_tournament_id and e.entry_id is not null
         and ((m.status = 'confirmed' and e.entry_id <> m.winner_entry_id) or m.status = 'void')
    )
    select jsonb_agg(jsonb_build_object('place', private.place_label(band), 'from', lower(band), 'to', upper(band) - 1,
                                        'entries', entries) order by lower(band))
      from (select o.band,
                   jsonb_agg(jsonb_build_object('entry_id', o.entry_id, 'in_game_name', p.in_game_name) order by p.in_game_name) as entries
              from outcomes o
              join public.entries e on e.id = o.entry_id
              left join public.profiles p on p.id = e.player_id
             group by o.band) as bands), '[]'::jsonb);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Resetting a match for a replay
-- -----------------------------------------------------------------------------------------------------
create function private.reset_match(p_match_id uuid, p_now timestamptz) returns public.matches
  language plpgsql set search_path = ''
as $$
declare
  v_match public.matches%rowtype;
begin
  update private.match_reports set superseded_at = p_now where match_id = p_match_id and superseded_at is null;
  update public.match_disputes set settled_at = p_now, outcome = 'replay', note = coalesce(note, 'Replay ordered')
   where match_id = p_match_id and settled_at is null;
  update public.matches
     set status = case when entry_a is not null and entry_b is not null then 'scheduled' else 'pending' end,
         winner_entry_id = null, score_a = null, score_b = null, confirmed_at = null,
         ready_a_at = null, ready_b_at = null, walkover_entry_id = null, walkover_claimed_at = null,
         scheduled_at = greatest(scheduled_at, p_now + private.break_between_rounds())
   where id = p_match_id
  returning * into v_match;
  return v_match;
end;
$$;

-- The later matches a new winner of p_match changes: the path the old winner took, as far as it went.
create function private.matches_after(p_match public.matches) returns setof public.matches
  language sql stable set search_path = ''
as $$
  with recursive path as (
    select n.*, p_match.winner_entry_id as carried
      from public.matches n
     where n.tournament_id = p_match.tournament_id and n.round = p_match.round + 1 and n.position = (p_match.position + 1) / 2
    union all
    select n.*, path.winner_entry_id
      from path
      join public.matches n on n.tournament_id = path.tournament_id and n.round = path.round + 1 and n.position = (path.position + 1) / 2
     where path.winner_entry_id is not null and path.winner_entry_id = path.carried
  )
  select id, tournament_id, round, position, entry_a, entry_b, winner_entry_id, score_a, score_b, status, scheduled_at,
         confirmed_at, created_at, updated_at, ready_a_at, ready_b_at, room_posted_at, walkover_entry_id, walkover_claimed_at
    from path
   where carried is not null and carried in (entry_a, entry_b);
$$;

-- -----------------------------------------------------------------------------------------------------
-- staff_correct_result: preview, then apply
-- -----------------------------------------------------------------------------------------------------
create function public.staff_correct_result(
  p_match_id uuid, p_winner_entry_id uuid, p_score integer[], p_reason text, p_apply boolean default false
) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_old_winner uuid := v_match.winner_entry_id;
  v_later jsonb;
  v_next public.matches%rowtype;
begin
  if v_match.status <> 'confirmed' or v_match.entry_a is null or v_match.entry_b is null then
    raise exception 'Only a confirmed result between two players can be corrected' using errcode = 'PT409', hint = 'match_not_confirmed';
  end if;
  if exists (select 1 from public.tournaments where id = v_match.tournament_id and settled_at is not null) then
    raise exception 'The prizes of this tournament are credited: results can no longer change' using errcode = 'PT409', hint = 'prizes_credited';
  end if;
  if p_winner_entry_id is null or p_winner_entry_id not in (v_match.entry_a, v_match.entry_b) then
    raise exception 'The winner must be one of the two entries of the match' using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  if p_score is not null and (array_length(p_score, 1) <> 2 or p_score[1] not between 0 and 99 or p_score[2] not between 0 and 99
                              or (p_score[1] > p_score[2] and p_winner_entry_id <> v_match.entry_a)
                              or (p_score[1] < p_score[2] and p_winner_entry_id <> v_match.entry_b)) then
    raise exception 'The score is [a, b] in the order of the entries, and the winner has more goals (or won the shoot-out)'
      using errcode = 'PT400', hint = 'invalid_score';
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('match_id', m.id, 'round', m.round, 'position', m.position, 'status', m.status,
                                               'played', m.status in ('confirmed', 'reported', 'disputed', 'ready'))
                            order by m.round), '[]'::jsonb)
    into v_later
    from private.matches_after(v_match) m
   where p_winner_entry_id <> v_old_winner;

  if not p_apply then
    return jsonb_build_object('match_id', p_match_id, 'winner_changes', p_winner_entry_id <> v_old_winner, 'later_matches', v_later,
                              'applied', false);
  end if;

  if p_winner_entry_id <> v_old_winner then
    -- Reset the path, from the last match back to the first, then put the new winner in.
    for v_next in select * from private.matches_after(v_match) order by round desc loop
      update public.matches
         set entry_a = case when entry_a = v_old_winner then null else entry_a end,
             entry_b = case when entry_b = v_old_winner then null else entry_b end
       where id = v_next.id;
      perform private.reset_match(v_next.id, v_now);
      perform private.audit(v_match.tournament_id, 'match_reset',
                            'Round ' || v_next.round || ' match ' || v_next.position || ' reset after a correction',
                            v_reason, to_jsonb(v_next), null, true, v_staff, null, v_next.id);
    end loop;
    update public.tournaments set finished_at = null where id = v_match.tournament_id and finished_at is not null
       and exists (select 1 from private.matches_after(v_match));
  end if;
  v_match := private.confirm_result(v_match, p_winner_entry_id, p_score[1], p_score[2], 'result_corrected', v_reason, v_staff, true);
  return jsonb_build_object('match_id', p_match_id, 'winner_changes', p_winner_entry_id <> v_old_winner, 'later_matches', v_later,
                            'applied', true);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Dispute outcomes besides setting the result: a replay, or a disqualification
-- -----------------------------------------------------------------------------------------------------
create function public.staff_order_replay(p_match_id uuid, p_note text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_note text := private.require_reason(p_note);
begin
  perform private.require_match_open(v_match);
  update public.match_disputes set settled_at = v_now, settled_by = v_staff, outcome = 'replay', note = v_note
   where match_id = p_match_id and settled_at is null;
  v_match := private.reset_match(p_match_id, v_now);
  perform private.audit(v_match.tournament_id, 'replay_ordered', 'Replay ordered for round ' || v_match.round || ' match ' || v_match.position,
                        v_note, null, jsonb_build_object('scheduled_at', v_match.scheduled_at), true, v_staff, null, v_match.id);
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'scheduled_at', v_match.scheduled_at);
end;
$$;

create function public.staff_disqualify(p_match_id uuid, p_entry_id uuid, p_note text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches := private.lock_match(p_match_id);
  v_staff uuid := private.require_staff('referee', v_match.tournament_id);
  v_note text := private.require_reason(p_note);
  v_winner uuid;
begin
  perform private.require_match_open(v_match);
  if p_entry_id is null or p_entry_id not in (v_match.entry_a, v_match.entry_b) then
    raise exception 'Disqualify one of the two entries of the match' using errcode = 'PT400', hint = 'invalid_winner';
  end if;
  v_winner := case when p_entry_id = v_match.entry_a then v_match.entry_b else v_match.entry_a end;
  update public.entries set status = 'withdrawn', withdrawn_at = v_now, withdraw_reason = 'Disqualified: ' || v_note where id = p_entry_id;
  update public.match_disputes set settled_at = v_now, settled_by = v_staff, outcome = 'disqualified', note = v_note
   where match_id = p_match_id and settled_at is null;
  perform private.audit(v_match.tournament_id, 'disqualified', private.entry_name(p_entry_id) || ' disqualified', v_note, null, null,
                        true, v_staff, p_entry_id, v_match.id);
  v_match := private.confirm_result(v_match, v_winner, null, null, 'walkover', 'The opponent was disqualified', v_staff, true);
  return jsonb_build_object('match_id', p_match_id, 'status', v_match.status, 'winner_entry_id', v_match.winner_entry_id);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- A player's stats from real results
-- -----------------------------------------------------------------------------------------------------
drop function public.get_my_stats();
create function public.get_my_stats()
  returns table (
    total_earnings_paise bigint,
    matches_played integer,
    matches_won integer,
    matches_lost integer,
    goals_scored integer,
    goals_conceded integer,
    titles integer,
    win_rate_percent integer
  )
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
begin
  return query
    with mine as (
      select m.*, e.id as my_entry, case when m.entry_a = e.id then m.score_a else m.score_b end as my_goals,
             case when m.entry_a = e.id then m.score_b else m.score_a end as their_goals,
             m.round = (select max(round) from public.matches x where x.tournament_id = m.tournament_id) as is_final
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
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.place_band(integer, integer) from public;
revoke all on function private.place_label(int4range) from public;
revoke all on function private.ordinal(integer) from public;
revoke all on function private.reset_match(uuid, timestamptz) from public;
revoke all on function private.matches_after(public.matches) from public;
revoke all on function public.get_standings(text) from public;
revoke all on function public.staff_correct_result(uuid, uuid, integer[], text, boolean) from public, anon;
revoke all on function public.staff_order_replay(uuid, text) from public, anon;
revoke all on function public.staff_disqualify(uuid, uuid, text) from public, anon;
revoke all on function public.get_my_stats() from public, anon;
grant execute on function public.get_standings(text) to anon, authenticated, service_role;
grant execute on function public.staff_correct_result(uuid, uuid, integer[], text, boolean) to authenticated;
grant execute on function public.staff_order_replay(uuid, text) to authenticated;
grant execute on function public.staff_disqualify(uuid, uuid, text) to authenticated;
grant execute on function public.get_my_stats() to authenticated, service_role;
