-- =====================================================================================================
-- Seasons: a Glicko-2 rating per weekly period, season points per placement, a public leaderboard and
-- player page
-- =====================================================================================================
-- Rating. Glicko-2 (Glickman, "Example of the Glicko-2 system"), new players 1500 / 350 / 0.06, the system
-- constant τ from the setting rating_tau (0.5). A rating period is a week from Monday 00:00 IST; the
-- periodic job computes each completed week once, in order, from the matches confirmed in it. A match
-- counts when both players played it and a score was recorded: a shoot-out win is a win; byes, walkovers,
-- voids and disqualifications (decided without a score) do not count. Opponents are rated as they stood
-- before the week. A week without games widens a player's deviation (never beyond a new player's).
--
-- Seasons are calendar quarters in IST ('2026-Q4'). Season points come from one table per ladder
-- (championships, free cups, pods; a series id may have its own), by the place get_standings gives an
-- entry of a tournament finished in the season; a player earns them only if they played (a scored match
-- or a match won), never when disqualified. Events are the tournaments a player was checked into and
-- drawn in.
--
-- Public pages name players by a public id (private.player_public_ids), never the account's user id, and
-- only players private.player_is_public() allows: the one visibility rule (18+ with an in-game name).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Glicko-2
-- -----------------------------------------------------------------------------------------------------

insert into private.settings (key, value, note)
values ('rating_tau', '0.5', 'Glicko-2 system constant τ: how much a player''s volatility may change in one rating period (0.3 to 1.2).')
on conflict (key) do nothing;

