-- =====================================================================================================
-- seasons: seasons: the waitlist that fills the places of no-shows, the Glicko-2 rating by weekly period, season points, the public leaderboard and player page
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Recurring series and overrides ----------------------------------------------------------------------

comment on table public.recurring_series is 'Series whose editions the calendar makes by itself (catalog: src/content/tournaments/recurring, written by npm run catalog:sync).';
create table public.recurring_series (
  id text not null,
  title_template text not null,
  format text not null,
  entry_fee_paise integer not null,
  prize_pool_paise integer not null,
  winner_prize_paise integer,
  prize_formula jsonb default '[]'::jsonb not null,
  max_players integer not null,
  week_of_month integer not null,
  weekday integer not null,
  local_time time without time zone not null,
  first_month date not null,
  last_month date,
  horizon_months integer default 3 not null,
  active boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint recurring_series_pkey PRIMARY KEY (id),
  constraint recurring_series_capacity_range CHECK (((max_players >= 2) AND (max_players <= 1000))),
  constraint recurring_series_entry_fee_not_negative CHECK ((entry_fee_paise >= 0)),
  constraint recurring_series_format_present CHECK ((char_length(btrim(format)) > 0)),
  constraint recurring_series_horizon_range CHECK (((horizon_months >= 3) AND (horizon_months <= 24))),
  constraint recurring_series_id_is_a_slug CHECK ((id ~ '^[a-z0-9][a-z0-9-]{1,40}$'::text)),
  constraint recurring_series_months_are_months CHECK (((EXTRACT(day FROM first_month) = (1)::numeric) AND ((last_month IS NULL) OR ((EXTRACT(day FROM last_month) = (1)::numeric) AND (last_month >= first_month))))),
  constraint recurring_series_prize_formula_is_a_list CHECK ((jsonb_typeof(prize_formula) = 'array'::text)),
  constraint recurring_series_prize_pool_not_negative CHECK ((prize_pool_paise >= 0)),
  constraint recurring_series_title_names_the_month CHECK (((char_length(title_template) >= 3) AND (char_length(title_template) <= 60) AND (POSITION(('{month}'::text) IN (title_template)) > 0) AND (POSITION(('{year}'::text) IN (title_template)) > 0))),
  constraint recurring_series_week_known CHECK ((((week_of_month >= 1) AND (week_of_month <= 4)) OR (week_of_month = '-1'::integer))),
  constraint recurring_series_weekday_known CHECK (((weekday >= 0) AND (weekday <= 6))),
  constraint recurring_series_winner_prize_within_pool CHECK (((winner_prize_paise IS NULL) OR ((winner_prize_paise >= 0) AND (winner_prize_paise <= prize_pool_paise))))
);
alter table public.recurring_series enable row level security;
comment on column public.recurring_series.week_of_month is '1 to 4: the first to fourth such weekday of the month; -1: the last one.';
comment on column public.recurring_series.weekday is '0 = Sunday ... 6 = Saturday, as extract(dow ...) counts.';
comment on column public.recurring_series.local_time is 'The start, in India Standard Time.';
comment on column public.recurring_series.horizon_months is 'The horizon: editions exist for the current IST month and the horizon_months + 1 months after it, so always more than horizon_months months ahead.';

comment on table public.edition_overrides is 'One edition of a recurring series moved, renamed, resized or cancelled (catalog: src/content/tournaments/overrides, written by npm run catalog:sync).';
create table public.edition_overrides (
  edition_id text not null,
  series_id text not null,
  note text not null,
  starts_at timestamp with time zone,
  title text,
  max_players integer,
  cancel_reason text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint edition_overrides_pkey PRIMARY KEY (edition_id),
  constraint edition_overrides_series_id_fkey FOREIGN KEY (series_id) REFERENCES public.recurring_series(id),
  constraint edition_overrides_cancel_reason_length CHECK (((cancel_reason IS NULL) OR ((char_length(cancel_reason) >= 10) AND (char_length(cancel_reason) <= 500)))),
  constraint edition_overrides_capacity_range CHECK (((max_players IS NULL) OR ((max_players >= 2) AND (max_players <= 1000)))),
  constraint edition_overrides_change_something CHECK (((starts_at IS NOT NULL) OR (title IS NOT NULL) OR (max_players IS NOT NULL) OR (cancel_reason IS NOT NULL))),
  constraint edition_overrides_id_of_its_series CHECK ((edition_id ~ (('^'::text || series_id) || '-[0-9]{4}-(0[1-9]|1[0-2])$'::text))),
  constraint edition_overrides_note_length CHECK (((char_length(note) >= 3) AND (char_length(note) <= 200))),
  constraint edition_overrides_title_length CHECK (((title IS NULL) OR ((char_length(title) >= 3) AND (char_length(title) <= 80))))
);
alter table public.edition_overrides enable row level security;

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

-- The waitlist: joining, reading a place --------------------------------------------------------------

