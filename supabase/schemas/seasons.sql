-- =====================================================================================================
-- seasons: season points per ladder, the public leaderboard and player page, and who may appear on them (by a random public id)
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Who is public, by which id --------------------------------------------------------------------------

comment on table private.player_public_ids is 'The id public pages name a player by (/player/?id=…): random, never the account''s user id.';
create table private.player_public_ids (
  player_id uuid not null,
  public_id text default "left"(replace((gen_random_uuid())::text, '-'::text, ''::text), 16) not null,
  constraint player_public_ids_pkey PRIMARY KEY (player_id),
  constraint player_public_ids_public_id_key UNIQUE (public_id),
  constraint player_public_ids_player_id_fkey FOREIGN KEY (player_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint player_public_ids_format CHECK ((public_id ~ '^[0-9a-f]{16}$'::text))
);
alter table private.player_public_ids enable row level security;

-- Seasons and season points ---------------------------------------------------------------------------

comment on table private.season_points is 'Season points per place, one table per ladder (championship, free-cup, pod, or a series id with its own). to_place null: any lower place, having played.';
create table private.season_points (
  ladder text not null,
  from_place integer not null,
  to_place integer,
  points integer not null,
  constraint season_points_pkey PRIMARY KEY (ladder, from_place),
  constraint season_points_ladder_is_a_slug CHECK ((ladder ~ '^[a-z0-9][a-z0-9_-]{1,40}$'::text)),
  constraint season_points_not_negative CHECK ((points >= 0)),
  constraint season_points_places CHECK (((from_place >= 1) AND ((to_place IS NULL) OR (to_place >= from_place))))
);
alter table private.season_points enable row level security;

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.season_points -----------------------------------------------------------------------

insert into private.season_points (ladder, from_place, to_place, points) values
  ('championship', '1', '1', '100'),
  ('championship', '17', '32', '8'),
  ('championship', '2', '2', '70'),
  ('championship', '3', '4', '50'),
  ('championship', '33', null, '3'),
  ('championship', '5', '8', '30'),
  ('championship', '9', '16', '15'),
  ('free-cup', '1', '1', '40'),
  ('free-cup', '17', '32', '3'),
  ('free-cup', '2', '2', '28'),
  ('free-cup', '3', '4', '20'),
  ('free-cup', '33', null, '1'),
  ('free-cup', '5', '8', '12'),
  ('free-cup', '9', '16', '6'),
  ('pod', '1', '1', '10'),
  ('pod', '2', '2', '6'),
  ('pod', '3', '4', '4'),
  ('pod', '5', null, '2')
on conflict (ladder, from_place) do update set to_place = excluded.to_place, points = excluded.points;

-- Who is public, by which id --------------------------------------------------------------------------

comment on function private.profile_is_public(public.profiles,date) is 'The one rule of whether a player may appear on the leaderboard, the player page and the public API: 18 or over on p_today, with an in-game name, not erased. Inlined into its caller''s query (no search_path of its own), so a list of players works out today once and no call per player (private.api_player_names).';
CREATE OR REPLACE FUNCTION private.profile_is_public(p_profile public.profiles, p_today date)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select p_profile.in_game_name is not null and p_profile.erased_at is null
     and private.profile_age_on(p_profile, p_today) >= private.legal_paid_entry_age();
$function$;

comment on function private.player_is_public(uuid) is 'Whether a player may appear on the leaderboard and the player page today (private.profile_is_public, the one rule).';
CREATE OR REPLACE FUNCTION private.player_is_public(p_player uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.profiles p
                  where p.id = p_player and private.profile_is_public(p, private.today_in_india()));
$function$;

-- Seasons and season points ---------------------------------------------------------------------------

comment on function private.season_bounds(text) is 'A season (''YYYY-Qn'', a calendar quarter in IST; null: the current one) → its name and [starts_at, ends_at).';
CREATE OR REPLACE FUNCTION private.season_bounds(p_season text, OUT season text, OUT starts_at timestamp with time zone, OUT ends_at timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_year integer;
  v_quarter integer;
  v_today date := private.today_in_india();
begin
  if p_season is null then
    v_year := extract(year from v_today);
    v_quarter := extract(quarter from v_today);
  elsif p_season ~ '^[0-9]{4}-Q[1-4]$' and left(p_season, 4)::integer between 2000 and 2999 then
    v_year := left(p_season, 4)::integer;
    v_quarter := right(p_season, 1)::integer;
  else
    raise exception 'A season is written like 2026-Q4' using errcode = 'PT400', hint = 'invalid_season';
  end if;
  season := v_year || '-Q' || v_quarter;
  starts_at := make_date(v_year, 3 * v_quarter - 2, 1)::timestamp at time zone 'Asia/Kolkata';
  ends_at := (make_date(v_year, 3 * v_quarter - 2, 1) + interval '3 months')::timestamp at time zone 'Asia/Kolkata';
end;
$function$;

comment on function private.points_ladder_of(public.tournaments) is 'Which season points table a tournament uses: its series'' own when it has one, else championship, free-cup (no fee) or pod (quick formats).';
CREATE OR REPLACE FUNCTION private.points_ladder_of(p_tournament public.tournaments)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when exists (select 1 from private.season_points s where s.ladder = p_tournament.series_id) then p_tournament.series_id
              when p_tournament.series = 'quick' then 'pod'
              when p_tournament.entry_fee_paise = 0 then 'free-cup'
              else 'championship' end;
$function$;

comment on function private.in_series(public.tournaments,text) is 'Whether a tournament belongs to the leaderboard filter p_series: a ladder (championship, free-cup, pod) or a series id; null: every tournament.';
CREATE OR REPLACE FUNCTION private.in_series(p_tournament public.tournaments, p_series text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p_series is null or p_series = private.points_ladder_of(p_tournament) or p_series = p_tournament.series_id;
$function$;

comment on function private.tournament_results(timestamp with time zone,timestamp with time zone,uuid) is 'Each place of a tournament finished in [p_from, p_to) (get_standings'' bands), with its season points: zero for an entry disqualified or that never played (no scored match, no match won).';
CREATE OR REPLACE FUNCTION private.tournament_results(p_from timestamp with time zone, p_to timestamp with time zone, p_player uuid DEFAULT NULL::uuid)
 RETURNS TABLE(tournament_id text, player_id uuid, place text, place_from integer, points integer, finished_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select t.id, e.player_id, band ->> 'place', (band ->> 'from')::integer,
         case when e.status = 'active'
                   and exists (select 1 from public.matches m
                                where m.tournament_id = t.id and e.id in (m.entry_a, m.entry_b) and m.status = 'confirmed'
                                  and m.entry_a is not null and m.entry_b is not null
                                  and (m.score_a is not null or m.winner_entry_id = e.id))
              then coalesce((select s.points from private.season_points s
                              where s.ladder = private.points_ladder_of(t) and s.from_place <= (band ->> 'from')::integer
                                and (s.to_place is null or s.to_place >= (band ->> 'from')::integer)
                              order by s.from_place desc limit 1), 0)
              else 0 end,
         t.finished_at
    from public.tournaments t
   cross join lateral jsonb_array_elements(public.get_standings(t.id)) as band
   cross join lateral jsonb_array_elements(band -> 'entries') as x
    join public.entries e on e.id = (x ->> 'entry_id')::uuid
   where t.finished_at >= p_from and t.finished_at < p_to and t.cancelled_at is null and e.player_id is not null
     and (p_player is null or exists (select 1 from public.entries x where x.tournament_id = t.id and x.player_id = p_player));
$function$;

-- The leaderboard and the player page -----------------------------------------------------------------

comment on function private.leaderboard(text,text) is 'The season''s public players by season points, then rating, then events, then name; with the account''s user id for the caller''s own row.';
CREATE OR REPLACE FUNCTION private.leaderboard(p_season text, p_series text)
 RETURNS TABLE(rank integer, user_id uuid, player_id text, in_game_name text, season_points integer, rating double precision, events integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_season record := private.season_bounds(p_season);
begin
  perform private.require_known_series(p_series);
  return query
    with points as (
      select r.player_id, sum(r.points)::integer as points
        from private.tournament_results(v_season.starts_at, v_season.ends_at) r
        join public.tournaments t on t.id = r.tournament_id
       where private.in_series(t, p_series)
       group by r.player_id
    ), events as (
      select e.player_id, count(distinct t.id)::integer as events
        from public.tournaments t
        join public.entries e on e.tournament_id = t.id
       where t.drawn_at >= v_season.starts_at and t.drawn_at < v_season.ends_at and t.cancelled_at is null
         and e.checked_in_at is not null and e.player_id is not null and private.in_series(t, p_series)
       group by e.player_id
    ), players as (
      select p.player_id from points p union select e.player_id from events e
    ), rows as (
      select pl.player_id as user_id, ids.public_id, pr.in_game_name, coalesce(pt.points, 0) as points, r.rating,
             coalesce(ev.events, 0) as events
        from players pl
        join public.profiles pr on pr.id = pl.player_id
        join private.player_public_ids ids on ids.player_id = pl.player_id
        left join points pt on pt.player_id = pl.player_id
        left join events ev on ev.player_id = pl.player_id
       cross join lateral private.current_rating(pl.player_id) r
       where private.player_is_public(pl.player_id)
    )
    select (row_number() over w)::integer, x.user_id, x.public_id, x.in_game_name, x.points, x.rating, x.events
      from rows x
    window w as (order by x.points desc, x.rating desc, x.events desc, x.in_game_name, x.public_id)
     order by 1;
end;
$function$;

-- Who is public, by which id --------------------------------------------------------------------------

comment on function private.give_player_public_id() is 'Trigger on profiles: gives a new player a public id, once.';
CREATE OR REPLACE FUNCTION private.give_player_public_id()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.player_public_ids (player_id) values (new.id) on conflict (player_id) do nothing;
  return new;
end;
$function$;

-- Seasons and season points ---------------------------------------------------------------------------

comment on function private.require_known_series(text) is 'Refuses a series no ladder or series row names (PT404); null is no series.';
CREATE OR REPLACE FUNCTION private.require_known_series(p_series text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if p_series is not null and not exists (select 1 from private.season_points where ladder = p_series)
     and not exists (select 1 from public.series where id = p_series) then
    raise exception 'No such series' using errcode = 'PT404', hint = 'series_not_found';
  end if;
end;
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Who is public, by which id --------------------------------------------------------------------------

comment on function public.get_my_player_id() is 'The signed-in player''s public id (their /player/?id= page).';
CREATE OR REPLACE FUNCTION public.get_my_player_id()
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return (select public_id from private.player_public_ids where player_id = v_player);
end;
$function$;

-- Seasons and season points ---------------------------------------------------------------------------

comment on function public.get_season_points_table() is 'Anyone: the published season points per place of each ladder, as the leaderboard counts them.';
CREATE OR REPLACE FUNCTION public.get_season_points_table()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('ladder', l.ladder, 'rows', l.rows) order by l.sort, l.ladder), '[]'::jsonb)
    from (select s.ladder,
                 case s.ladder when 'championship' then 1 when 'free-cup' then 2 when 'pod' then 3 else 4 end as sort,
                 jsonb_agg(jsonb_build_object('from_place', s.from_place, 'to_place', s.to_place, 'points', s.points,
                                              'place', case when s.to_place is null then 'Checked in and played'
                                                            else private.place_label(int4range(s.from_place, s.to_place, '[]')) end)
                           order by s.from_place) as rows
            from private.season_points s group by s.ladder) l;
$function$;

-- The leaderboard and the player page -----------------------------------------------------------------

comment on function public.get_leaderboard(text,text) is 'Anyone: the season''s leaderboard (p_season ''YYYY-Qn'' in IST, null: the current one; p_series a ladder or a series id, optional). Players under 18 never appear.';
CREATE OR REPLACE FUNCTION public.get_leaderboard(p_season text DEFAULT NULL::text, p_series text DEFAULT NULL::text)
 RETURNS TABLE(rank integer, player_id text, in_game_name text, season_points integer, rating double precision, events integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select l.rank, l.player_id, l.in_game_name, l.season_points, l.rating, l.events from private.leaderboard(p_season, p_series) l;
$function$;

comment on function public.get_my_leaderboard_row(text,text) is 'The signed-in player''s own row of get_leaderboard (none when they are not on it).';
CREATE OR REPLACE FUNCTION public.get_my_leaderboard_row(p_season text DEFAULT NULL::text, p_series text DEFAULT NULL::text)
 RETURNS TABLE(rank integer, player_id text, in_game_name text, season_points integer, rating double precision, events integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return query
    select l.rank, l.player_id, l.in_game_name, l.season_points, l.rating, l.events
      from private.leaderboard(p_season, p_series) l where l.user_id = v_player;
end;
$function$;

comment on function public.get_player(text) is 'Anyone: a public player''s page (in-game name, rating after the last computed week and its history, this season''s points, results). PT404 for an unknown id and for any player private.player_is_public() hides.';
CREATE OR REPLACE FUNCTION public.get_player(p_player_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid;
  v_season record := private.season_bounds(null);
  v_rating record;
  v_through timestamptz := private.rated_through();
begin
  if p_player_id is null then
    raise exception 'Say which player' using errcode = 'PT400', hint = 'player_id_required';
  end if;
  select ids.player_id into v_player from private.player_public_ids ids where ids.public_id = p_player_id;
  if v_player is null or not private.player_is_public(v_player) then
    raise exception 'No such player' using errcode = 'PT404', hint = 'player_not_found';
  end if;
  v_rating := private.current_rating(v_player);
  return jsonb_build_object(
    'player_id', p_player_id,
    'in_game_name', (select in_game_name from public.profiles where id = v_player),
    'rating', v_rating.rating,
    'deviation', v_rating.deviation,
    'rated_through', case when v_through is null then null else v_through + interval '7 days' end,
    'season', v_season.season,
    'season_points', coalesce((select sum(r.points) from private.tournament_results(v_season.starts_at, v_season.ends_at, v_player) r
                                where r.player_id = v_player), 0),
    'history', coalesce((select jsonb_agg(jsonb_build_object('period_starts_at', r.period_starts_at, 'rating', r.rating,
                                                             'deviation', r.deviation, 'games', r.games) order by r.period_starts_at)
                           from private.player_ratings r where r.player_id = v_player), '[]'::jsonb),
    'results', coalesce((select jsonb_agg(jsonb_build_object('tournament_id', r.tournament_id, 'title', t.title,
                                                             'finished_at', r.finished_at, 'place', r.place, 'points', r.points)
                                          order by r.finished_at desc, r.tournament_id)
                           from private.tournament_results('-infinity', 'infinity', v_player) r
                           join public.tournaments t on t.id = r.tournament_id
                          where r.player_id = v_player), '[]'::jsonb));
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Who is public, by which id --------------------------------------------------------------------------

revoke all on function private.player_is_public(uuid) from public;
revoke all on function private.profile_is_public(public.profiles,date) from public;

-- Seasons and season points ---------------------------------------------------------------------------

revoke all on function private.season_bounds(text) from public;

revoke all on function private.points_ladder_of(public.tournaments) from public;

revoke all on function private.in_series(public.tournaments,text) from public;

revoke all on function private.tournament_results(timestamp with time zone,timestamp with time zone,uuid) from public;

-- The leaderboard and the player page -----------------------------------------------------------------

revoke all on function private.leaderboard(text,text) from public;

-- Who is public, by which id --------------------------------------------------------------------------

revoke all on function private.give_player_public_id() from public;

-- Seasons and season points ---------------------------------------------------------------------------

revoke all on function private.require_known_series(text) from public;

-- Who is public, by which id --------------------------------------------------------------------------

revoke all on function public.get_my_player_id() from anon;
revoke all on function public.get_my_player_id() from public;

-- Seasons and season points ---------------------------------------------------------------------------

revoke all on function public.get_season_points_table() from public;

-- The leaderboard and the player page -----------------------------------------------------------------

revoke all on function public.get_leaderboard(text,text) from public;

revoke all on function public.get_my_leaderboard_row(text,text) from anon;
revoke all on function public.get_my_leaderboard_row(text,text) from public;

revoke all on function public.get_player(text) from public;