create function private.rating_tau() returns double precision
language sql stable set search_path = '' as $$
  select coalesce((private.setting('rating_tau') #>> '{}')::double precision, 0.5);
$$;
revoke execute on function private.rating_tau() from public;

create function private.new_player_rating(out rating double precision, out deviation double precision, out volatility double precision)
language sql immutable set search_path = '' as $$ select 1500::double precision, 350::double precision, 0.06::double precision $$;
revoke execute on function private.new_player_rating() from public;

create function private.glicko2_update(p_rating double precision, p_deviation double precision, p_volatility double precision,
                                       p_results jsonb, p_tau double precision)
returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  c_scale constant double precision := 173.7178;
  c_epsilon constant double precision := 0.000001;
  v_mu double precision := (p_rating - 1500) / c_scale;
  v_phi double precision := p_deviation / c_scale;
  v_result jsonb;
  v_mu_j double precision;
  v_g double precision;
  v_e double precision;
  v_inv_v double precision := 0;
  v_sum double precision := 0;
  v_v double precision;
  v_delta double precision;
  v_a double precision;
  v_big_a double precision;
  v_big_b double precision;
  v_c double precision;
  v_fa double precision;
  v_fb double precision;
  v_fc double precision;
  v_k integer;
  v_sigma double precision;
  v_phi_star double precision;
  v_phi_new double precision;
begin
  if p_results is null or jsonb_array_length(p_results) = 0 then
    return jsonb_build_object('rating', p_rating, 'deviation', c_scale * sqrt(v_phi ^ 2 + p_volatility ^ 2), 'volatility', p_volatility);
  end if;
  for v_result in select value from jsonb_array_elements(p_results) loop
    v_mu_j := ((v_result ->> 'rating')::double precision - 1500) / c_scale;
    v_g := 1 / sqrt(1 + 3 * ((v_result ->> 'deviation')::double precision / c_scale) ^ 2 / pi() ^ 2);
    v_e := 1 / (1 + exp(-v_g * (v_mu - v_mu_j)));
    v_inv_v := v_inv_v + v_g ^ 2 * v_e * (1 - v_e);
    v_sum := v_sum + v_g * ((v_result ->> 'score')::double precision - v_e);
  end loop;
  v_v := 1 / v_inv_v;
  v_delta := v_v * v_sum;
  -- The new volatility: the root of f by the Illinois algorithm (step 5 of the paper).
  v_a := ln(p_volatility ^ 2);
  v_big_a := v_a;
  if v_delta ^ 2 > v_phi ^ 2 + v_v then
    v_big_b := ln(v_delta ^ 2 - v_phi ^ 2 - v_v);
  else
    v_k := 1;
    while private.glicko2_f(v_a - v_k * p_tau, v_delta, v_phi, v_v, v_a, p_tau) < 0 loop
      v_k := v_k + 1;
    end loop;
    v_big_b := v_a - v_k * p_tau;
  end if;
  v_fa := private.glicko2_f(v_big_a, v_delta, v_phi, v_v, v_a, p_tau);
  v_fb := private.glicko2_f(v_big_b, v_delta, v_phi, v_v, v_a, p_tau);
  while abs(v_big_b - v_big_a) > c_epsilon loop
    v_c := v_big_a + (v_big_a - v_big_b) * v_fa / (v_fb - v_fa);
    v_fc := private.glicko2_f(v_c, v_delta, v_phi, v_v, v_a, p_tau);
    if v_fc * v_fb <= 0 then
      v_big_a := v_big_b;
      v_fa := v_fb;
    else
      v_fa := v_fa / 2;
    end if;
    v_big_b := v_c;
    v_fb := v_fc;
  end loop;
  v_sigma := exp(v_big_a / 2);
  v_phi_star := sqrt(v_phi ^ 2 + v_sigma ^ 2);
  v_phi_new := 1 / sqrt(1 / v_phi_star ^ 2 + 1 / v_v);
  return jsonb_build_object('rating', c_scale * (v_mu + v_phi_new ^ 2 * v_sum) + 1500,
                            'deviation', c_scale * v_phi_new,
                            'volatility', v_sigma);
end;
$$;
revoke execute on function private.glicko2_update(double precision, double precision, double precision, jsonb, double precision) from public;

create function private.glicko2_f(p_x double precision, p_delta double precision, p_phi double precision, p_v double precision,
                                  p_a double precision, p_tau double precision)
returns double precision
language sql immutable set search_path = '' as $$
  select exp(p_x) * (p_delta ^ 2 - p_phi ^ 2 - p_v - exp(p_x)) / (2 * (p_phi ^ 2 + p_v + exp(p_x)) ^ 2) - (p_x - p_a) / p_tau ^ 2;
$$;
revoke execute on function private.glicko2_f(double precision, double precision, double precision, double precision, double precision, double precision) from public;

create function public.get_rating_update(p_rating double precision, p_deviation double precision, p_volatility double precision,
                                         p_results jsonb default '[]'::jsonb)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_result jsonb;
begin
  if p_rating is null or p_deviation is null or p_volatility is null
     or p_rating not between 0 and 5000 or p_deviation <= 0 or p_deviation > 1000 or p_volatility <= 0 or p_volatility >= 1
     or (p_results is not null and jsonb_typeof(p_results) <> 'array')
     or jsonb_array_length(coalesce(p_results, '[]'::jsonb)) > 1000 then
    raise exception 'A rating is a number from 0 to 5000 with a deviation above 0 (at most 1000), a volatility between 0 and 1 and a list of results'
      using errcode = 'PT400', hint = 'invalid_rating_input';
  end if;
  for v_result in select value from jsonb_array_elements(coalesce(p_results, '[]'::jsonb)) loop
    if jsonb_typeof(v_result) <> 'object' or jsonb_typeof(v_result -> 'rating') is distinct from 'number'
       or jsonb_typeof(v_result -> 'deviation') is distinct from 'number' or jsonb_typeof(v_result -> 'score') is distinct from 'number'
       or (v_result ->> 'rating')::double precision not between 0 and 5000
       or (v_result ->> 'deviation')::double precision <= 0 or (v_result ->> 'deviation')::double precision > 1000
       or (v_result ->> 'score')::numeric not in (0, 0.5, 1) then
      raise exception 'Each result is { rating, deviation, score } with a rating from 0 to 5000, a deviation above 0 and a score of 1, 0.5 or 0'
        using errcode = 'PT400', hint = 'invalid_rating_input';
    end if;
  end loop;
  return private.glicko2_update(p_rating, p_deviation, p_volatility, coalesce(p_results, '[]'::jsonb), private.rating_tau());
end;
$$;
revoke all on function public.get_rating_update(double precision, double precision, double precision, jsonb) from public;
grant execute on function public.get_rating_update(double precision, double precision, double precision, jsonb) to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Weekly rating periods
-- -----------------------------------------------------------------------------------------------------

create function private.rating_week_start(p_at timestamptz) returns timestamptz
language sql stable set search_path = '' as $$
  select date_trunc('week', p_at at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata';
$$;
revoke execute on function private.rating_week_start(timestamptz) from public;

create table private.rating_periods (
  starts_at timestamptz primary key,
  ends_at timestamptz not null,
  computed_at timestamptz not null,
  games integer not null,
  constraint rating_periods_one_week check (ends_at = starts_at + interval '7 days')
);
alter table private.rating_periods enable row level security;

create table private.player_ratings (
  player_id uuid not null references auth.users (id) on delete cascade,
  period_starts_at timestamptz not null references private.rating_periods (starts_at),
  rating double precision not null,
  deviation double precision not null,
  volatility double precision not null,
  games integer not null,
  primary key (player_id, period_starts_at),
  constraint player_ratings_deviation_positive check (deviation > 0),
  constraint player_ratings_games_positive check (games > 0)
);
alter table private.player_ratings enable row level security;

create function private.rated_matches(p_from timestamptz, p_to timestamptz)
returns table (match_id uuid, confirmed_at timestamptz, player_a uuid, player_b uuid, score_a double precision)
language sql stable set search_path = '' as $$
  select m.id, m.confirmed_at, ea.player_id, eb.player_id, case when m.winner_entry_id = m.entry_a then 1 else 0 end
    from public.matches m
    join public.entries ea on ea.id = m.entry_a
    join public.entries eb on eb.id = m.entry_b
   where m.status = 'confirmed' and m.confirmed_at >= p_from and m.confirmed_at < p_to
     and m.score_a is not null and m.winner_entry_id is not null
     and ea.player_id is not null and eb.player_id is not null and ea.player_id <> eb.player_id;
$$;
revoke execute on function private.rated_matches(timestamptz, timestamptz) from public;

create function private.rating_before(p_player uuid, p_period_start timestamptz,
                                      out rating double precision, out deviation double precision, out volatility double precision)
language plpgsql stable set search_path = '' as $$
declare
  c_scale constant double precision := 173.7178;
  v_last private.player_ratings%rowtype;
  v_idle integer;
  v_new record := private.new_player_rating();
begin
  select * into v_last from private.player_ratings r
   where r.player_id = p_player and r.period_starts_at < p_period_start
   order by r.period_starts_at desc limit 1;
  if not found then
    select v_new.rating, v_new.deviation, v_new.volatility into rating, deviation, volatility;
    return;
  end if;
  v_idle := greatest(round(extract(epoch from p_period_start - v_last.period_starts_at) / 604800)::integer - 1, 0);
  rating := v_last.rating;
  volatility := v_last.volatility;
  deviation := least(c_scale * sqrt((v_last.deviation / c_scale) ^ 2 + v_idle * v_last.volatility ^ 2), v_new.deviation);
end;
$$;
revoke execute on function private.rating_before(uuid, timestamptz) from public;

create function private.rated_through() returns timestamptz
language sql stable set search_path = '' as $$ select max(starts_at) from private.rating_periods $$;
revoke execute on function private.rated_through() from public;

create function private.current_rating(p_player uuid,
                                       out rating double precision, out deviation double precision, out volatility double precision)
language sql stable set search_path = '' as $$
  select r.rating, r.deviation, r.volatility
    from private.rating_before(p_player, coalesce(private.rated_through() + interval '7 days', '-infinity'::timestamptz)) r;
$$;
revoke execute on function private.current_rating(uuid) from public;

create function private.compute_rating_period(p_starts_at timestamptz) returns integer
language plpgsql set search_path = '' as $$
declare
  v_games integer;
  v_tau double precision := private.rating_tau();
begin
  insert into private.rating_periods (starts_at, ends_at, computed_at, games)
  values (p_starts_at, p_starts_at + interval '7 days', private.clock_now(),
          (select count(*) from private.rated_matches(p_starts_at, p_starts_at + interval '7 days')))
  on conflict (starts_at) do nothing
  returning games into v_games;
  if v_games is null then
    return null;
  end if;
  with games as (
    select * from private.rated_matches(p_starts_at, p_starts_at + interval '7 days')
  ), sides as (
    select player_a as player, player_b as opponent, score_a as score from games
    union all
    select player_b, player_a, 1 - score_a from games
  ), before as (
    select p.player, r.rating, r.deviation, r.volatility
      from (select distinct player from sides) p
     cross join lateral private.rating_before(p.player, p_starts_at) r
  ), updated as (
    select s.player, count(*)::integer as games,
           private.glicko2_update(b.rating, b.deviation, b.volatility,
                                  jsonb_agg(jsonb_build_object('rating', o.rating, 'deviation', o.deviation, 'score', s.score)),
                                  v_tau) as answer
      from sides s
      join before b on b.player = s.player
      join before o on o.player = s.opponent
     group by s.player, b.rating, b.deviation, b.volatility
  )
  insert into private.player_ratings (player_id, period_starts_at, rating, deviation, volatility, games)
  select player, p_starts_at, (answer ->> 'rating')::double precision,
         least((answer ->> 'deviation')::double precision, (private.new_player_rating()).deviation),
         (answer ->> 'volatility')::double precision, games
    from updated;
  return v_games;
end;
$$;
revoke execute on function private.compute_rating_period(timestamptz) from public;

create function private.run_due_rating_work() returns jsonb
language plpgsql set search_path = '' as $$
declare
  v_current timestamptz := private.rating_week_start(private.clock_now());
  v_next timestamptz;
  v_computed integer := 0;
begin
  v_next := coalesce(private.rated_through() + interval '7 days',
                     private.rating_week_start((select min(confirmed_at) from private.rated_matches('-infinity', 'infinity'))));
  -- A year of weeks at most per pass: a long-idle database catches up over a few passes.
  while v_next is not null and v_next < v_current and v_computed < 52 loop
    if private.compute_rating_period(v_next) is not null then
      v_computed := v_computed + 1;
    end if;
    v_next := v_next + interval '7 days';
  end loop;
  return jsonb_build_object('rating_periods_computed', v_computed);
end;
$$;
revoke execute on function private.run_due_rating_work() from public;

alter table private.due_work_steps drop constraint if exists due_work_steps_area_known;
alter table private.due_work_steps add constraint due_work_steps_area_known check (area in ('foundation', 'auth', 'profile', 'tournaments',
  'payments', 'brackets', 'matches', 'standings', 'payouts', 'notifications', 'staff', 'seasons'));
select private.register_due_work('rating_periods', 'seasons', 'private.run_due_rating_work', 900);

-- -----------------------------------------------------------------------------------------------------
-- Who is public, by which id
-- -----------------------------------------------------------------------------------------------------

create table private.player_public_ids (
  player_id uuid primary key references auth.users (id) on delete cascade,
  public_id text not null unique default left(replace(gen_random_uuid()::text, '-', ''), 16),
  constraint player_public_ids_format check (public_id ~ '^[0-9a-f]{16}$')
);
alter table private.player_public_ids enable row level security;

create function private.give_player_public_id() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.player_public_ids (player_id) values (new.id) on conflict (player_id) do nothing;
  return new;
end;
$$;
revoke execute on function private.give_player_public_id() from public;

create trigger profiles_give_public_id after insert on public.profiles
  for each row execute function private.give_player_public_id();

insert into private.player_public_ids (player_id)
select id from public.profiles on conflict (player_id) do nothing;

create function private.player_is_public(p_player uuid) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.profiles p
                  where p.id = p_player and p.in_game_name is not null
                    and private.profile_age(p) >= private.legal_paid_entry_age());
$$;
revoke execute on function private.player_is_public(uuid) from public;

-- -----------------------------------------------------------------------------------------------------
-- Seasons and season points
-- -----------------------------------------------------------------------------------------------------

create function private.season_bounds(p_season text, out season text, out starts_at timestamptz, out ends_at timestamptz)
language plpgsql stable set search_path = '' as $$
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
$$;
revoke execute on function private.season_bounds(text) from public;

create table private.season_points (
  ladder text not null,
  from_place integer not null,
  to_place integer,
  points integer not null,
  primary key (ladder, from_place),
  constraint season_points_places check (from_place >= 1 and (to_place is null or to_place >= from_place)),
  constraint season_points_not_negative check (points >= 0),
  constraint season_points_ladder_is_a_slug check (ladder ~ '^[a-z0-9][a-z0-9_-]{1,40}$')
);
alter table private.season_points enable row level security;

insert into private.season_points (ladder, from_place, to_place, points) values
  ('championship', 1, 1, 100), ('championship', 2, 2, 70), ('championship', 3, 4, 50), ('championship', 5, 8, 30),
  ('championship', 9, 16, 15), ('championship', 17, 32, 8), ('championship', 33, null, 3),
  ('free-cup', 1, 1, 40), ('free-cup', 2, 2, 28), ('free-cup', 3, 4, 20), ('free-cup', 5, 8, 12),
  ('free-cup', 9, 16, 6), ('free-cup', 17, 32, 3), ('free-cup', 33, null, 1),
  ('pod', 1, 1, 10), ('pod', 2, 2, 6), ('pod', 3, 4, 4), ('pod', 5, null, 2);

create function private.points_ladder_of(p_tournament public.tournaments) returns text
language sql stable set search_path = '' as $$
  select case when exists (select 1 from private.season_points s where s.ladder = p_tournament.series_id) then p_tournament.series_id
              when p_tournament.series = 'quick' then 'pod'
              when p_tournament.entry_fee_paise = 0 then 'free-cup'
              else 'championship' end;
$$;
revoke execute on function private.points_ladder_of(public.tournaments) from public;

create function private.in_series(p_tournament public.tournaments, p_series text) returns boolean
language sql stable set search_path = '' as $$
  select p_series is null or p_series = private.points_ladder_of(p_tournament) or p_series = p_tournament.series_id;
$$;
revoke execute on function private.in_series(public.tournaments, text) from public;

create function private.require_known_series(p_series text) returns void
language plpgsql stable set search_path = '' as $$
begin
  if p_series is not null and not exists (select 1 from private.season_points where ladder = p_series)
     and not exists (select 1 from public.series where id = p_series) then
    raise exception 'No such series' using errcode = 'PT404', hint = 'series_not_found';
  end if;
end;
$$;
revoke execute on function private.require_known_series(text) from public;

create function private.tournament_results(p_from timestamptz, p_to timestamptz, p_player uuid default null)
returns table (tournament_id text, player_id uuid, place text, place_from integer, points integer, finished_at timestamptz)
language sql stable set search_path = '' as $$
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
$$;
revoke execute on function private.tournament_results(timestamptz, timestamptz, uuid) from public;

create function public.get_season_points_table() returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('ladder', l.ladder, 'rows', l.rows) order by l.sort, l.ladder), '[]'::jsonb)
    from (select s.ladder,
                 case s.ladder when 'championship' then 1 when 'free-cup' then 2 when 'pod' then 3 else 4 end as sort,
                 jsonb_agg(jsonb_build_object('from_place', s.from_place, 'to_place', s.to_place, 'points', s.points,
                                              'place', case when s.to_place is null then 'Checked in and played'
                                                            else private.place_label(int4range(s.from_place, s.to_place, '[]')) end)
                           order by s.from_place) as rows
            from private.season_points s group by s.ladder) l;
