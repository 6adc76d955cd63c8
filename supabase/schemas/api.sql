-- =====================================================================================================
-- api: the public read API (schema api_v1)
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole.
--
-- api_v1 is what the outside world (bots, stats sites, the embeddable bracket) reads through PostgREST with
-- `Accept-Profile: api_v1` on /rest/v1/<view>. It holds only read-only views over what a visitor may already
-- see on the site, each with a comment on the view and on every column: the OpenAPI description published at
-- /api/v1/openapi.json is generated from those comments (scripts/api/openapi.ts), so they are the reference.
--
-- The views run as their owner (PostgreSQL's default, not security_invoker): like the public functions, they
-- are the curated projection of tables a visitor may not read whole, and every column is chosen here. No column
-- carries an e-mail, legal name, date of birth, age, PAN, UPI id, phone number or account user id; a player is
-- named only under private.api_player_names (18 or over, else 'A player'; erased: 'Deleted player').
-- Anyone may select; nobody is granted insert, update or delete. A breaking change is a new schema (api_v2),
-- the old one kept six months. Each view has one unique key for keyset pagination (docs/api.md).
-- =====================================================================================================

create schema api_v1;
comment on schema api_v1 is 'The public read API, version 1: read-only views over what a visitor may already see (docs/api.md).';
grant usage on schema api_v1 to anon, authenticated, service_role;

-- =====================================================================================================
-- Rules: who is named, and the helpers the views call
-- =====================================================================================================
-- A view reads tables as its owner, but the functions it calls are checked against the caller (PostgreSQL's
-- rule), so the few the views call are security definer helpers anon and authenticated may execute
-- (supabase/tests/foundation-service-functions.test.ts lists them). Each answers only what its view shows;
-- PostgREST never exposes the private schema, so none is an RPC.

-- The name rule lives once, set-based (private.api_player_names): a bracket of 300 entries names each entry once
-- (private.api_entry_names, one call per tournament) instead of running the rule per side of each match, which
-- took 0.25 ms a side. The scalar forms below read the same rule for the webhooks' events and single lookups.

comment on function private.api_player_names(uuid[]) is 'The public name rule, once: for each of these players, the in-game name of a public player (private.profile_is_public: 18 or over, named), ''Deleted player'' once erased, else ''A player'' (a minor). Players without a profile are left out.';
CREATE OR REPLACE FUNCTION private.api_player_names(p_players uuid[])
 RETURNS TABLE(player_id uuid, in_game_name text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Today worked out once (offset 0 keeps it apart), the rule inlined per player.
  select p.id,
         case when p.erased_at is not null then private.deleted_player_name()
              when private.profile_is_public(p, d.today) then p.in_game_name
              else 'A player' end
    from public.profiles p
   cross join (select private.today_in_india() as today offset 0) as d
   where p.id = any (p_players);
$function$;

comment on function private.api_player_name(uuid) is 'One player''s name under private.api_player_names (the rule); null without a player.';
CREATE OR REPLACE FUNCTION private.api_player_name(p_player uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select n.in_game_name from private.api_player_names(array[p_player]) n;
$function$;

comment on function private.api_entry_names(text) is 'For the api_v1 views: every entry of a tournament with its name under private.api_player_names, in one pass (''A player'' for a place nobody has claimed). Its cost is declared so the planner computes it once per tournament of the answer, not once per row.';
CREATE OR REPLACE FUNCTION private.api_entry_names(p_tournament_id text)
 RETURNS TABLE(entry_id uuid, in_game_name text)
 LANGUAGE sql
 STABLE SECURITY DEFINER COST 10000 ROWS 300
 SET search_path TO ''
AS $function$
  select e.id, coalesce(n.in_game_name, 'A player')
    from public.entries e
    left join private.api_player_names(array(select x.player_id from public.entries x
                                              where x.tournament_id = p_tournament_id and x.player_id is not null)) n
      on n.player_id = e.player_id
   where e.tournament_id = p_tournament_id;
$function$;

comment on function private.api_entry_name(uuid) is 'One entry''s name under private.api_player_names (''A player'' for a place nobody has claimed); null without an entry. For the webhooks'' events; the views read private.api_entry_names.';
CREATE OR REPLACE FUNCTION private.api_entry_name(p_entry_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_entry_id is null then null
              else coalesce((select private.api_player_name(e.player_id) from public.entries e where e.id = p_entry_id), 'A player') end;
$function$;

comment on function private.api_standings(text) is 'get_standings of a tournament with each name under private.api_player_names (minors unnamed, erased players ''Deleted player''), the same bands and order: for api_v1.standings and the tournament.finished webhook.';
CREATE OR REPLACE FUNCTION private.api_standings(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(band || jsonb_build_object('entries', (
           select coalesce(jsonb_agg(x || jsonb_build_object('in_game_name', n.names ->> (x ->> 'entry_id')) order by o), '[]'::jsonb)
             from jsonb_array_elements(band -> 'entries') with ordinality as e (x, o))) order by b), '[]'::jsonb)
    from (select jsonb_object_agg(x.entry_id, x.in_game_name) as names from private.api_entry_names(p_tournament_id) x) n
   cross join lateral jsonb_array_elements(public.get_standings(p_tournament_id)) with ordinality as s (band, b);
$function$;

comment on function private.api_named_rows(jsonb,jsonb) is 'Rows that carry an entry_id (a group or Swiss table, a payout record) with in_game_name set from p_names (private.api_entry_names of the tournament as an object), in their order.';
CREATE OR REPLACE FUNCTION private.api_named_rows(p_rows jsonb, p_names jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(r || jsonb_build_object('in_game_name', p_names ->> (r ->> 'entry_id')) order by o), '[]'::jsonb)
    from jsonb_array_elements(p_rows) with ordinality as x (r, o);
$function$;

comment on function private.api_stages(text) is 'For api_v1.stages: the stages of a tournament in play order. Once drawn, each stage the draw made with its settings, and get_bracket''s own stage object (private.stages_json: group tables by the published tie-break, the Swiss table) with names under private.api_player_names; before the draw, the stages the tournament declares.';
CREATE OR REPLACE FUNCTION private.api_stages(p_tournament_id text)
 RETURNS TABLE(stage_no integer, kind text, name text, settings jsonb, drawn boolean, closed_at timestamp with time zone, groups jsonb, swiss_table jsonb)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with made as (
    select s.stage_no, s.kind, s.name, s.settings, s.closed_at, row_number() over (order by s.stage_no) as i
      from public.tournament_stages s where s.tournament_id = p_tournament_id
  ), shown as (
    select j.stage, j.i from jsonb_array_elements(case when exists (select 1 from made) then private.stages_json(p_tournament_id) end)
                             with ordinality as j (stage, i)
  ), names as (
    select case when exists (select 1 from made) then
             (select coalesce(jsonb_object_agg(x.entry_id, x.in_game_name), '{}'::jsonb) from private.api_entry_names(p_tournament_id) x)
           end as n
  )
  select m.stage_no, m.kind, m.name, m.settings, true, m.closed_at,
         case when sh.stage ? 'groups' then (
           select jsonb_agg(g || jsonb_build_object('table', private.api_named_rows(g -> 'table', names.n)) order by o)
             from jsonb_array_elements(sh.stage -> 'groups') with ordinality as x (g, o)) end,
         case when jsonb_typeof(sh.stage -> 'table') = 'array' then private.api_named_rows(sh.stage -> 'table', names.n) end
    from made m cross join names left join shown sh on sh.i = m.i
  union all
  select d.i::integer, d.stage ->> 'kind', d.stage ->> 'name', d.stage - 'kind' - 'name', false, null, null, null
    from public.tournaments t cross join lateral jsonb_array_elements(t.stages) with ordinality as d (stage, i)
   where t.id = p_tournament_id and jsonb_typeof(t.stages) = 'array'
     and not exists (select 1 from public.tournament_stages s where s.tournament_id = p_tournament_id);
$function$;

comment on function private.api_payouts(text) is 'For api_v1.payouts: the public payout record (private.tournament_payouts, what get_tournament_payouts answers) with names under private.api_player_names.';
CREATE OR REPLACE FUNCTION private.api_payouts(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case when jsonb_array_length(r.record) = 0 then r.record
              else private.api_named_rows(r.record,
                     (select coalesce(jsonb_object_agg(x.entry_id, x.in_game_name), '{}'::jsonb) from private.api_entry_names(p_tournament_id) x))
         end
    from (select coalesce(private.tournament_payouts(p_tournament_id), '[]'::jsonb) as record) r;
$function$;

comment on function private.api_tournament_state(public.tournaments) is 'For api_v1.tournaments: the tournament''s state as get_tournament_state answers it, now.';
CREATE OR REPLACE FUNCTION private.api_tournament_state(p_tournament public.tournaments)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.tournament_state(p_tournament, private.clock_now());
$function$;

comment on function private.api_current_season() is 'For api_v1.leaderboard: the current season''s name (''YYYY-Qn'' in IST).';
CREATE OR REPLACE FUNCTION private.api_current_season()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select (private.season_bounds(null)).season;
$function$;

comment on function private.api_public_player(uuid) is 'For api_v1.players: a public player''s in-game name and current rating; nulls for anyone private.player_is_public hides.';
CREATE OR REPLACE FUNCTION private.api_public_player(p_player uuid, OUT in_game_name text, OUT rating double precision, OUT deviation double precision)
 RETURNS record
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.in_game_name, r.rating, r.deviation
    from public.profiles p cross join lateral private.current_rating(p.id) r
   where p.id = p_player and private.player_is_public(p_player);
$function$;

-- =====================================================================================================
-- The views
-- =====================================================================================================

-- Tournaments -----------------------------------------------------------------------------------------

create view api_v1.tournaments with (security_barrier) as
  select t.id, t.title, t.series, st.s ->> 'format' as format, t.format as format_label,
         st.s ->> 'status' as status,
         t.entry_fee_paise, t.prize_pool_paise, t.max_players as capacity, t.filled_slots as entries,
         (st.s ->> 'registration_closes_at')::timestamptz as registration_closes_at,
         (st.s ->> 'check_in_opens_at')::timestamptz as check_in_opens_at,
         (st.s ->> 'check_in_closes_at')::timestamptz as check_in_closes_at,
         t.starts_at, t.drawn_at, (st.s ->> 'current_round')::integer as current_round, t.finished_at, t.cancelled_at, t.cancel_reason,
         t.draw_commitment
    from public.tournaments t
   cross join lateral (select private.api_tournament_state(t) as s) st;
comment on view api_v1.tournaments is 'Every tournament, as its page shows it. Unique key: id (order=id, then id=gt.<last id> for the next page).';
comment on column api_v1.tournaments.id is 'The tournament''s id (a slug), as in /tournaments/<id>/. Unique: the key for keyset pagination.';
comment on column api_v1.tournaments.title is 'The tournament''s title.';
comment on column api_v1.tournaments.series is 'championship (scheduled) or quick (pods that start when full).';
comment on column api_v1.tournaments.format is 'How it is played, as get_tournament_state says: knockout, groups_knockout, swiss or double_elimination.';
comment on column api_v1.tournaments.format_label is 'The format as the catalog words it, e.g. "1v1 Knockout".';
comment on column api_v1.tournaments.status is 'The one status of the site: upcoming, open, full, check_in, live, finished, cancelled (get_tournament_state).';
comment on column api_v1.tournaments.entry_fee_paise is 'Entry fee in paise (100 paise = ₹1); 0 for a free tournament.';
comment on column api_v1.tournaments.prize_pool_paise is 'The prize pool in paise, as published.';
comment on column api_v1.tournaments.capacity is 'Places in the tournament.';
comment on column api_v1.tournaments.entries is 'Places taken.';
comment on column api_v1.tournaments.registration_closes_at is 'When registration closes.';
comment on column api_v1.tournaments.check_in_opens_at is 'When check-in opens.';
comment on column api_v1.tournaments.check_in_closes_at is 'When check-in closes; the draw follows.';
comment on column api_v1.tournaments.starts_at is 'When the first round starts.';
comment on column api_v1.tournaments.drawn_at is 'When the bracket was drawn; null before the draw.';
comment on column api_v1.tournaments.current_round is 'The round being played while live (a play-order number), else null.';
comment on column api_v1.tournaments.finished_at is 'When the final result was confirmed; null until then.';
comment on column api_v1.tournaments.cancelled_at is 'When the tournament was cancelled (entries refunded); null otherwise.';
comment on column api_v1.tournaments.cancel_reason is 'Why it was cancelled, as shown to players.';
comment on column api_v1.tournaments.draw_commitment is 'SHA-256 (hex) of the draw secret, published before the draw; the draw can be verified with it.';

-- Matches ---------------------------------------------------------------------------------------------

create view api_v1.matches with (security_barrier) as
  select m.id, m.tournament_id, m.round, m.position, m.entry_a, m.entry_b,
         n.names ->> m.entry_a::text as player_a, n.names ->> m.entry_b::text as player_b,
         m.status, m.score_a, m.score_b, m.winner_entry_id, m.scheduled_at, m.confirmed_at,
         m.stage_no, coalesce(st.kind, 'knockout') as stage, m.group_name, m.bracket
    from public.tournaments t
   cross join lateral (select jsonb_object_agg(x.entry_id, x.in_game_name) as names from private.api_entry_names(t.id) x) n
    join public.matches m on m.tournament_id = t.id
    left join public.tournament_stages st on st.tournament_id = m.tournament_id and st.stage_no = m.stage_no;
comment on view api_v1.matches is 'Every match of every drawn tournament, as the bracket shows it. Unique key: id (order=id, then id=gt.<last id>); filter by tournament_id.';
comment on column api_v1.matches.id is 'The match''s id (a UUID that sorts by creation), as in /match/?id=. Unique: the key for keyset pagination.';
comment on column api_v1.matches.tournament_id is 'The tournament (api_v1.tournaments.id).';
comment on column api_v1.matches.round is 'The round, in play order: 1 is the first round.';
comment on column api_v1.matches.position is 'The match''s place within its round, top to bottom of the bracket (1-based).';
comment on column api_v1.matches.entry_a is 'The top slot''s entry (a public id of the place, not of the person); null while to be decided.';
comment on column api_v1.matches.entry_b is 'The bottom slot''s entry; null while to be decided, or for a bye.';
comment on column api_v1.matches.player_a is 'The top slot''s in-game name (''A player'' for a player under 18, ''Deleted player'' once erased); null while to be decided.';
comment on column api_v1.matches.player_b is 'The bottom slot''s in-game name, as player_a.';
comment on column api_v1.matches.status is 'pending, bye, scheduled, ready, reported, disputed, confirmed or void.';
comment on column api_v1.matches.score_a is 'Goals of the top slot once reported; null before.';
comment on column api_v1.matches.score_b is 'Goals of the bottom slot once reported; null before.';
comment on column api_v1.matches.winner_entry_id is 'The entry that went through (entry_a or entry_b); null until decided.';
comment on column api_v1.matches.scheduled_at is 'When the match is scheduled to start.';
comment on column api_v1.matches.confirmed_at is 'When the result was confirmed; null before.';
comment on column api_v1.matches.stage_no is 'The stage the match belongs to, in play order (api_v1.stages.stage_no); 1 for a plain knockout.';
comment on column api_v1.matches.stage is 'The kind of its stage, as get_bracket says it: groups, knockout, swiss or double_elimination.';
comment on column api_v1.matches.group_name is 'The group''s letter (A, B, …) for a group-stage match; null otherwise.';
comment on column api_v1.matches.bracket is 'Which bracket of its stage: winners, losers, grand_final, third_place, or null (a plain knockout round, a group or Swiss match).';

-- Standings -------------------------------------------------------------------------------------------

create view api_v1.standings with (security_barrier) as
  select (x ->> 'entry_id')::uuid as entry_id, t.id as tournament_id, band ->> 'place' as place,
         (band ->> 'from')::integer as place_from, (band ->> 'to')::integer as place_to,
         x ->> 'in_game_name' as in_game_name
    from public.tournaments t
   cross join lateral jsonb_array_elements(private.api_standings(t.id)) as band
   cross join lateral jsonb_array_elements(band -> 'entries') as x;
comment on view api_v1.standings is 'The places decided so far in each tournament (all of them once finished), one row per entry; players who share a place share its band. Unique key: entry_id; filter by tournament_id.';
comment on column api_v1.standings.entry_id is 'The entry (as in api_v1.matches). Unique: the key for keyset pagination.';
comment on column api_v1.standings.tournament_id is 'The tournament (api_v1.tournaments.id).';
comment on column api_v1.standings.place is 'The place in words: 1st, 2nd, 3rd–4th, 5th–8th.';
comment on column api_v1.standings.place_from is 'The band''s first place.';
comment on column api_v1.standings.place_to is 'The band''s last place.';
comment on column api_v1.standings.in_game_name is 'The in-game name (''A player'' for a player under 18, ''Deleted player'' once erased).';

-- The leaderboard -------------------------------------------------------------------------------------

create view api_v1.leaderboard with (security_barrier) as
  select l.rank, private.api_current_season() as season, l.player_id, l.in_game_name, l.season_points, l.rating, l.events
    from public.get_leaderboard(null, null) l;
comment on view api_v1.leaderboard is 'This season''s leaderboard (a calendar quarter in IST), as /leaderboard/ shows it; players under 18 never appear. Unique key: rank (order=rank, then rank=gt.<last rank>).';
comment on column api_v1.leaderboard.rank is 'Place on the leaderboard, 1 first: by season points, then rating, then events. Unique: the key for keyset pagination.';
comment on column api_v1.leaderboard.season is 'The season, e.g. 2026-Q4.';
comment on column api_v1.leaderboard.player_id is 'The player''s public id (api_v1.players.player_id), not an account id.';
comment on column api_v1.leaderboard.in_game_name is 'The in-game name.';
comment on column api_v1.leaderboard.season_points is 'Season points from this season''s finished tournaments.';
comment on column api_v1.leaderboard.rating is 'Glicko-2 rating after the last computed week.';
comment on column api_v1.leaderboard.events is 'Tournaments the player checked in to this season.';

-- Players ---------------------------------------------------------------------------------------------

create view api_v1.players with (security_barrier) as
  select ids.public_id as player_id, p.in_game_name, p.rating, p.deviation
    from private.player_public_ids ids
   cross join lateral private.api_public_player(ids.player_id) p
   where p.in_game_name is not null;
comment on view api_v1.players is 'Public players (18 or over, with an in-game name), as /player/?id= shows them. Unique key: player_id (order=player_id, then player_id=gt.<last id>).';
comment on column api_v1.players.player_id is 'The player''s public id, as in /player/?id=; not the account''s user id. Unique: the key for keyset pagination.';
comment on column api_v1.players.in_game_name is 'The in-game name.';
comment on column api_v1.players.rating is 'Glicko-2 rating after the last computed week (1500 before any rated match).';
comment on column api_v1.players.deviation is 'The rating''s deviation: lower is surer.';

-- Stages ----------------------------------------------------------------------------------------------

create view api_v1.stages with (security_barrier) as
  select t.id || '/' || s.stage_no as id, t.id as tournament_id, s.stage_no, s.kind, s.name, s.settings, s.drawn, s.closed_at,
         s.groups, s.swiss_table
    from public.tournaments t
   cross join lateral private.api_stages(t.id) s;
comment on view api_v1.stages is 'The stages of each tournament in play order (groups, knockout, Swiss, double elimination), as get_bracket''s stages: group tables ranked by the published tie-break, the Swiss table. Before the draw, the stages the tournament declares. Unique key: id; filter by tournament_id.';
comment on column api_v1.stages.id is '<tournament id>/<stage_no>. Unique: the key for keyset pagination.';
comment on column api_v1.stages.tournament_id is 'The tournament (api_v1.tournaments.id).';
comment on column api_v1.stages.stage_no is 'The stage''s place in play order, 1 first (api_v1.matches.stage_no).';
comment on column api_v1.stages.kind is 'groups, knockout, swiss or double_elimination.';
comment on column api_v1.stages.name is 'The stage''s name, e.g. Groups or Knockout; before the draw, null when the organiser gave none.';
comment on column api_v1.stages.settings is 'How the stage is played, as the draw set it (groups: group_size, groups, advance { per_group, best_of_next }; knockout: third_place, qualifiers, size) or, before the draw, as declared. Rules only: no player appears here.';
comment on column api_v1.stages.drawn is 'Whether the draw has made this stage (false: declared, not drawn yet).';
comment on column api_v1.stages.closed_at is 'When the stage''s results became final (groups: when the knockout was filled from them); null until then.';
comment on column api_v1.stages.groups is 'For a groups stage: [ { name, table, matches } ], groups A, B, … with table rows { entry_id, in_game_name, played, won, drawn, lost, goals_for, goals_against, goal_difference, points, rank, qualified, decided_by } in rank order and match ids in play order (api_v1.matches.id); null for other stages.';
comment on column api_v1.stages.swiss_table is 'For a Swiss stage: its table, rows { entry_id, in_game_name, played, won, drawn, lost, points, median_buchholz, buchholz, goal_difference, byes, rank } in rank order; null for other stages.';

-- Prizes and the payout record ------------------------------------------------------------------------

create view api_v1.prizes with (security_barrier) as
  select t.id || '/' || (b ->> 'from_place') as id, t.id as tournament_id, b ->> 'band' as band,
         (b ->> 'from_place')::integer as from_place, (b ->> 'to_place')::integer as to_place,
         (b ->> 'amount_paise_each')::bigint as amount_paise_each, (b ->> 'total_paise')::bigint as total_paise
    from public.tournaments t
   cross join lateral jsonb_array_elements(public.get_tournament_prizes(t.id)) as b;
comment on view api_v1.prizes is 'What each band of places pays in each tournament, as its page shows it (get_tournament_prizes); the bands total the prize pool. Unique key: id; filter by tournament_id.';
comment on column api_v1.prizes.id is '<tournament id>/<from_place>. Unique: the key for keyset pagination.';
comment on column api_v1.prizes.tournament_id is 'The tournament (api_v1.tournaments.id).';
comment on column api_v1.prizes.band is 'The places in words: 1st, 2nd, 3rd–4th, 5th–8th.';
comment on column api_v1.prizes.from_place is 'The band''s first place.';
comment on column api_v1.prizes.to_place is 'The band''s last place.';
comment on column api_v1.prizes.amount_paise_each is 'What each place of the band pays, in paise (100 paise = ₹1).';
comment on column api_v1.prizes.total_paise is 'What the band pays in all, in paise.';

create view api_v1.payouts with (security_barrier) as
  select (p ->> 'entry_id')::uuid as entry_id, t.id as tournament_id, p ->> 'place' as place,
         substring(p ->> 'place' from '^[0-9]+')::integer as first_place, p ->> 'in_game_name' as in_game_name,
         (p ->> 'prize_paise')::bigint as prize_paise, p ->> 'status' as status,
         (p ->> 'credited_at')::timestamptz as credited_at, (p ->> 'paid_at')::timestamptz as paid_at, (p ->> 'due_at')::timestamptz as due_at
    from public.tournaments t
   cross join lateral jsonb_array_elements(private.api_payouts(t.id)) as p;
comment on view api_v1.payouts is 'The public payout record of each finished tournament, as its page shows it (get_tournament_payouts): every prize with its place, winner, amount and status; no tax. Unique key: entry_id; filter by tournament_id.';
comment on column api_v1.payouts.entry_id is 'The entry that won the prize (as in api_v1.matches). Unique: the key for keyset pagination.';
comment on column api_v1.payouts.tournament_id is 'The tournament (api_v1.tournaments.id).';
comment on column api_v1.payouts.place is 'The place in words: 1st, 2nd, 3rd–4th.';
comment on column api_v1.payouts.first_place is 'The place''s first number (1 for 1st, 3 for 3rd–4th), to order by.';
comment on column api_v1.payouts.in_game_name is 'The winner''s in-game name (''A player'' for a player under 18, ''Deleted player'' once erased).';
comment on column api_v1.payouts.prize_paise is 'The prize in paise (100 paise = ₹1), before tax.';
comment on column api_v1.payouts.status is 'waiting (the challenge window is open), held, forfeited, credited (to the winner''s balance) or paid (withdrawn to the bank).';
comment on column api_v1.payouts.credited_at is 'When the prize was credited; null before.';
comment on column api_v1.payouts.paid_at is 'When it was paid out; null before.';
comment on column api_v1.payouts.due_at is 'When the challenge window ends and the prize is credited.';

-- =====================================================================================================
-- Access: anyone reads, nobody writes
-- =====================================================================================================

revoke all on function private.api_player_names(uuid[]) from public;
revoke all on function private.api_player_name(uuid) from public;
revoke all on function private.api_entry_name(uuid) from public;
revoke all on function private.api_entry_names(text) from public;
grant execute on function private.api_entry_names(text) to anon, authenticated, service_role;
revoke all on function private.api_standings(text) from public;
revoke all on function private.api_named_rows(jsonb,jsonb) from public;
revoke all on function private.api_stages(text) from public;
grant execute on function private.api_stages(text) to anon, authenticated, service_role;
revoke all on function private.api_payouts(text) from public;
grant execute on function private.api_payouts(text) to anon, authenticated, service_role;
grant execute on function private.api_standings(text) to anon, authenticated, service_role;
revoke all on function private.api_tournament_state(public.tournaments) from public;
grant execute on function private.api_tournament_state(public.tournaments) to anon, authenticated, service_role;
revoke all on function private.api_current_season() from public;
grant execute on function private.api_current_season() to anon, authenticated, service_role;
revoke all on function private.api_public_player(uuid) from public;
grant execute on function private.api_public_player(uuid) to anon, authenticated, service_role;
revoke all on table api_v1.tournaments from public, anon, authenticated, service_role;
grant select on table api_v1.tournaments to anon, authenticated, service_role;
revoke all on table api_v1.matches from public, anon, authenticated, service_role;
grant select on table api_v1.matches to anon, authenticated, service_role;
revoke all on table api_v1.standings from public, anon, authenticated, service_role;
grant select on table api_v1.standings to anon, authenticated, service_role;
revoke all on table api_v1.leaderboard from public, anon, authenticated, service_role;
grant select on table api_v1.leaderboard to anon, authenticated, service_role;
revoke all on table api_v1.players from public, anon, authenticated, service_role;
grant select on table api_v1.players to anon, authenticated, service_role;
revoke all on table api_v1.stages from public, anon, authenticated, service_role;
grant select on table api_v1.stages to anon, authenticated, service_role;
revoke all on table api_v1.prizes from public, anon, authenticated, service_role;
grant select on table api_v1.prizes to anon, authenticated, service_role;
revoke all on table api_v1.payouts from public, anon, authenticated, service_role;
grant select on table api_v1.payouts to anon, authenticated, service_role;
