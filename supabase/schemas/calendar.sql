-- =====================================================================================================
-- calendar: the recurring series whose monthly editions the product makes by itself, their overrides, and the staff console's calendar
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
  stages jsonb,
  constraint recurring_series_pkey PRIMARY KEY (id),
  constraint recurring_series_capacity_range CHECK (((max_players >= 2) AND (max_players <= 1000))),
  constraint recurring_series_entry_fee_not_negative CHECK ((entry_fee_paise >= 0)),
  constraint recurring_series_format_present CHECK ((char_length(btrim(format)) > 0)),
  constraint recurring_series_horizon_range CHECK (((horizon_months >= 3) AND (horizon_months <= 24))),
  constraint recurring_series_id_is_a_slug CHECK ((id ~ '^[a-z0-9][a-z0-9-]{1,40}$'::text)),
  constraint recurring_series_months_are_months CHECK (((EXTRACT(day FROM first_month) = (1)::numeric) AND ((last_month IS NULL) OR ((EXTRACT(day FROM last_month) = (1)::numeric) AND (last_month >= first_month))))),
  constraint recurring_series_prize_formula_is_a_list CHECK ((jsonb_typeof(prize_formula) = 'array'::text)),
  constraint recurring_series_prize_pool_not_negative CHECK ((prize_pool_paise >= 0)),
  constraint recurring_series_stages_valid CHECK (private.stages_valid(stages)),
  constraint recurring_series_title_names_the_month CHECK (((char_length(title_template) >= 3) AND (char_length(title_template) <= 60) AND (POSITION(('{month}'::text) IN (title_template)) > 0) AND (POSITION(('{year}'::text) IN (title_template)) > 0))),
  constraint recurring_series_week_known CHECK ((((week_of_month >= 1) AND (week_of_month <= 4)) OR (week_of_month = '-1'::integer))),
  constraint recurring_series_weekday_known CHECK (((weekday >= 0) AND (weekday <= 6))),
  constraint recurring_series_winner_prize_within_pool CHECK (((winner_prize_paise IS NULL) OR ((winner_prize_paise >= 0) AND (winner_prize_paise <= prize_pool_paise))))
);
alter table public.recurring_series enable row level security;
comment on column public.recurring_series.stages is 'The format of every edition (tournaments.stages, private.stages_valid): null for one knockout.';
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

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('recurring_editions', 'calendar', 'private.top_up_editions', '190', '15')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

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

comment on function private.planned_editions(timestamp with time zone,integer) is 'Every edition the recurring series hold at p_now (the IST month of p_now and the horizon_months + 1 after it, plus p_extra_months), with their overrides, leaving out those whose registration would be closed. The twin of expandEditions in src/features/tournaments/recurrence.ts.';
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
    -- In the player's language (the message catalog).
    perform private.queue_email('tournament-cancelled-' || p_tournament_id || '-' || v_player.id, v_player.email,
                                m.title, m.body, '/my-tournaments')
       from private.compose_message('tournament_cancelled', private.player_language(v_player.id),
                                    jsonb_build_object('tournament', v_title, 'reason', p_reason)) as m;
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
    starts_at, prize_formula, series_id, edition_of, stages
  )
  select p.id, p.title, 'championship', p.format, p.entry_fee_paise, p.prize_pool_paise, p.winner_prize_paise,
         p.max_players, true, p.starts_at, p.prize_formula,
         -- Like every championship-kind edition the catalog sync links (its round interval).
         (select s.id from public.series s where s.id = 'championship'), p.series_id,
         -- Every edition plays its series' format.
         (select r.stages from public.recurring_series r where r.id = p.series_id)
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

-- Recurring series and overrides ----------------------------------------------------------------------

CREATE TRIGGER recurring_series_check_prize_formula BEFORE INSERT OR UPDATE OF prize_formula, prize_pool_paise ON public.recurring_series FOR EACH ROW EXECUTE FUNCTION private.check_prize_formula();

CREATE TRIGGER recurring_series_set_updated_at BEFORE UPDATE ON public.recurring_series FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER edition_overrides_set_updated_at BEFORE UPDATE ON public.edition_overrides FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

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

create policy "Anyone can read recurring series" on public.recurring_series
  as permissive for select to anon, authenticated
  using (true);

create policy "Anyone can read edition overrides" on public.edition_overrides
  as permissive for select to anon, authenticated
  using (true);

-- The expansion ---------------------------------------------------------------------------------------

revoke all on function private.edition_day(integer,integer,date) from public;

revoke all on function private.planned_editions(timestamp with time zone,integer) from public;

-- The periodic top-up ---------------------------------------------------------------------------------

revoke all on function private.cancel_edition_by_override(text,text) from public;

revoke all on function private.top_up_editions() from public;

-- The calendar in the staff console -------------------------------------------------------------------

revoke all on function public.staff_get_calendar() from anon;
revoke all on function public.staff_get_calendar() from public;