$$;
revoke all on function public.get_season_points_table() from public;
grant execute on function public.get_season_points_table() to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The leaderboard and the player page
-- -----------------------------------------------------------------------------------------------------

create function private.leaderboard(p_season text, p_series text)
returns table (rank integer, user_id uuid, player_id text, in_game_name text, season_points integer, rating double precision, events integer)
language plpgsql stable set search_path = '' as $$
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
$$;
revoke execute on function private.leaderboard(text, text) from public;

create function public.get_leaderboard(p_season text default null, p_series text default null)
returns table (rank integer, player_id text, in_game_name text, season_points integer, rating double precision, events integer)
language sql stable security definer set search_path = '' as $$
  select l.rank, l.player_id, l.in_game_name, l.season_points, l.rating, l.events from private.leaderboard(p_season, p_series) l;
$$;
revoke all on function public.get_leaderboard(text, text) from public;
grant execute on function public.get_leaderboard(text, text) to anon, authenticated, service_role;

create function public.get_my_leaderboard_row(p_season text default null, p_series text default null)
returns table (rank integer, player_id text, in_game_name text, season_points integer, rating double precision, events integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_player uuid := private.require_player();
begin
  return query
    select l.rank, l.player_id, l.in_game_name, l.season_points, l.rating, l.events
      from private.leaderboard(p_season, p_series) l where l.user_id = v_player;
end;
$$;
revoke all on function public.get_my_leaderboard_row(text, text) from public, anon;
grant execute on function public.get_my_leaderboard_row(text, text) to authenticated, service_role;

create function public.get_player(p_player_id text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
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
$$;
revoke all on function public.get_player(text) from public;
grant execute on function public.get_player(text) to anon, authenticated, service_role;

create function public.get_my_player_id() returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_player uuid := private.require_player();
begin
  return (select public_id from private.player_public_ids where player_id = v_player);
end;
$$;
revoke all on function public.get_my_player_id() from public, anon;
grant execute on function public.get_my_player_id() to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- What each object is for
-- -----------------------------------------------------------------------------------------------------

comment on function private.new_player_rating() is 'A player''s rating before their first rated week: 1500, deviation 350, volatility 0.06.';
comment on function private.glicko2_update(double precision, double precision, double precision, jsonb, double precision) is
  'One Glicko-2 rating period for one player: results [{ rating, deviation, score }] → { rating, deviation, volatility }, unrounded. No results only widens the deviation.';
comment on function public.get_rating_update(double precision, double precision, double precision, jsonb) is
  'Anyone: one Glicko-2 rating period, as the weekly rating applies it (τ from the setting rating_tau). p_results [{ rating, deviation, score }] with score 1, 0.5 or 0.';
comment on function private.rating_week_start(timestamptz) is 'The rating period holding p_at: the week from Monday 00:00 IST.';
comment on table private.rating_periods is 'Each weekly rating period computed, once: from Monday 00:00 IST for seven days.';
comment on table private.player_ratings is 'A player''s rating after each week they played a rated match (idle weeks only widen the deviation, computed on reading).';
comment on function private.rated_matches(timestamptz, timestamptz) is 'Matches that count for the rating, confirmed in [p_from, p_to): both players known and a score recorded. score_a is 1 when a went through (a shoot-out win is a win), else 0.';
comment on function private.rating_before(uuid, timestamptz) is 'A player''s rating as it stood when the period starting p_period_start began: their last rated week, widened by each idle week since.';
comment on function private.rated_through() is 'The start of the last rating period computed (null before the first).';
comment on function private.current_rating(uuid) is 'A player''s rating after the last computed period (what public pages show).';
comment on function private.compute_rating_period(timestamptz) is 'Computes the week starting p_starts_at once: answers its rated games, or null when it was already computed.';
comment on function private.run_due_rating_work() is 'Due work: computes every completed rating week not computed yet, in order, from the week of the first rated match.';
comment on table private.player_public_ids is 'The id public pages name a player by (/player/?id=…): random, never the account''s user id.';
comment on function private.player_is_public(uuid) is 'Whether a player may appear on the leaderboard and the player page: the one rule (18 or over, with an in-game name).';
comment on function private.season_bounds(text) is 'A season (''YYYY-Qn'', a calendar quarter in IST; null: the current one) → its name and [starts_at, ends_at).';
comment on table private.season_points is 'Season points per place, one table per ladder (championship, free-cup, pod, or a series id with its own). to_place null: any lower place, having played.';
comment on function private.points_ladder_of(public.tournaments) is 'Which season points table a tournament uses: its series'' own when it has one, else championship, free-cup (no fee) or pod (quick formats).';
comment on function private.in_series(public.tournaments, text) is 'Whether a tournament belongs to the leaderboard filter p_series: a ladder (championship, free-cup, pod) or a series id; null: every tournament.';
comment on function private.tournament_results(timestamptz, timestamptz, uuid) is 'Each place of a tournament finished in [p_from, p_to) (get_standings'' bands), with its season points: zero for an entry disqualified or that never played (no scored match, no match won).';
comment on function public.get_season_points_table() is 'Anyone: the published season points per place of each ladder, as the leaderboard counts them.';
comment on function private.leaderboard(text, text) is 'The season''s public players by season points, then rating, then events, then name; with the account''s user id for the caller''s own row.';
comment on function public.get_leaderboard(text, text) is 'Anyone: the season''s leaderboard (p_season ''YYYY-Qn'' in IST, null: the current one; p_series a ladder or a series id, optional). Players under 18 never appear.';
comment on function public.get_my_leaderboard_row(text, text) is 'The signed-in player''s own row of get_leaderboard (none when they are not on it).';
comment on function public.get_player(text) is 'Anyone: a public player''s page (in-game name, rating after the last computed week and its history, this season''s points, results). PT404 for an unknown id and for any player private.player_is_public() hides.';
comment on function public.get_my_player_id() is 'The signed-in player''s public id (their /player/?id= page).';