comment on table public.waitlist_places is 'A player''s place on the waitlist of a full tournament, in joining order (number). Written only by the waitlist functions; a player reads their own.';
create table public.waitlist_places (
  id uuid default gen_random_uuid() not null,
  number bigint generated always as identity not null,
  tournament_id text not null,
  player_id uuid not null,
  payment_id uuid,
  status text default 'waiting'::text not null,
  joined_at timestamp with time zone not null,
  checked_in_at timestamp with time zone,
  entry_id uuid,
  closed_at timestamp with time zone,
  constraint waitlist_places_pkey PRIMARY KEY (id),
  constraint waitlist_places_number_key UNIQUE (number),
  constraint waitlist_places_one_per_payment UNIQUE (payment_id),
  constraint waitlist_places_one_per_player UNIQUE (tournament_id, player_id),
  constraint waitlist_places_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.entries(id),
  constraint waitlist_places_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id),
  constraint waitlist_places_player_id_fkey FOREIGN KEY (player_id) REFERENCES public.profiles(id),
  constraint waitlist_places_tournament_id_fkey FOREIGN KEY (tournament_id) REFERENCES public.tournaments(id),
  constraint waitlist_places_closed_when_not_waiting CHECK (((status = 'waiting'::text) = (closed_at IS NULL))),
  constraint waitlist_places_promoted_has_entry CHECK (((status = 'promoted'::text) = (entry_id IS NOT NULL))),
  constraint waitlist_places_status_known CHECK ((status = ANY (ARRAY['waiting'::text, 'promoted'::text, 'refunded'::text, 'released'::text])))
);
CREATE INDEX waitlist_places_in_order ON public.waitlist_places USING btree (tournament_id, status, number);
alter table public.waitlist_places enable row level security;
comment on column public.waitlist_places.payment_id is 'The payment made when joining a paid tournament; null on a free one.';
comment on column public.waitlist_places.status is 'waiting: on the waitlist. promoted: given an empty place at check-in close (entry_id). refunded: not promoted, or its payment refunded: the fee goes back. released: a free place not promoted.';
comment on column public.waitlist_places.checked_in_at is 'Set by check_in: only checked-in waitlisted players are promoted.';

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order) values
  ('rating_periods', 'seasons', 'private.run_due_rating_work', '900'),
  ('recurring_editions', 'seasons', 'private.top_up_editions', '190')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order;

