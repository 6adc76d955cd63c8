-- =====================================================================================================
-- ratings: the Glicko-2 rating by weekly period, computed from confirmed results, and the same update for anyone
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Weekly rating periods -------------------------------------------------------------------------------

comment on table private.rating_periods is 'Each weekly rating period computed, once: from Monday 00:00 IST for seven days.';
create table private.rating_periods (
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  computed_at timestamp with time zone not null,
  games integer not null,
  constraint rating_periods_pkey PRIMARY KEY (starts_at),
  constraint rating_periods_one_week CHECK ((ends_at = (starts_at + '7 days'::interval)))
);
alter table private.rating_periods enable row level security;

comment on table private.player_ratings is 'A player''s rating after each week they played a rated match (idle weeks only widen the deviation, computed on reading).';
create table private.player_ratings (
  player_id uuid not null,
  period_starts_at timestamp with time zone not null,
  rating double precision not null,
  deviation double precision not null,
  volatility double precision not null,
  games integer not null,
  constraint player_ratings_pkey PRIMARY KEY (player_id, period_starts_at),
  constraint player_ratings_period_starts_at_fkey FOREIGN KEY (period_starts_at) REFERENCES private.rating_periods(starts_at),
  constraint player_ratings_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.profiles(id) ON DELETE CASCADE,
  constraint player_ratings_deviation_positive CHECK ((deviation > (0)::double precision)),
  constraint player_ratings_games_positive CHECK ((games > 0))
);
alter table private.player_ratings enable row level security;

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('rating_periods', 'ratings', 'private.run_due_rating_work', '900', '15')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Glicko-2 --------------------------------------------------------------------------------------------

comment on function private.new_player_rating() is 'A player''s rating before their first rated week: 1500, deviation 350, volatility 0.06.';
CREATE OR REPLACE FUNCTION private.new_player_rating(OUT rating double precision, OUT deviation double precision, OUT volatility double precision)
 RETURNS record
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 1500::double precision, 350::double precision, 0.06::double precision $function$;