-- Rows of private.status_transitions ------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('waitlist_place', null, 'waiting', null),
  ('waitlist_place', 'waiting', 'promoted', '{private.fill_places_from_waitlist}'),
  ('waitlist_place', 'waiting', 'refunded', '{private.fill_places_from_waitlist,private.waitlist_follows_payment}'),
  ('waitlist_place', 'waiting', 'released', '{private.fill_places_from_waitlist,private.end_play_without_consent,public.leave_waitlist}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

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

-- The expansion ---------------------------------------------------------------------------------------

comment on function private.edition_day(integer,integer,date) is 'The day of the month (p_month: its first day) of the p_week-th (-1: last) weekday p_weekday.';
CREATE OR REPLACE FUNCTION private.edition_day(p_week integer, p_weekday integer, p_month date)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when p_week = -1 then
      extract(day from (p_month + interval '1 month' - interval '1 day'))::integer
        - ((extract(dow from (p_month + interval '1 month' - interval '1 day'))::integer - p_weekday + 7) % 7)
    else 1 + ((p_weekday - extract(dow from p_month)::integer + 7) % 7) + (p_week - 1) * 7
  end;
$function$;

comment on function private.planned_editions(timestamp with time zone,integer) is 'Every edition the recurring series hold at p_now (the IST month of p_now and the horizon_months + 1 after it, plus p_extra_months), with their overrides, leaving out those whose registration would be closed. The twin of expandEditions in src/features/seasons/recurrence.ts.';
CREATE OR REPLACE FUNCTION private.planned_editions(p_now timestamp with time zone, p_extra_months integer DEFAULT 0)
 RETURNS TABLE(id text, series_id text, title text, format text, entry_fee_paise integer, prize_pool_paise integer, winner_prize_paise integer, prize_formula jsonb, max_players integer, starts_at timestamp with time zone, creates_at timestamp with time zone, cancel_reason text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with current_month as (
    select (extract(year from p_now at time zone 'Asia/Kolkata')::integer * 12
            + extract(month from p_now at time zone 'Asia/Kolkata')::integer - 1) as idx
  ),
  months as (
    select s.*, m.idx,
           make_date(m.idx / 12, m.idx % 12 + 1, 1) as month_start,
           s.id || '-' || (m.idx / 12)::text || '-' || lpad((m.idx % 12 + 1)::text, 2, '0') as edition_id
      from public.recurring_series as s
      cross join current_month as c
      cross join lateral generate_series(
        greatest(c.idx, extract(year from s.first_month)::integer * 12 + extract(month from s.first_month)::integer - 1),
        least(c.idx + s.horizon_months + 1 + coalesce(p_extra_months, 0),
              coalesce(extract(year from s.last_month)::integer * 12 + extract(month from s.last_month)::integer - 1,
                       c.idx + s.horizon_months + 1 + coalesce(p_extra_months, 0)))
      ) as m(idx)
     where s.active
  ),
  planned as (
    select m.edition_id as id, m.id as series_id,
           coalesce(o.title, replace(replace(m.title_template, '{month}', to_char(m.month_start, 'FMMonth')),
                                     '{year}', (m.idx / 12)::text)) as title,
           m.format, m.entry_fee_paise, m.prize_pool_paise, m.winner_prize_paise, m.prize_formula,
           coalesce(o.max_players, m.max_players) as max_players,
           coalesce(o.starts_at,
                    ((m.month_start + (private.edition_day(m.week_of_month, m.weekday, m.month_start) - 1)) + m.local_time)
                      at time zone 'Asia/Kolkata') as starts_at,
           (make_date((m.idx - m.horizon_months - 1) / 12, (m.idx - m.horizon_months - 1) % 12 + 1, 1)::timestamp
              at time zone 'Asia/Kolkata') as creates_at,
           o.cancel_reason
      from months as m
      left join public.edition_overrides as o on o.edition_id = m.edition_id
  )
  -- Registration closes when check-in opens, 24 hours before the start (private.tournament_check_in_opens_at
  -- for a championship-kind row): an edition that could take no entry is not made.
  select * from planned as p
   where p.starts_at - interval '24 hours' > p_now
   order by p.starts_at, p.id;
$function$;

-- The periodic top-up ---------------------------------------------------------------------------------

comment on function private.cancel_edition_by_override(text,text) is 'Cancels an edition a cancelling override names, as staff_cancel_tournament does: players told, paid entries refunded, the audit log written.';
CREATE OR REPLACE FUNCTION private.cancel_edition_by_override(p_tournament_id text, p_reason text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_title text;
  v_player record;
  v_refunds integer;
begin
  select title into v_title from public.tournaments where id = p_tournament_id;
  for v_player in
    select distinct u.id, u.email from public.entries e
      join auth.users u on u.id in (e.player_id, e.buyer_id)
     where e.tournament_id = p_tournament_id and e.status <> 'cancelled' and u.email is not null
  loop
    perform private.queue_email(
      'tournament-cancelled-' || p_tournament_id || '-' || v_player.id, v_player.email,
      v_title || ' has been cancelled',
      v_title || ' has been cancelled by the organisers.' || E'\n\nReason: ' || p_reason || E'\n\n'
        || 'Every paid entry is refunded in full to the card, UPI or account it was paid with; banks usually show it within 5 to 7 working days.',
      '/my-tournaments');
  end loop;
  v_refunds := private.cancel_tournament(p_tournament_id, p_reason, v_now);
  perform private.audit(p_tournament_id, 'tournament_cancelled', 'Tournament cancelled', p_reason,
                        jsonb_build_object('status', 'open'),
                        jsonb_build_object('status', 'cancelled', 'refunds_queued', v_refunds), true, null);
  return v_refunds;
end;
$function$;

comment on function private.top_up_editions() is 'The periodic step of the calendar: creates every planned edition that does not exist yet (each with its committed draw secret) and cancels the existing editions a cancelling override names. Never changes or retires another edition.';
CREATE OR REPLACE FUNCTION private.top_up_editions()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_created integer;
  v_cancelled integer := 0;
  v_edition record;
begin
  insert into public.tournaments (
    id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live,
    starts_at, prize_formula, series_id, edition_of
  )
  select p.id, p.title, 'championship', p.format, p.entry_fee_paise, p.prize_pool_paise, p.winner_prize_paise,
         p.max_players, true, p.starts_at, p.prize_formula,
         -- Like every championship-kind edition the catalog sync links (its round interval).
         (select s.id from public.series s where s.id = 'championship'), p.series_id
    from private.planned_editions(v_now) as p
   where p.cancel_reason is null
     and not exists (select 1 from public.tournaments t where t.id = p.id)
   order by p.starts_at, p.id
  on conflict (id) do nothing;
  get diagnostics v_created = row_count;

  for v_edition in
    select t.id, o.cancel_reason
      from public.edition_overrides o
      join public.tournaments t on t.id = o.edition_id
     where o.cancel_reason is not null and t.cancelled_at is null and t.drawn_at is null and t.finished_at is null
     order by t.id
     for update of t skip locked
  loop
    perform private.cancel_edition_by_override(v_edition.id, v_edition.cancel_reason);
    v_cancelled := v_cancelled + 1;
  end loop;
  return jsonb_build_object('editions_created', v_created, 'editions_cancelled', v_cancelled);
end;
$function$;

-- The waitlist: joining, reading a place --------------------------------------------------------------

comment on function private.waitlist_capacity(integer) is 'How many players a tournament''s waitlist holds: a tenth of its capacity, rounded up.';
CREATE OR REPLACE FUNCTION private.waitlist_capacity(p_max_players integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select ((p_max_players + 9) / 10)::integer $function$;

comment on function private.tournament_page_link(public.tournaments) is 'The site path of a tournament''s page (a pod''s shell page, or a championship''s own page).';
CREATE OR REPLACE FUNCTION private.tournament_page_link(p_tournament public.tournaments)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select case when p_tournament.series = 'quick' then '/pod/?id=' || p_tournament.id else '/tournaments/' || p_tournament.id end $function$;

comment on function private.waitlist_takes_joins(public.tournaments,timestamp with time zone) is 'Whether a tournament''s waitlist takes a join now: every place taken, until check-in closes.';
CREATE OR REPLACE FUNCTION private.waitlist_takes_joins(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return p_tournament.drawn_at is null and p_tournament.cancelled_at is null
     and p_tournament.filled_slots >= p_tournament.max_players
     and private.tournament_status(p_tournament, p_now) in ('full', 'check-in')
     and p_now < private.tournament_check_in_closes_at(p_tournament)
     and p_now < p_tournament.starts_at;
end;
$function$;

comment on function private.waitlist_refusal(public.tournaments,uuid,timestamp with time zone) is 'Why a player may not join a tournament''s waitlist now (a hint code), or null. Read under the tournament''s row lock when it decides.';
CREATE OR REPLACE FUNCTION private.waitlist_refusal(p_tournament public.tournaments, p_player uuid, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if private.tournament_status(p_tournament, p_now) = 'open' and p_tournament.filled_slots < p_tournament.max_players then
    return 'not_full';
  end if;
  if not private.waitlist_takes_joins(p_tournament, p_now) then
    return 'waitlist_closed';
  end if;
  if exists (select 1 from public.entries e where e.tournament_id = p_tournament.id and e.player_id = p_player)
     or exists (select 1 from public.tournament_registrations r
                 where r.tournament_id = p_tournament.id and r.user_id = p_player and r.status <> 'cancelled') then
    return 'already_registered';
  end if;
  if exists (select 1 from public.waitlist_places w where w.tournament_id = p_tournament.id and w.player_id = p_player) then
    return 'already_on_waitlist';
  end if;
  if (select count(*) from public.waitlist_places w where w.tournament_id = p_tournament.id and w.status = 'waiting')
     >= private.waitlist_capacity(p_tournament.max_players) then
    return 'waitlist_full';
  end if;
  return null;
end;
$function$;

comment on function private.waitlist_position(public.waitlist_places) is 'A place''s position on its waitlist (1 = next to move up); null once promoted, refunded or released, or when the tournament was drawn or cancelled.';
CREATE OR REPLACE FUNCTION private.waitlist_position(p_place public.waitlist_places)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_place.status = 'waiting' and t.cancelled_at is null and t.drawn_at is null then
           (select count(*)::integer from public.waitlist_places w
             where w.tournament_id = p_place.tournament_id and w.status = 'waiting' and w.number <= p_place.number)
         end
    from public.tournaments t where t.id = p_place.tournament_id;
$function$;

comment on function private.take_waitlist_place(public.payments,text,timestamp with time zone) is 'The confirmation of a waitlist payment for a full tournament: the payment is taken and the player put on the waitlist, or the refusal code (waitlist_full, waitlist_closed, already_registered, already_on_waitlist) the refund gives.';
CREATE OR REPLACE FUNCTION private.take_waitlist_place(p_payment public.payments, p_razorpay_payment_id text, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_refusal text;
  v_paid public.payments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  -- The tournament's row lock, as join_waitlist and the draw take it: the cap holds however many pay at once.
  select * into v_tournament from public.tournaments where id = p_payment.tournament_id for update;
  v_refusal := private.waitlist_refusal(v_tournament, p_payment.user_id, p_now);
  if v_refusal is not null then
    return jsonb_build_object('refusal', v_refusal);
  end if;
  update public.payments
     set status = 'paid', razorpay_payment_id = p_razorpay_payment_id, paid_at = p_now, failure_reason = null, updated_at = p_now
   where id = p_payment.id
  returning * into v_paid;
  insert into public.waitlist_places (tournament_id, player_id, payment_id, joined_at)
  values (v_paid.tournament_id, v_paid.user_id, v_paid.id, p_now)
  returning * into v_place;
  if private.apply_refunds_awaiting_capture(p_razorpay_payment_id) then
    -- Refunded before we saw the capture: the place went with the money.
    select * into v_paid from public.payments where id = v_paid.id;
    return public.payment_confirmation_result(v_paid, v_paid.status, null);
  end if;
  return public.payment_confirmation_result(v_paid, 'waitlisted', null)
      || jsonb_build_object('waitlist_position', private.waitlist_position(v_place));
end;
$function$;

comment on function private.waitlist_follows_payment() is 'A waitlist payment refunded while its player waits (the tournament cancelled, a refund from the dashboard) takes the place off the waitlist.';
CREATE OR REPLACE FUNCTION private.waitlist_follows_payment()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.waitlist_places set status = 'refunded', closed_at = private.clock_now()
   where payment_id = new.id and status = 'waiting';
  return null;
end;
$function$;

-- The waitlist: the player's place, its receipt, leaving it -------------------------------------------

comment on function private.waitlist_joined_notice(public.waitlist_places) is 'The bell entry of a waitlist place just taken ({ kind, title, body, link }): a payment receipt for a paid place, a waitlist_joined notice for a free one; both give the position and the check-in window that can move the player up.';
CREATE OR REPLACE FUNCTION private.waitlist_joined_notice(p_place public.waitlist_places)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_payment public.payments%rowtype;
  v_amount text;
  v_window text;
  v_page text;
begin
  select * into v_tournament from public.tournaments where id = p_place.tournament_id;
  v_window := to_char(private.tournament_check_in_opens_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
              || ' and ' || to_char(private.tournament_check_in_closes_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
              || ' IST';
  v_page := case when v_tournament.series = 'quick' then 'the pod page' else 'the tournament page' end;
  if p_place.payment_id is null then
    return jsonb_build_object(
      'kind', 'waitlist_joined',
      'title', 'You are on the waitlist of ' || v_tournament.title,
      'body', 'Waitlist #' || coalesce(private.waitlist_position(p_place)::text, '?') || '. Check in on ' || v_page
              || ' between ' || v_window || ' to move up if a place frees. You can leave the waitlist from My Tournaments'
              || ' until check-in closes.',
      'link', private.tournament_page_link(v_tournament));
  end if;
  select * into v_payment from public.payments where id = p_place.payment_id;
  v_amount := '₹' || to_char(v_payment.amount_paise / 100.0, 'FM99999999990.00');
  return jsonb_build_object(
    'kind', 'payment_receipt',
    'title', 'Payment received: ' || v_amount || ' for the waitlist of ' || v_tournament.title,
    'body', 'Receipt for ' || v_tournament.title || ': a place on its waitlist (#'
            || coalesce(private.waitlist_position(p_place)::text, '?') || '), ' || v_amount || ' paid, payment id '
            || coalesce(v_payment.razorpay_payment_id, v_payment.id::text) || '. Next: check in on ' || v_page
            || ' between ' || v_window || ' to move up if a place frees. If none comes free for you, or you leave the'
            || ' waitlist from My Tournaments before check-in closes, your payment is refunded in full.',
    'link', private.tournament_page_link(v_tournament));
end;
$function$;

comment on function private.send_waitlist_receipt() is 'A waitlist place just taken: its receipt (paid) or notice (free) in the player''s bell, written with the place.';
CREATE OR REPLACE FUNCTION private.send_waitlist_receipt()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_notice jsonb := private.waitlist_joined_notice(new);
begin
  if new.payment_id is not null then
    -- As the entry's receipt: one insert in the confirmation's transaction; the receipt_emails step queues
    -- its e-mail.
    insert into public.notifications (user_id, kind, title, body, link, created_at)
    values (new.player_id, 'payment_receipt', v_notice ->> 'title', v_notice ->> 'body', v_notice ->> 'link', private.clock_now());
  else
    perform private.notify(new.player_id, 'waitlist_joined', v_notice ->> 'title', v_notice ->> 'body', v_notice ->> 'link',
                           new.id::text);
  end if;
  return null;
end;
$function$;

-- Check-in close: the empty places go to the waitlist -------------------------------------------------

comment on function private.fill_places_from_waitlist(text,timestamp with time zone) is 'At check-in close, before the draw counts the entries: every empty place goes to the next checked-in waitlisted player (a registration and a checked-in entry, paid by their waitlist payment); the others are told, and a paid place is refunded in full through the outbox.';
CREATE OR REPLACE FUNCTION private.fill_places_from_waitlist(p_tournament_id text, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
  v_link text;
  v_room integer;
  v_place public.waitlist_places%rowtype;
  v_registration_id uuid;
  v_entry_id uuid;
  v_payment public.payments%rowtype;
  v_name text;
  v_promoted integer := 0;
  v_refunded integer := 0;
  v_released integer := 0;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  v_link := private.tournament_page_link(v_tournament);
  v_room := greatest(v_tournament.max_players
                     - (select count(*) from public.entries e where e.tournament_id = p_tournament_id and e.status = 'active'), 0);

  for v_place in
    select * from public.waitlist_places w
     where w.tournament_id = p_tournament_id and w.status = 'waiting'
     order by w.number
       for update
  loop
    select in_game_name into v_name from public.profiles where id = v_place.player_id;
    if v_room > 0 and v_place.checked_in_at is not null
       and not exists (select 1 from public.entries e where e.tournament_id = p_tournament_id and e.player_id = v_place.player_id)
       and (v_place.payment_id is null
            or exists (select 1 from public.payments p where p.id = v_place.payment_id and p.status = 'paid')) then
      insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
      values (v_place.player_id, p_tournament_id, 1, v_place.payment_id, p_now)
      returning id into v_registration_id;
      update public.entries set checked_in_at = v_place.checked_in_at
       where registration_id = v_registration_id and player_id = v_place.player_id
      returning id into v_entry_id;
      update public.waitlist_places set status = 'promoted', entry_id = v_entry_id, closed_at = p_now where id = v_place.id;
      v_room := v_room - 1;
      v_promoted := v_promoted + 1;
      perform private.audit(p_tournament_id, 'waitlist_promoted', coalesce(v_name, 'A player') || ' moved up from the waitlist',
                            'A place was left empty at check-in close', null,
                            jsonb_build_object('waitlist_number', v_place.number), true, null, v_entry_id);
      perform private.notify(v_place.player_id, 'waitlist_promoted', 'You''re in: ' || v_tournament.title,
                             'A place came free at check-in close and you moved up from the waitlist. You are checked in for the draw.',
                             v_link, p_tournament_id);
    elsif v_place.payment_id is not null then
      update public.waitlist_places set status = 'refunded', closed_at = p_now where id = v_place.id;
      update public.payments p
         set status = 'refund_pending', failure_reason = private.refusal_reason('not_promoted'), updated_at = p_now
       where p.id = v_place.payment_id and p.status = 'paid' and private.refundable_paise(p) > 0
      returning * into v_payment;
      if found then
        perform private.queue_refund(v_payment.razorpay_payment_id, private.refundable_paise(v_payment)::integer,
                                     'not_promoted', v_payment);
      end if;
      v_refunded := v_refunded + 1;
      perform private.notify(v_place.player_id, 'waitlist_not_promoted', 'No place came free in ' || v_tournament.title,
                             case when v_place.checked_in_at is null
                                  then 'You did not check in before check-in closed, so you could not move up. '
                                  else 'Every place was taken at check-in close. ' end
                               || 'Your payment is refunded in full.',
                             v_link, p_tournament_id);
    else
      update public.waitlist_places set status = 'released', closed_at = p_now where id = v_place.id;
      v_released := v_released + 1;
      perform private.notify(v_place.player_id, 'waitlist_not_promoted', 'No place came free in ' || v_tournament.title,
                             case when v_place.checked_in_at is null
                                  then 'You did not check in before check-in closed, so you could not move up.'
                                  else 'Every place was taken at check-in close.' end,
                             v_link, p_tournament_id);
    end if;
  end loop;
  return jsonb_build_object('promoted', v_promoted, 'refunded', v_refunded, 'released', v_released);
end;
$function$;

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

-- Who is public, by which id --------------------------------------------------------------------------

comment on function private.player_is_public(uuid) is 'Whether a player may appear on the leaderboard and the player page: the one rule (18 or over, with an in-game name).';
CREATE OR REPLACE FUNCTION private.player_is_public(p_player uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.profiles p
                  where p.id = p_player and p.in_game_name is not null and p.erased_at is null
                    and private.profile_age(p) >= private.legal_paid_entry_age());
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

-- Recurring series and overrides ----------------------------------------------------------------------

CREATE TRIGGER recurring_series_check_prize_formula BEFORE INSERT OR UPDATE OF prize_formula, prize_pool_paise ON public.recurring_series FOR EACH ROW EXECUTE FUNCTION private.check_prize_formula();

CREATE TRIGGER recurring_series_set_updated_at BEFORE UPDATE ON public.recurring_series FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER edition_overrides_set_updated_at BEFORE UPDATE ON public.edition_overrides FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- The waitlist: joining, reading a place --------------------------------------------------------------

CREATE TRIGGER waitlist_places_move_along_state_machine BEFORE UPDATE ON public.waitlist_places FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION private.keep_to_state_machines('waitlist_place', 'status');
comment on trigger waitlist_places_move_along_state_machine on public.waitlist_places is 'The waitlist place machine: waiting, then promoted, refunded or released.';

CREATE TRIGGER waitlist_places_send_receipt AFTER INSERT ON public.waitlist_places FOR EACH ROW EXECUTE FUNCTION private.send_waitlist_receipt();
comment on trigger waitlist_places_send_receipt on public.waitlist_places is 'The receipt of a paid place, or the notice of a free one, in the bell.';

CREATE TRIGGER waitlist_places_start_in_state_machine BEFORE INSERT ON public.waitlist_places FOR EACH ROW WHEN (new.status IS DISTINCT FROM 'waiting'::text) EXECUTE FUNCTION private.keep_to_state_machines('waitlist_place', 'status');

comment on function private.raise_waitlist_refusal(text) is 'Raises the refusal (PT409) for a waitlist refusal code: not full, closed, already registered, already waiting, waitlist full.';
CREATE OR REPLACE FUNCTION private.raise_waitlist_refusal(p_code text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  case p_code
    when 'not_full' then
      raise exception 'Places are left in this tournament: enter it normally' using errcode = 'PT409', hint = 'not_full';
    when 'waitlist_closed' then
      raise exception 'This tournament''s waitlist is closed' using errcode = 'PT409', hint = 'waitlist_closed';
    when 'already_registered' then
      raise exception 'You already have a place in this tournament' using errcode = 'PT409', hint = 'already_registered';
    when 'already_on_waitlist' then
      raise exception 'You are already on this tournament''s waitlist' using errcode = 'PT409', hint = 'already_on_waitlist';
    when 'waitlist_full' then
      raise exception 'This tournament''s waitlist is full' using errcode = 'PT409', hint = 'waitlist_full';
    else
      null;
  end case;
end;
$function$;

comment on function private.export_waitlist(uuid) is 'Download my data, the waitlist section.';
CREATE OR REPLACE FUNCTION private.export_waitlist(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('tournament_id', w.tournament_id, 'status', w.status, 'joined_at', w.joined_at,
                                               'checked_in_at', w.checked_in_at, 'closed_at', w.closed_at,
                                               'paid', w.payment_id is not null)
                            order by w.joined_at), '[]'::jsonb)
    from public.waitlist_places w where w.player_id = p_user;
$function$;

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

-- Glicko-2 --------------------------------------------------------------------------------------------

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

-- The calendar in the staff console -------------------------------------------------------------------

comment on function public.staff_get_calendar() is 'Staff: the editions the recurring series will create next (each with when), the overrides of single editions and the series'' rules.';
CREATE OR REPLACE FUNCTION public.staff_get_calendar()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_staff uuid := private.require_staff_anywhere('referee');
  v_now timestamptz := private.clock_now();
begin
  return jsonb_build_object(
    'next', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'series_id', p.series_id, 'title', p.title, 'starts_at', p.starts_at,
               'creates_at', greatest(p.creates_at, v_now), 'max_players', p.max_players,
               'entry_fee_paise', p.entry_fee_paise, 'prize_pool_paise', p.prize_pool_paise,
               'cancel_reason', p.cancel_reason)
             order by p.creates_at, p.starts_at, p.id)
        from private.planned_editions(v_now, 3) as p
       where not exists (select 1 from public.tournaments t where t.id = p.id)), '[]'::jsonb),
    'overrides', coalesce((
      select jsonb_agg(jsonb_build_object(
               'edition_id', o.edition_id, 'series_id', o.series_id, 'note', o.note, 'starts_at', o.starts_at,
               'title', o.title, 'max_players', o.max_players, 'cancel_reason', o.cancel_reason,
               'exists', exists (select 1 from public.tournaments t where t.id = o.edition_id))
             order by o.edition_id)
        from public.edition_overrides o), '[]'::jsonb),
    'series', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'title_template', s.title_template, 'week_of_month', s.week_of_month, 'weekday', s.weekday,
               'local_time', to_char(s.local_time, 'HH24:MI'), 'horizon_months', s.horizon_months, 'active', s.active)
             order by s.id)
        from public.recurring_series s), '[]'::jsonb)
  );
end;
$function$;

-- The waitlist: joining, reading a place --------------------------------------------------------------

comment on function public.join_waitlist(text) is 'The public contract: puts the caller on the waitlist of a full free tournament; answers { position }.';
CREATE OR REPLACE FUNCTION public.join_waitlist(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  -- The lock every waitlist join and the draw take: joins are counted one at a time, and none slips in
  -- while the draw hands out the empty places.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.entry_fee_paise > 0 then
    raise exception 'This tournament has an entry fee: pay to join its waitlist' using errcode = 'PT409', hint = 'not_a_free_tournament';
  end if;
  perform private.raise_entry_refusal(private.free_entry_refusal(v_player));
  perform private.raise_waitlist_refusal(private.waitlist_refusal(v_tournament, v_player, v_now));

  insert into public.waitlist_places (tournament_id, player_id, joined_at)
  values (p_tournament_id, v_player, v_now)
  returning * into v_place;
  return jsonb_build_object('position', private.waitlist_position(v_place));
end;
$function$;

comment on function public.service_prepare_waitlist_entry(uuid,text,integer) is 'What a waitlist place costs (the entry fee, one slot), or why it is refused (not_full, waitlist_full, waitlist_closed, invalid_slot_count, eligibility). Service role only.';
CREATE OR REPLACE FUNCTION public.service_prepare_waitlist_entry(p_user_id uuid, p_tournament_id text, p_slots integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  if p_slots is distinct from 1 then
    raise exception 'The waitlist takes one place per player: choose 1 slot' using errcode = 'PT400', hint = 'invalid_slot_count';
  end if;
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.entry_fee_paise = 0 then
    raise exception 'This tournament is free: join its waitlist without paying' using errcode = 'PT409', hint = 'free_entry_no_checkout';
  end if;
  perform private.raise_entry_refusal(private.paid_entry_refusal(p_user_id));
  perform private.raise_waitlist_refusal(private.waitlist_refusal(v_tournament, p_user_id, v_now));
  return jsonb_build_object(
    'amount_paise', v_tournament.entry_fee_paise,
    'currency', 'INR',
    'checkout_timeout_seconds', private.checkout_timeout_seconds()
  );
end;
$function$;

comment on function public.service_record_waitlist_order(uuid,text,text,integer,text) is 'The payments row of a new Razorpay order for a waitlist place (one slot); it replaces the player''s open orders for the tournament. Service role only.';
CREATE OR REPLACE FUNCTION public.service_record_waitlist_order(p_user_id uuid, p_tournament_id text, p_razorpay_order_id text, p_amount_paise integer, p_currency text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_payment_id uuid;
begin
  v_payment_id := public.service_record_payment_order(p_user_id, p_tournament_id, 1, p_razorpay_order_id, p_amount_paise, p_currency);
  update public.payments set for_waitlist = true where id = v_payment_id;
  return v_payment_id;
end;
$function$;

comment on function public.get_waitlist_position(text) is 'The public contract: the caller''s position on a tournament''s waitlist, { position } (1-based; null once promoted or refunded); PT404 not_on_waitlist if never on it.';
CREATE OR REPLACE FUNCTION public.get_waitlist_position(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_place public.waitlist_places%rowtype;
begin
  select * into v_place from public.waitlist_places where tournament_id = p_tournament_id and player_id = v_player;
  if not found then
    raise exception 'You are not on this tournament''s waitlist' using errcode = 'PT404', hint = 'not_on_waitlist';
  end if;
  return jsonb_build_object('position', private.waitlist_position(v_place));
end;
$function$;

comment on function public.get_waitlist(text) is 'A tournament''s waitlist for its page: whether it takes joins, its size and how many wait, until when, and the caller''s own place (mine: position, status, checked_in_at, paid, left) when signed in.';
CREATE OR REPLACE FUNCTION public.get_waitlist(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_player uuid := private.current_player_id();
  v_tournament public.tournaments%rowtype;
  v_place public.waitlist_places%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_player is not null then
    select * into v_place from public.waitlist_places where tournament_id = p_tournament_id and player_id = v_player;
  end if;
  return jsonb_build_object(
    'takes_joins', private.waitlist_takes_joins(v_tournament, v_now),
    'capacity', private.waitlist_capacity(v_tournament.max_players),
    'waiting', (select count(*) from public.waitlist_places w where w.tournament_id = p_tournament_id and w.status = 'waiting'),
    'closes_at', private.tournament_check_in_closes_at(v_tournament),
    'check_in_opens_at', private.tournament_check_in_opens_at(v_tournament),
    'check_in_open', private.check_in_is_open(v_tournament, v_now),
    'entry_fee_paise', v_tournament.entry_fee_paise,
    -- A player with a place in the bracket is not offered the waitlist.
    'in_tournament', v_player is not null and exists (select 1 from public.entries e
                                                        where e.tournament_id = p_tournament_id and e.player_id = v_player
                                                          and e.status <> 'cancelled'),
    'mine', case when v_place.id is not null then jsonb_build_object(
              'position', private.waitlist_position(v_place), 'status', v_place.status, 'checked_in_at', v_place.checked_in_at,
              'paid', v_place.payment_id is not null,
              -- Released before the draw: the player left it (the close releases a place in the draw's own moment).
              'left', v_place.status = 'released' and v_place.closed_at < coalesce(v_tournament.drawn_at, 'infinity'::timestamptz)) end
  );
end;
$function$;

-- The waitlist: the player's place, its receipt, leaving it -------------------------------------------

comment on function public.get_my_waitlist_places() is 'The caller''s waitlist places still waiting, for the dashboard and My Tournaments: the tournament, its page, the position, the check-in window that can move them up, whether checked in, and what was paid (0 for a free place).';
CREATE OR REPLACE FUNCTION public.get_my_waitlist_places()
 RETURNS TABLE(tournament_id text, tournament_title text, link text, "position" integer, checked_in_at timestamp with time zone, check_in_opens_at timestamp with time zone, check_in_closes_at timestamp with time zone, paid_paise integer, joined_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
begin
  return query
    select w.tournament_id, t.title, private.tournament_page_link(t), private.waitlist_position(w), w.checked_in_at,
           private.tournament_check_in_opens_at(t), private.tournament_check_in_closes_at(t),
           coalesce(p.amount_paise, 0), w.joined_at
      from public.waitlist_places w
      join public.tournaments t on t.id = w.tournament_id
      left join public.payments p on p.id = w.payment_id
     where w.player_id = v_player and w.status = 'waiting' and private.waitlist_position(w) is not null
     order by t.starts_at, w.number;
end;
$function$;

comment on function public.leave_waitlist(text) is 'The public contract: the caller leaves a tournament''s waitlist until check-in closes ({ status: released, refund_paise }); a paid place is refunded in full through the refund outbox (left_waitlist). PT409 waitlist_promoted, waitlist_place_closed, waitlist_leave_closed; PT404 not_on_waitlist, tournament_not_found.';
CREATE OR REPLACE FUNCTION public.leave_waitlist(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_place public.waitlist_places%rowtype;
  v_payment public.payments%rowtype;
  v_refund integer := 0;
begin
  -- The lock joins and the draw take: a leave and the close never cross.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  select * into v_place from public.waitlist_places
   where tournament_id = p_tournament_id and player_id = v_player
     for update;
  if not found then
    raise exception 'You are not on this tournament''s waitlist' using errcode = 'PT404', hint = 'not_on_waitlist';
  end if;
  if v_place.status = 'promoted' then
    raise exception 'You moved up from the waitlist: you have a place in the tournament now'
      using errcode = 'PT409', hint = 'waitlist_promoted';
  end if;
  if v_place.status <> 'waiting' then
    raise exception 'You are no longer on this tournament''s waitlist' using errcode = 'PT409', hint = 'waitlist_place_closed';
  end if;
  if v_tournament.drawn_at is not null or v_tournament.cancelled_at is not null
     or v_now >= private.tournament_check_in_closes_at(v_tournament) then
    raise exception 'Check-in has closed: your waitlist place can no longer be left'
      using errcode = 'PT409', hint = 'waitlist_leave_closed';
  end if;

  update public.waitlist_places set status = 'released', closed_at = v_now where id = v_place.id;
  if v_place.payment_id is not null then
    update public.payments p
       set status = 'refund_pending', failure_reason = private.refusal_reason('left_waitlist'), updated_at = v_now
     where p.id = v_place.payment_id and p.status = 'paid' and private.refundable_paise(p) > 0
    returning * into v_payment;
    if found then
      v_refund := private.refundable_paise(v_payment)::integer;
      perform private.queue_refund(v_payment.razorpay_payment_id, v_refund, 'left_waitlist', v_payment);
    end if;
  end if;
  return jsonb_build_object('status', 'released', 'refund_paise', v_refund);
end;
$function$;

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

-- Recurring series and overrides ----------------------------------------------------------------------

revoke all on table public.recurring_series from anon;
grant select on table public.recurring_series to anon;
revoke all on table public.recurring_series from authenticated;
grant select on table public.recurring_series to authenticated;

revoke all on table public.edition_overrides from anon;
grant select on table public.edition_overrides to anon;
revoke all on table public.edition_overrides from authenticated;
grant select on table public.edition_overrides to authenticated;

-- The waitlist: joining, reading a place --------------------------------------------------------------

revoke all on table public.waitlist_places from anon;
revoke all on table public.waitlist_places from authenticated;
grant select on table public.waitlist_places to authenticated;

-- The expansion ---------------------------------------------------------------------------------------

revoke all on function private.edition_day(integer,integer,date) from public;

revoke all on function private.planned_editions(timestamp with time zone,integer) from public;

-- The periodic top-up ---------------------------------------------------------------------------------

revoke all on function private.cancel_edition_by_override(text,text) from public;

revoke all on function private.top_up_editions() from public;

-- The waitlist: joining, reading a place --------------------------------------------------------------

revoke all on function private.waitlist_capacity(integer) from public;

revoke all on function private.tournament_page_link(public.tournaments) from public;

revoke all on function private.waitlist_takes_joins(public.tournaments,timestamp with time zone) from public;

revoke all on function private.waitlist_refusal(public.tournaments,uuid,timestamp with time zone) from public;

revoke all on function private.waitlist_position(public.waitlist_places) from public;

revoke all on function private.take_waitlist_place(public.payments,text,timestamp with time zone) from public;

revoke all on function private.waitlist_follows_payment() from public;

-- The waitlist: the player's place, its receipt, leaving it -------------------------------------------

revoke all on function private.waitlist_joined_notice(public.waitlist_places) from public;

revoke all on function private.send_waitlist_receipt() from public;

-- Check-in close: the empty places go to the waitlist -------------------------------------------------

revoke all on function private.fill_places_from_waitlist(text,timestamp with time zone) from public;

-- Glicko-2 --------------------------------------------------------------------------------------------

revoke all on function private.new_player_rating() from public;

revoke all on function private.glicko2_update(double precision,double precision,double precision,jsonb,double precision) from public;

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

-- Who is public, by which id --------------------------------------------------------------------------

revoke all on function private.player_is_public(uuid) from public;

-- Seasons and season points ---------------------------------------------------------------------------

revoke all on function private.season_bounds(text) from public;

revoke all on function private.points_ladder_of(public.tournaments) from public;

revoke all on function private.in_series(public.tournaments,text) from public;

revoke all on function private.tournament_results(timestamp with time zone,timestamp with time zone,uuid) from public;

-- The leaderboard and the player page -----------------------------------------------------------------

revoke all on function private.leaderboard(text,text) from public;

-- The waitlist: joining, reading a place --------------------------------------------------------------

revoke all on function private.raise_waitlist_refusal(text) from public;

revoke all on function private.export_waitlist(uuid) from public;

revoke all on function private.export_rating(uuid) from public;

-- Glicko-2 --------------------------------------------------------------------------------------------

revoke all on function private.rating_tau() from public;

revoke all on function private.glicko2_f(double precision,double precision,double precision,double precision,double precision,double precision) from public;

-- Who is public, by which id --------------------------------------------------------------------------

revoke all on function private.give_player_public_id() from public;

-- Seasons and season points ---------------------------------------------------------------------------

revoke all on function private.require_known_series(text) from public;

-- The calendar in the staff console -------------------------------------------------------------------

revoke all on function public.staff_get_calendar() from anon;
revoke all on function public.staff_get_calendar() from public;

-- The waitlist: joining, reading a place --------------------------------------------------------------

revoke all on function public.join_waitlist(text) from anon;
revoke all on function public.join_waitlist(text) from public;

revoke all on function public.service_prepare_waitlist_entry(uuid,text,integer) from anon;
revoke all on function public.service_prepare_waitlist_entry(uuid,text,integer) from authenticated;
revoke all on function public.service_prepare_waitlist_entry(uuid,text,integer) from public;

revoke all on function public.service_record_waitlist_order(uuid,text,text,integer,text) from anon;
revoke all on function public.service_record_waitlist_order(uuid,text,text,integer,text) from authenticated;
revoke all on function public.service_record_waitlist_order(uuid,text,text,integer,text) from public;

revoke all on function public.get_waitlist_position(text) from anon;
revoke all on function public.get_waitlist_position(text) from public;

-- The waitlist: the player's place, its receipt, leaving it -------------------------------------------

revoke all on function public.get_my_waitlist_places() from anon;
revoke all on function public.get_my_waitlist_places() from public;

revoke all on function public.leave_waitlist(text) from anon;
revoke all on function public.leave_waitlist(text) from public;

-- Glicko-2 --------------------------------------------------------------------------------------------

revoke all on function public.get_rating_update(double precision,double precision,double precision,jsonb) from public;

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

-- Recurring series and overrides ----------------------------------------------------------------------

create policy "Anyone can read recurring series" on public.recurring_series
  as permissive for select to anon, authenticated
  using (true);

create policy "Anyone can read edition overrides" on public.edition_overrides
  as permissive for select to anon, authenticated
  using (true);

-- The waitlist: joining, reading a place --------------------------------------------------------------

create policy "Players read their own waitlist places" on public.waitlist_places
  as permissive for select to authenticated
  using ((( SELECT private.current_player_id() AS current_player_id) = player_id));