comment on function private.glicko2_update(double precision,double precision,double precision,jsonb,double precision) is 'One Glicko-2 rating period for one player: results [{ rating, deviation, score }] → { rating, deviation, volatility }, unrounded. No results only widens the deviation.';
CREATE OR REPLACE FUNCTION private.glicko2_update(p_rating double precision, p_deviation double precision, p_volatility double precision, p_results jsonb, p_tau double precision)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.rating_tau() is 'Glicko-2''s system constant: the rating_tau setting, else 0.5.';
CREATE OR REPLACE FUNCTION private.rating_tau()
 RETURNS double precision
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((private.setting('rating_tau') #>> '{}')::double precision, 0.5);
$function$;

comment on function private.glicko2_f(double precision,double precision,double precision,double precision,double precision,double precision) is 'Glicko-2''s f(x), whose root is the new volatility (step 5 of Glickman''s algorithm).';
CREATE OR REPLACE FUNCTION private.glicko2_f(p_x double precision, p_delta double precision, p_phi double precision, p_v double precision, p_a double precision, p_tau double precision)
 RETURNS double precision
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select exp(p_x) * (p_delta ^ 2 - p_phi ^ 2 - p_v - exp(p_x)) / (2 * (p_phi ^ 2 + p_v + exp(p_x)) ^ 2) - (p_x - p_a) / p_tau ^ 2;
$function$;

-- Weekly rating periods -------------------------------------------------------------------------------

comment on function private.rating_week_start(timestamp with time zone) is 'The rating period holding p_at: the week from Monday 00:00 IST.';
CREATE OR REPLACE FUNCTION private.rating_week_start(p_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select date_trunc('week', p_at at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata';
$function$;

comment on function private.rated_matches(timestamp with time zone,timestamp with time zone) is 'Matches that count for the rating, confirmed in [p_from, p_to): both players known and a score recorded. score_a is 1 when a went through (a shoot-out win is a win), 0.5 for a draw (a level score with no winner: groups and Swiss), else 0.';
CREATE OR REPLACE FUNCTION private.rated_matches(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(match_id uuid, confirmed_at timestamp with time zone, player_a uuid, player_b uuid, score_a double precision)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select m.id, m.confirmed_at, ea.player_id, eb.player_id,
         case when m.winner_entry_id = m.entry_a then 1 when m.winner_entry_id is null then 0.5 else 0 end
    from public.matches m
    join public.entries ea on ea.id = m.entry_a
    join public.entries eb on eb.id = m.entry_b
   where m.status = 'confirmed' and m.confirmed_at >= p_from and m.confirmed_at < p_to
     and m.score_a is not null and (m.winner_entry_id is not null or m.score_a = m.score_b)
     and ea.player_id is not null and eb.player_id is not null and ea.player_id <> eb.player_id;
$function$;

comment on function private.rating_before(uuid,timestamp with time zone) is 'A player''s rating as it stood when the period starting p_period_start began: their last rated week, widened by each idle week since.';
CREATE OR REPLACE FUNCTION private.rating_before(p_player uuid, p_period_start timestamp with time zone, OUT rating double precision, OUT deviation double precision, OUT volatility double precision)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.rated_through() is 'The start of the last rating period computed (null before the first).';
CREATE OR REPLACE FUNCTION private.rated_through()
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select max(starts_at) from private.rating_periods $function$;

comment on function private.current_rating(uuid) is 'A player''s rating after the last computed period (what public pages show).';
CREATE OR REPLACE FUNCTION private.current_rating(p_player uuid, OUT rating double precision, OUT deviation double precision, OUT volatility double precision)
 RETURNS record
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select r.rating, r.deviation, r.volatility
    from private.rating_before(p_player, coalesce(private.rated_through() + interval '7 days', '-infinity'::timestamptz)) r;
$function$;

comment on function private.compute_rating_period(timestamp with time zone) is 'Computes the week starting p_starts_at once: answers its rated games, or null when it was already computed.';
CREATE OR REPLACE FUNCTION private.compute_rating_period(p_starts_at timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.run_due_rating_work() is 'Due work: computes every completed rating week not computed yet, in order, from the week of the first rated match.';
CREATE OR REPLACE FUNCTION private.run_due_rating_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.reopen_rating_weeks(timestamp with time zone) is 'Forgets the ratings of the week holding p_at and of every later week, when that week was rated: the due work rates them again, in order.';
CREATE OR REPLACE FUNCTION private.reopen_rating_weeks(p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_week timestamptz := private.rating_week_start(p_at);
begin
  if p_at is null or v_week > coalesce(private.rated_through(), '-infinity'::timestamptz) then
    return;
  end if;
  delete from private.player_ratings where period_starts_at >= v_week;
  delete from private.rating_periods where starts_at >= v_week;
end;
$function$;

comment on function private.reopen_rated_weeks_of_match() is 'Trigger: a confirmed match that changes (corrected, reset, voided or moved) reopens the rated weeks from the one it counted in.';
CREATE OR REPLACE FUNCTION private.reopen_rated_weeks_of_match()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.reopen_rating_weeks(old.confirmed_at);
  return null;
end;
$function$;

-- A player's ratings in their data --------------------------------------------------------------------

comment on function private.export_rating(uuid) is 'Download my data, the rating section: the player''s public id and rating week by week.';
CREATE OR REPLACE FUNCTION private.export_rating(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'player_id', (select i.public_id from private.player_public_ids i where i.player_id = p_user),
    'weeks', coalesce((select jsonb_agg(jsonb_build_object('week_from', r.period_starts_at, 'rating', r.rating,
                                                           'deviation', r.deviation, 'volatility', r.volatility)
                                        order by r.period_starts_at)
                         from private.player_ratings r where r.player_id = p_user), '[]'::jsonb));
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Glicko-2 --------------------------------------------------------------------------------------------

comment on function public.get_rating_update(double precision,double precision,double precision,jsonb) is 'Anyone: one Glicko-2 rating period, as the weekly rating applies it (τ from the setting rating_tau). p_results [{ rating, deviation, score }] with score 1, 0.5 or 0.';
CREATE OR REPLACE FUNCTION public.get_rating_update(p_rating double precision, p_deviation double precision, p_volatility double precision, p_results jsonb DEFAULT '[]'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Glicko-2 --------------------------------------------------------------------------------------------

revoke all on function private.new_player_rating() from public;

revoke all on function private.glicko2_update(double precision,double precision,double precision,jsonb,double precision) from public;

revoke all on function private.rating_tau() from public;

revoke all on function private.glicko2_f(double precision,double precision,double precision,double precision,double precision,double precision) from public;

revoke all on function public.get_rating_update(double precision,double precision,double precision,jsonb) from public;

-- Weekly rating periods -------------------------------------------------------------------------------

revoke all on function private.rating_week_start(timestamp with time zone) from public;

revoke all on function private.rated_matches(timestamp with time zone,timestamp with time zone) from public;

revoke all on function private.rating_before(uuid,timestamp with time zone) from public;

revoke all on function private.rated_through() from public;

revoke all on function private.current_rating(uuid) from public;

revoke all on function private.compute_rating_period(timestamp with time zone) from public;

revoke all on function private.run_due_rating_work() from public;

revoke all on function private.reopen_rating_weeks(timestamp with time zone) from public;

revoke all on function private.reopen_rated_weeks_of_match() from public;

-- A player's ratings in their data --------------------------------------------------------------------

revoke all on function private.export_rating(uuid) from public;
