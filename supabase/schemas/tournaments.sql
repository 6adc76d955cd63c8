-- =====================================================================================================
-- tournaments: the catalog, series and their pods, a tournament’s status and its cancellation
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- The catalog -----------------------------------------------------------------------------------------

comment on table public.tournaments is 'Money and capacity facts of the catalog (src/content/tournaments). Written by npm run catalog:sync and the payment confirmation only.';
create table public.tournaments (
  id text not null,
  title text not null,
  series text not null,
  format text not null,
  entry_fee_paise integer not null,
  prize_pool_paise integer not null,
  winner_prize_paise integer,
  max_players integer not null,
  filled_slots integer default 0 not null,
  is_live boolean default false not null,
  registration_closes_at timestamp with time zone,
  starts_at timestamp with time zone not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  registration_opens_at timestamp with time zone,
  check_in_opens_at timestamp with time zone,
  check_in_closes_at timestamp with time zone,
  fill_deadline_at timestamp with time zone,
  drawn_at timestamp with time zone,
  current_round integer,
  finished_at timestamp with time zone,
  settled_at timestamp with time zone,
  cancelled_at timestamp with time zone,
  cancel_reason text,
  series_id text,
  pod_number integer,
  draw_commitment text,
  check_in_announced_at timestamp with time zone,
  draw_announced_at timestamp with time zone,
  prize_formula jsonb,
  edition_of text,
  match_settings jsonb,
  max_slots_per_buyer integer generated always as (private.slots_per_buyer(max_players)) stored,
  stages jsonb,
  cancel_reason_code text,
  constraint tournaments_pkey PRIMARY KEY (id),
  constraint tournaments_one_pod_number UNIQUE (series_id, pod_number),
  constraint tournaments_edition_of_fkey FOREIGN KEY (edition_of) REFERENCES public.recurring_series(id),
  constraint tournaments_series_id_fkey FOREIGN KEY (series_id) REFERENCES public.series(id),
  constraint tournaments_cancel_has_reason CHECK (((cancelled_at IS NULL) OR (cancel_reason IS NOT NULL))),
  constraint tournaments_cancel_reason_length CHECK (((cancel_reason IS NULL) OR (char_length(cancel_reason) <= 500))),
  -- The codes of the reasons the database writes itself (a staff cancellation's reason is the staff's own words, no code);
  -- pages word each one in the reader's language (src/lib/i18n/reason-words.ts reads this list).
  constraint tournaments_cancel_reason_code_known CHECK ((cancel_reason_code = ANY (ARRAY['pod_not_filled'::text, 'too_few_checked_in'::text]))),
  constraint tournaments_capacity_respected CHECK ((filled_slots <= max_players)),
  constraint tournaments_current_round_positive CHECK (((current_round IS NULL) OR (current_round > 0))),
  constraint tournaments_draw_commitment_is_sha256 CHECK ((draw_commitment ~ '^[0-9a-f]{64}$'::text)),
  constraint tournaments_entry_fee_not_negative CHECK ((entry_fee_paise >= 0)),
  constraint tournaments_filled_slots_not_negative CHECK ((filled_slots >= 0)),
  constraint tournaments_format_present CHECK ((char_length(btrim(format)) > 0)),
  constraint tournaments_id_is_a_slug CHECK ((id ~ '^[a-z0-9][a-z0-9_-]{1,62}$'::text)),
  constraint tournaments_match_settings_valid CHECK (private.match_settings_valid(match_settings)),
  constraint tournaments_max_players_positive CHECK ((max_players > 0)),
  constraint tournaments_pod_has_series CHECK (((pod_number IS NULL) OR (series_id IS NOT NULL))),
  constraint tournaments_stages_valid CHECK (private.stages_valid(stages)),
  constraint tournaments_prize_formula_is_a_list CHECK (((prize_formula IS NULL) OR (jsonb_typeof(prize_formula) = 'array'::text))),
  constraint tournaments_prize_pool_not_negative CHECK ((prize_pool_paise >= 0)),
  constraint tournaments_series_known CHECK ((series = ANY (ARRAY['championship'::text, 'quick'::text]))),
  constraint tournaments_title_length CHECK (((char_length(title) >= 3) AND (char_length(title) <= 80))),
  constraint tournaments_winner_prize_within_pool CHECK (((winner_prize_paise >= 0) AND (winner_prize_paise <= prize_pool_paise)))
);
CREATE INDEX tournaments_pods_of_series ON public.tournaments USING btree (series_id, pod_number DESC) WHERE (pod_number IS NOT NULL);
-- What the periodic function's every-minute steps look for, so that none of them reads every tournament ever held:
-- the draws due and the check-ins to announce (not drawn, not cancelled), the draws to announce, the prizes to credit
-- (finished, neither settled nor cancelled). Each holds only the tournaments still waiting for that step.
CREATE INDEX tournaments_waiting_for_draw ON public.tournaments USING btree (id) WHERE ((drawn_at IS NULL) AND (cancelled_at IS NULL));
CREATE INDEX tournaments_waiting_for_draw_announcement ON public.tournaments USING btree (id) WHERE ((drawn_at IS NOT NULL) AND (draw_announced_at IS NULL) AND (cancelled_at IS NULL));
CREATE INDEX tournaments_waiting_for_prizes ON public.tournaments USING btree (id) WHERE ((finished_at IS NOT NULL) AND (settled_at IS NULL) AND (cancelled_at IS NULL));
alter table public.tournaments enable row level security;
comment on column public.tournaments.stages is 'The format the catalog declares: the stages in order (private.stages_valid), e.g. groups of 4 then a knockout. Null: one knockout, as every tournament before formats.';
comment on column public.tournaments.filled_slots is 'Slots taken by confirmed payments. The catalog sync never touches it.';
comment on column public.tournaments.registration_opens_at is 'Registration opens here (null: as soon as the catalog opens it).';
comment on column public.tournaments.check_in_opens_at is 'Null: the series default (championship start - 24 h, quick start - 60 min).';
comment on column public.tournaments.check_in_closes_at is 'Null: the series default (championship start - 60 min, quick start - 15 min).';
comment on column public.tournaments.fill_deadline_at is 'Pods only: not full by then, the pod is cancelled and refunded.';
comment on column public.tournaments.drawn_at is 'Set by the draw: from here the tournament is live.';
comment on column public.tournaments.finished_at is 'Set when the final result is confirmed.';
comment on column public.tournaments.settled_at is 'Set when the prizes are credited.';
comment on column public.tournaments.cancelled_at is 'Set by staff (or the fill deadline of a pod); cancel_reason is shown to players.';
comment on column public.tournaments.pod_number is 'Pods only: 1, 2, 3 ... within the series. The catalog sync never touches pods.';
comment on column public.tournaments.draw_commitment is 'Lowercase hex SHA-256 of the draw secret, published before the draw; the secret is revealed in public.draws.';
comment on column public.tournaments.prize_formula is 'This tournament''s own prize bands (the series'' form); they total prize_pool_paise exactly. Null or empty: the whole pool to the winner.';
comment on column public.tournaments.edition_of is 'The recurring series that made this edition (null: a hand-made catalog edition or a pod). The catalog sync never retires these.';
comment on column public.tournaments.match_settings is 'An edition''s own match settings, over its series'' (private.match_settings_valid); null: the series''.';
comment on column public.tournaments.max_slots_per_buyer is 'The places one buyer may hold here (private.slots_per_buyer): the pay panel offers no more, an order for more is refused.';

comment on table public.series is 'Kinds of tournament (catalog: src/content/tournaments, written by npm run catalog:sync). Quick series run as pods.';
create table public.series (
  id text not null,
  title text not null,
  kind text not null,
  format text not null,
  entry_fee_paise integer not null,
  prize_pool_paise integer not null,
  winner_prize_paise integer,
  prize_formula jsonb default '[]'::jsonb not null,
  prize_formula_text text default ''::text not null,
  capacity integer not null,
  registration_closes_before interval default '01:00:00'::interval not null,
  check_in_opens_before interval not null,
  check_in_closes_before interval not null,
  fill_deadline interval default '24:00:00'::interval not null,
  pod_start_delay interval default '00:20:00'::interval not null,
  pod_check_in interval default '00:10:00'::interval not null,
  active boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  round_interval interval default '00:30:00'::interval not null,
  match_settings jsonb,
  constraint series_pkey PRIMARY KEY (id),
  constraint series_capacity_range CHECK (((capacity >= 2) AND (capacity <= 1000))),
  constraint series_entry_fee_positive CHECK ((entry_fee_paise > 0)),
  constraint series_format_present CHECK ((char_length(btrim(format)) > 0)),
  constraint series_id_is_a_slug CHECK ((id ~ '^[a-z0-9][a-z0-9_-]{1,40}$'::text)),
  constraint series_kind_known CHECK ((kind = ANY (ARRAY['championship'::text, 'quick'::text]))),
  constraint series_match_settings_valid CHECK (private.match_settings_valid(match_settings)),
  constraint series_prize_formula_is_a_list CHECK ((jsonb_typeof(prize_formula) = 'array'::text)),
  constraint series_prize_pool_not_negative CHECK ((prize_pool_paise >= 0)),
  constraint series_round_interval_range CHECK (((round_interval >= '00:05:00'::interval) AND (round_interval <= '7 days'::interval))),
  constraint series_title_length CHECK (((char_length(title) >= 3) AND (char_length(title) <= 80)))
);
alter table public.series enable row level security;
comment on column public.series.round_interval is 'Round r is scheduled at the start + (r - 1) x this (a late round moves the later ones, never squeezes them).';
comment on column public.series.match_settings is 'The series'' match settings (private.match_settings_valid); null: the defaults.';

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('pod_deadlines_and_open_pods', 'tournaments', 'private.run_due_pod_work', '200', '1')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Rows of private.status_transitions ------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  ('tournament.drawn_at', null, 'unset', null),
  ('tournament.drawn_at', 'unset', 'set', '{private.run_draw}'),
  ('tournament.finished_at', null, 'unset', null),
  ('tournament.finished_at', 'unset', 'set', '{private.after_result}'),
  ('tournament.finished_at', 'set', 'unset', '{public.staff_correct_result}'),
  ('tournament.settled_at', null, 'unset', null),
  ('tournament.settled_at', 'unset', 'set', '{private.credit_prizes}'),
  ('tournament.cancelled_at', null, 'unset', null),
  ('tournament.cancelled_at', 'unset', 'set', '{private.cancel_tournament}')
on conflict (machine, from_status, to_status) do update set allowed_by = excluded.allowed_by;

-- Status and timetable --------------------------------------------------------------------------------

-- The close time (default one hour before the start) or the opening of check-in, whichever is first.
CREATE OR REPLACE FUNCTION private.tournament_registration_closes_at(p_tournament public.tournaments)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  return least(coalesce(p_tournament.registration_closes_at, p_tournament.starts_at - interval '1 hour'),
               private.tournament_check_in_opens_at(p_tournament));
end;
$function$;

-- The windows, with their defaults
CREATE OR REPLACE FUNCTION private.tournament_check_in_opens_at(p_tournament public.tournaments)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  return coalesce(p_tournament.check_in_opens_at,
                  p_tournament.starts_at - case p_tournament.series when 'championship' then interval '24 hours'
                                                                     else interval '60 minutes' end);
end;
$function$;

-- The status
CREATE OR REPLACE FUNCTION private.tournament_status(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  return case
    when p_tournament.cancelled_at is not null and p_tournament.cancelled_at <= p_now then 'cancelled'
    when p_tournament.fill_deadline_at is not null and p_tournament.fill_deadline_at <= p_now
         and p_tournament.filled_slots < p_tournament.max_players then 'cancelled'
    when p_tournament.settled_at is not null then 'settled'
    when p_tournament.finished_at is not null then 'finished'
    when p_tournament.drawn_at is not null then 'live'
    when private.tournament_registration_closes_at(p_tournament) <= p_now then 'check-in'
    when not p_tournament.is_live
         or (p_tournament.registration_opens_at is not null and p_tournament.registration_opens_at > p_now) then 'scheduled'
    when p_tournament.filled_slots >= p_tournament.max_players then 'full'
    else 'open'
  end;
end;
$function$;

-- The words players read for each status. src/features/tournaments/status.ts holds the same words
-- (a test compares them).
CREATE OR REPLACE FUNCTION private.tournament_status_label(p_status text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_status
    when 'scheduled' then 'Coming soon'
    when 'open' then 'Registration open'
    when 'full' then 'Full'
    when 'check-in' then 'Check-in'
    when 'live' then 'Live'
    when 'finished' then 'Finished'
    when 'settled' then 'Prizes credited'
    when 'cancelled' then 'Cancelled'
  end;
$function$;

-- What lists and pages show besides the contract's fields: why a cancelled tournament was called off.
CREATE OR REPLACE FUNCTION private.tournament_list_state(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('id', p_tournament.id)
      || private.tournament_state(p_tournament, p_now)
      || jsonb_build_object('cancel_reason',
           case when private.tournament_status(p_tournament, p_now) = 'cancelled'
                then coalesce(p_tournament.cancel_reason, 'Not enough players joined before the deadline.') end,
           -- The reason's code, for pages that word it in the reader's language (null: staff's own words).
           'cancel_reason_code',
           case when private.tournament_status(p_tournament, p_now) = 'cancelled'
                then case when p_tournament.cancel_reason is null then 'pod_not_filled' else p_tournament.cancel_reason_code end end);
$function$;

-- Pods ------------------------------------------------------------------------------------------------

-- Opening pods
-- The open pod of a series, if any (open or full-but-not-closed: a pod that still takes entries).
CREATE OR REPLACE FUNCTION private.open_pod_of(p_series_id text, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select t.id
    from public.tournaments t
   where t.series_id = p_series_id and t.pod_number is not null
     and private.tournament_status(t, p_now) = 'open'
   order by t.pod_number desc
   limit 1;
$function$;

-- Opens the next pod of an active quick series unless one is open. The series row is locked first, so two
-- transactions (two payments filling pods of the same series, the periodic function, the sync) never open
-- two pods at once.
CREATE OR REPLACE FUNCTION private.ensure_open_pod(p_series_id text)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_series public.series%rowtype;
  v_pod text;
  v_number integer;
begin
  select * into v_series from public.series where id = p_series_id for update;
  if not found or not v_series.active or v_series.kind <> 'quick' then
    return null;
  end if;
  v_pod := private.open_pod_of(p_series_id, v_now);
  if v_pod is not null then
    return v_pod;
  end if;

  select coalesce(max(pod_number), 0) + 1 into v_number from public.tournaments where series_id = p_series_id;
  v_pod := left(p_series_id, 40) || '-pod-' || v_number;
  -- Until it fills, a pod's times are its deadline: registration stays open until then. Filling sets the
  -- real start (private.close_filled_pod).
  insert into public.tournaments (
    id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live,
    registration_opens_at, registration_closes_at, check_in_opens_at, check_in_closes_at, starts_at,
    fill_deadline_at, series_id, pod_number
  )
  values (
    v_pod, left(v_series.title || ' #' || v_number, 80), 'quick', v_series.format, v_series.entry_fee_paise,
    v_series.prize_pool_paise, v_series.winner_prize_paise, v_series.capacity, true,
    v_now, v_now + v_series.fill_deadline, v_now + v_series.fill_deadline,
    v_now + v_series.fill_deadline + v_series.pod_check_in, v_now + v_series.fill_deadline + v_series.pod_start_delay,
    v_now + v_series.fill_deadline, p_series_id, v_number
  );
  return v_pod;
end;
$function$;

-- Filling a pod: in the same transaction as the payment that fills it
CREATE OR REPLACE FUNCTION private.close_filled_pod()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_series public.series%rowtype;
begin
  if new.pod_number is not null and new.filled_slots >= new.max_players and old.filled_slots < old.max_players
     and new.cancelled_at is null then
    select * into v_series from public.series where id = new.series_id;
    new.registration_closes_at := v_now;
    new.check_in_opens_at := v_now;
    new.check_in_closes_at := v_now + v_series.pod_check_in;
    new.starts_at := v_now + v_series.pod_start_delay;
    new.fill_deadline_at := null;
  end if;
  return new;
end;
$function$;

-- The pod work of the periodic function: cancel and refund pods past their deadline, then make sure every
-- active series has its open pod.
CREATE OR REPLACE FUNCTION private.run_due_pod_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_pod public.tournaments%rowtype;
  v_cancelled integer := 0;
  v_refunds integer := 0;
  v_error text;
  v_state text;
begin
  for v_pod in
    select * from public.tournaments t
     where t.pod_number is not null and t.cancelled_at is null
       and t.fill_deadline_at is not null and t.fill_deadline_at <= v_now and t.filled_slots < t.max_players
       and not private.due_item_parked(t.id)
     order by t.id
     for update skip locked
  loop
    begin
      v_refunds := v_refunds + private.cancel_tournament(
        v_pod.id, 'Not enough players joined before the deadline. Every entry has been refunded.', v_pod.fill_deadline_at, 'pod_not_filled');
      v_cancelled := v_cancelled + 1;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_pod.id, v_error, v_state);
    end;
  end loop;
  return jsonb_build_object('pods_cancelled', v_cancelled, 'pod_refunds', v_refunds, 'pods_opened', private.ensure_open_pods());
end;
$function$;

-- Postponing and cancelling ---------------------------------------------------------------------------

comment on function private.cancel_tournament(text,text,timestamp with time zone,text) is 'Cancels a tournament once: sets cancelled_at (and the reason, with its code when the database wrote it: tournaments_cancel_reason_code_known), then the payments area (the hook tournament_cancelled, private.refund_cancelled_tournament) cancels its registrations, abandons unpaid checkouts and refunds every paid entry what is left of it. Answers the number of refunds queued.';
CREATE OR REPLACE FUNCTION private.cancel_tournament(p_tournament_id text, p_reason text, p_at timestamp with time zone, p_reason_code text DEFAULT NULL::text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_refunds integer;
begin
  update public.tournaments
     set cancelled_at = coalesce(cancelled_at, p_at), cancel_reason = coalesce(cancel_reason, p_reason),
         cancel_reason_code = case when cancel_reason is null then p_reason_code else cancel_reason_code end
   where id = p_tournament_id;

  -- The registrations and the money are the payments area's: it refunds through its hook.
  execute format('select %s($1, $2)', private.hook_function('tournament_cancelled'))
    using p_tournament_id, private.clock_now() into v_refunds;
  return v_refunds;
end;
$function$;

-- The catalog -----------------------------------------------------------------------------------------

CREATE TRIGGER tournaments_check_prize_formula BEFORE INSERT OR UPDATE OF prize_formula, prize_pool_paise ON public.tournaments FOR EACH ROW EXECUTE FUNCTION private.check_prize_formula();

CREATE TRIGGER tournaments_close_filled_pod BEFORE UPDATE OF filled_slots ON public.tournaments FOR EACH ROW WHEN (new.pod_number IS NOT NULL) EXECUTE FUNCTION private.close_filled_pod();

CREATE TRIGGER tournaments_move_along_state_machine BEFORE UPDATE ON public.tournaments FOR EACH ROW WHEN (old.drawn_at IS DISTINCT FROM new.drawn_at OR old.finished_at IS DISTINCT FROM new.finished_at OR old.settled_at IS DISTINCT FROM new.settled_at OR old.cancelled_at IS DISTINCT FROM new.cancelled_at) EXECUTE FUNCTION private.keep_to_state_machines('tournament', 'tournaments');
comment on trigger tournaments_move_along_state_machine on public.tournaments is 'The machines of a tournament''s milestones (drawn_at, finished_at, settled_at, cancelled_at): each set once, by the function that reaches it, and unset only where declared.';

CREATE TRIGGER tournaments_open_next_pod AFTER UPDATE OF filled_slots ON public.tournaments FOR EACH ROW WHEN (new.pod_number IS NOT NULL AND new.filled_slots >= new.max_players AND old.filled_slots < old.max_players) EXECUTE FUNCTION private.open_next_pod_after_fill();

CREATE TRIGGER tournaments_set_updated_at BEFORE UPDATE ON public.tournaments FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER tournaments_start_in_state_machine BEFORE INSERT ON public.tournaments FOR EACH ROW EXECUTE FUNCTION private.keep_to_state_machines('tournament', 'tournaments');

CREATE TRIGGER series_check_prize_formula BEFORE INSERT OR UPDATE OF prize_formula, prize_pool_paise ON public.series FOR EACH ROW EXECUTE FUNCTION private.check_prize_formula();

CREATE TRIGGER series_set_updated_at BEFORE UPDATE ON public.series FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Status and timetable --------------------------------------------------------------------------------

comment on function private.tournament_check_in_closes_at(public.tournaments) is 'When check-in closes: the tournament''s own time, else 60 minutes before the start for a championship and 15 otherwise.';
CREATE OR REPLACE FUNCTION private.tournament_check_in_closes_at(p_tournament public.tournaments)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  return coalesce(p_tournament.check_in_closes_at,
                  p_tournament.starts_at - case p_tournament.series when 'championship' then interval '60 minutes'
                                                                     else interval '15 minutes' end);
end;
$function$;

comment on function private.stages_valid(jsonb) is 'Whether a declared format is one the draw can run: null (one knockout), or 1 to 3 stages of kind groups, knockout, swiss or double_elimination; groups (group_size 3 or 4, advance per_group 1 to group_size - 1 and best_of_next 0 or more, seeding random or rating) are followed by a knockout; a Swiss stage (rounds 1 to 12 when the catalog says more than the players need) or a double elimination is the whole tournament.';
CREATE OR REPLACE FUNCTION private.stages_valid(p jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The CHECK of every tournament row, so it runs on every update of one (the capacity lock of each paid
-- confirmation): PL/pgSQL keeps its query's plan for the connection, where an SQL function that sets its
-- own search_path was parsed and planned again on every call. It names nothing outside pg_catalog.
begin
  if p is null then
    return true;
  end if;
  return (
    jsonb_typeof(p) = 'array' and jsonb_array_length(p) between 1 and 3
    and not exists (
      select 1 from jsonb_array_elements(p) with ordinality as s (stage, i)
       where jsonb_typeof(s.stage) <> 'object'
          or coalesce(s.stage ->> 'kind', '') not in ('groups', 'knockout', 'swiss', 'double_elimination')
          or (s.stage ? 'name' and (jsonb_typeof(s.stage -> 'name') <> 'string' or char_length(s.stage ->> 'name') not between 1 and 40))
          or (s.stage ->> 'kind' = 'groups' and (
                coalesce(s.stage ->> 'group_size', '4') not in ('3', '4')
                or coalesce(s.stage #>> '{advance,per_group}', '') !~ '^[1-3]$'
                or (s.stage #>> '{advance,per_group}')::integer >= coalesce((s.stage ->> 'group_size')::integer, 4)
                or coalesce(s.stage #>> '{advance,best_of_next}', '0') !~ '^[0-9]{1,3}$'
                or coalesce(s.stage ->> 'seeding', 'random') not in ('random', 'rating')
                or coalesce(p -> (s.i::integer) ->> 'kind', '') <> 'knockout'))
          or (s.stage ->> 'kind' = 'knockout' and s.stage ? 'third_place' and jsonb_typeof(s.stage -> 'third_place') <> 'boolean')
          or (s.stage ->> 'kind' in ('swiss', 'double_elimination') and jsonb_array_length(p) <> 1)
          or (s.stage ->> 'kind' = 'swiss' and s.stage ? 'rounds' and coalesce(s.stage ->> 'rounds', '') !~ '^([1-9]|1[0-2])$')));
end;
$function$;

comment on function private.tournament_format(public.tournaments) is 'The contract''s format word of a tournament: from the stages its draw made once drawn (a groups stage that fell back to a knockout reads knockout), else from the stages the catalog declares: knockout, groups_knockout, swiss or double_elimination.';
CREATE OR REPLACE FUNCTION private.tournament_format(p_tournament public.tournaments)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with kinds as (
    select coalesce(
      (select array_agg(kind order by stage_no) from public.tournament_stages where tournament_id = p_tournament.id),
      (select array_agg(s ->> 'kind' order by i) from jsonb_array_elements(p_tournament.stages) with ordinality as x (s, i)),
      array['knockout']) as k
  )
  select case when k[1] = 'groups' then 'groups_knockout' else k[1] end from kinds;
$function$;

comment on function private.tournament_state(public.tournaments,timestamp with time zone) is 'A tournament''s state for its page: status and label, entries and capacity, the registration and check-in times, start, current round and format.';
CREATE OR REPLACE FUNCTION private.tournament_state(p_tournament public.tournaments, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with s as (select private.tournament_status(p_tournament, p_now) as status)
  select jsonb_build_object(
    'status', s.status,
    'label', private.tournament_status_label(s.status),
    'entries', p_tournament.filled_slots,
    'capacity', p_tournament.max_players,
    'registration_closes_at', private.tournament_registration_closes_at(p_tournament),
    'check_in_opens_at', private.tournament_check_in_opens_at(p_tournament),
    'check_in_closes_at', private.tournament_check_in_closes_at(p_tournament),
    'starts_at', p_tournament.starts_at,
    'current_round', case when s.status = 'live' then p_tournament.current_round end,
    'format', private.tournament_format(p_tournament)
  )
  from s;
$function$;

-- Pods ------------------------------------------------------------------------------------------------

comment on function private.ensure_open_pods() is 'Opens a pod in every active quick series that has none open; returns how many were opened.';
CREATE OR REPLACE FUNCTION private.ensure_open_pods()
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_series text;
  v_opened integer := 0;
  v_before text;
begin
  for v_series in select id from public.series where active and kind = 'quick' order by id loop
    v_before := private.open_pod_of(v_series, private.clock_now());
    if v_before is null and private.ensure_open_pod(v_series) is not null then
      v_opened := v_opened + 1;
    end if;
  end loop;
  return v_opened;
end;
$function$;

comment on function private.open_next_pod_after_fill() is 'Trigger on tournaments: when a pod fills, opens the next pod of its series.';
CREATE OR REPLACE FUNCTION private.open_next_pod_after_fill()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.ensure_open_pod(new.series_id);
  return null;
end;
$function$;

-- A tournament's page ---------------------------------------------------------------------------------

comment on function private.tournament_page_link(public.tournaments) is 'The site path of a tournament''s page (a pod''s shell page, or a championship''s own page).';
CREATE OR REPLACE FUNCTION private.tournament_page_link(p_tournament public.tournaments)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select case when p_tournament.series = 'quick' then '/pod/?id=' || p_tournament.id else '/tournaments/' || p_tournament.id end $function$;

-- Places one buyer may hold ---------------------------------------------------------------------------

comment on function private.slots_per_buyer(integer) is 'The places one buyer may hold in a tournament of this capacity: half (at least 1, at most 10).';
CREATE OR REPLACE FUNCTION private.slots_per_buyer(p_max_players integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- The generated column tournaments.max_slots_per_buyer is computed again on every update of a tournament
  -- (the capacity lock of each paid confirmation): without a search_path of its own the planner inlines it
  -- (built-ins only) instead of calling an SQL function each time.
  select least(10, greatest(1, p_max_players / 2))
$function$;

-- The prize formula -----------------------------------------------------------------------------------

comment on function private.formula_bands(jsonb,bigint) is 'A formula''s bands for a pool; the paise a share loses to rounding go to the better places, so a valid formula totals the pool exactly.';
CREATE OR REPLACE FUNCTION private.formula_bands(p_formula jsonb, p_pool_paise bigint)
 RETURNS TABLE(from_place integer, to_place integer, total_paise bigint)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with items as (
    select coalesce((item ->> 'from_place')::integer, split_part(item ->> 'places', '-', 1)::integer) as from_place,
           coalesce((item ->> 'to_place')::integer, nullif(split_part(item ->> 'places', '-', 2), '')::integer,
                    split_part(item ->> 'places', '-', 1)::integer) as to_place,
           (item ->> 'share_bp')::bigint as share_bp,
           coalesce((item ->> 'amount_paise')::bigint, (item ->> 'paise')::bigint, 0) as amount_paise
      from jsonb_array_elements(case when jsonb_typeof(p_formula) = 'array' then p_formula else '[]'::jsonb end) as item
  ), valid as (
    select i.*, case when i.share_bp is not null then coalesce(p_pool_paise, 0) * i.share_bp / 10000 else i.amount_paise end as base
      from items i
     where i.from_place >= 1 and i.to_place >= i.from_place
  ), leftover as (
    select coalesce(p_pool_paise, 0) - coalesce(sum(base), 0) as paise, count(*) filter (where share_bp is not null) as shares
      from valid
  ), ranked as (
    select v.*, case when v.share_bp is not null then row_number() over (partition by v.share_bp is not null order by v.from_place) end as share_rank
      from valid v
  )
  select r.from_place, r.to_place,
         (r.base + case when r.share_rank is not null and l.paise > 0 and l.paise < l.shares and r.share_rank <= l.paise
                        then 1 else 0 end)::bigint
    from ranked r cross join leftover l;
$function$;

comment on function private.prize_formula_problem(jsonb,bigint) is 'The one rule for a prize formula: well-formed bands, no place paid twice, a total of exactly the pool.';
CREATE OR REPLACE FUNCTION private.prize_formula_problem(p_formula jsonb, p_pool_paise bigint)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_item jsonb;
  v_total bigint;
begin
  if p_formula is null or p_formula = '[]'::jsonb then
    return null; -- the whole pool to the winner
  end if;
  if jsonb_typeof(p_formula) <> 'array' then
    return 'the prize formula must be a list of bands';
  end if;
  for v_item in select value from jsonb_array_elements(p_formula) loop
    if jsonb_typeof(v_item) <> 'object'
       or not (coalesce(v_item ->> 'places', '') ~ '^[1-9][0-9]{0,3}(-[1-9][0-9]{0,3})?$'
               or (coalesce(v_item ->> 'from_place', '') ~ '^[1-9][0-9]{0,3}$' and coalesce(v_item ->> 'to_place', '') ~ '^[1-9][0-9]{0,3}$'))
       or not (coalesce(v_item ->> 'share_bp', '') ~ '^[0-9]{1,5}$'
               or coalesce(v_item ->> 'amount_paise', v_item ->> 'paise', '') ~ '^[0-9]{1,15}$') then
      return 'the band ' || v_item::text || ' is not {places, paise}, {from_place, to_place, amount_paise} or {from_place, to_place, share_bp}';
    end if;
    if (v_item ->> 'share_bp') is not null and (v_item ->> 'share_bp')::integer > 10000 then
      return 'the band ' || v_item::text || ' takes more than the whole pool';
    end if;
  end loop;
  if (select count(*) from private.formula_bands(p_formula, p_pool_paise)) <> jsonb_array_length(p_formula) then
    return 'a band''s places must run from a place to the same or a later one';
  end if;
  if exists (select 1 from private.formula_bands(p_formula, p_pool_paise) a, private.formula_bands(p_formula, p_pool_paise) b
              where (a.from_place, a.to_place) <> (b.from_place, b.to_place)
                and int4range(a.from_place, a.to_place, '[]') && int4range(b.from_place, b.to_place, '[]')) then
    return 'two bands pay the same place';
  end if;
  if (select count(*) from (select from_place, to_place from private.formula_bands(p_formula, p_pool_paise)
                             group by 1, 2 having count(*) > 1) as twice) > 0 then
    return 'two bands pay the same place';
  end if;
  select coalesce(sum(total_paise), 0) into v_total from private.formula_bands(p_formula, p_pool_paise);
  if v_total <> coalesce(p_pool_paise, 0) then
    return 'its bands pay ₹' || to_char(v_total / 100.0, 'FM99999999990.00') || ' in total but its prize pool is ₹'
           || to_char(coalesce(p_pool_paise, 0) / 100.0, 'FM99999999990.00') || ': the bands must add up to the pool exactly';
  end if;
  return null;
end;
$function$;

comment on function private.check_prize_formula() is 'A prize formula that does not pay exactly the pool never lands: the catalog sync stops with the reason.';
CREATE OR REPLACE FUNCTION private.check_prize_formula()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_problem text;
  v_series_formula jsonb;
begin
  if tg_table_name = 'tournaments' and tg_op = 'INSERT' then
    if new.prize_formula is null and new.series_id is not null then
      select s.prize_formula into v_series_formula from public.series s where s.id = new.series_id;
      if v_series_formula is not null and private.prize_formula_problem(v_series_formula, new.prize_pool_paise) is null then
        new.prize_formula := v_series_formula;
      end if;
    end if;
  end if;
  v_problem := private.prize_formula_problem(new.prize_formula, new.prize_pool_paise);
  if v_problem is not null then
    raise exception 'The prize formula of % is refused: %', new.id, v_problem
      using errcode = 'PT400', hint = 'invalid_prize_formula';
  end if;
  return new;
end;
$function$;

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Status and timetable --------------------------------------------------------------------------------

comment on function public.get_tournament_state(text) is 'The public contract (docs/contract.md): status, label, entries, capacity, the timetable and the current round of one tournament, for anyone.';
CREATE OR REPLACE FUNCTION public.get_tournament_state(p_tournament_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_tournament public.tournaments%rowtype;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  return private.tournament_state(v_tournament, private.clock_now());
end;
$function$;

comment on function public.get_tournament_states(text[]) is 'get_tournament_state for many ids in one call (null: every tournament), with each id and a cancel reason. A series id answers for its newest pod. Unknown ids are left out.';
CREATE OR REPLACE FUNCTION public.get_tournament_states(p_tournament_ids text[] DEFAULT NULL::text[])
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with asked as (
    select t.id as key, t as tournament, null::text as pod_id
      from public.tournaments as t
     where (p_tournament_ids is null or t.id = any (p_tournament_ids))
       and not exists (select 1 from public.series s where s.id = t.id and s.kind = 'quick')
    union all
    select s.id, newest.pod, (newest.pod).id
      from public.series as s
      cross join lateral (
        select p as pod from public.tournaments as p
         where p.series_id = s.id and p.pod_number is not null
         order by p.pod_number desc
         limit 1
      ) as newest
     where s.kind = 'quick' and p_tournament_ids is not null and s.id = any (p_tournament_ids)
  )
  select coalesce(jsonb_agg(private.tournament_list_state(tournament, private.clock_now())
                            || jsonb_build_object('id', key)
                            || case when pod_id is null then '{}'::jsonb else jsonb_build_object('pod_id', pod_id) end
                            order by (tournament).starts_at, key),
                  '[]'::jsonb)
    from asked;
$function$;

comment on function public.get_tournament_participants(text) is 'In-game names of a tournament''s players in registration order, for anyone; never e-mails, ids or payments.';
CREATE OR REPLACE FUNCTION public.get_tournament_participants(p_tournament_id text)
 RETURNS TABLE(in_game_name text, slots integer, registered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_tournament_id is null or btrim(p_tournament_id) = '' then
    raise exception 'p_tournament_id is required' using errcode = 'PT400', hint = 'tournament_id_required';
  end if;
  if not exists (select 1 from public.tournaments as t where t.id = p_tournament_id) then
    raise exception 'Tournament not found' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  return query
    select p.in_game_name, r.slots, r.registered_at
      from public.tournament_registrations as r
      join public.profiles as p on p.id = r.user_id
     where r.tournament_id = p_tournament_id
       and r.status <> 'cancelled'
     order by r.registered_at, r.id;
end;
$function$;

-- Pods ------------------------------------------------------------------------------------------------

comment on function public.service_ensure_open_pods() is 'Makes sure every active series has its open pod; the catalog sync calls it. Service role only.';
CREATE OR REPLACE FUNCTION public.service_ensure_open_pods()
 RETURNS integer
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.ensure_open_pods();
$function$;

-- Postponing and cancelling ---------------------------------------------------------------------------

comment on function public.staff_postpone_tournament(text,timestamp with time zone,text) is 'Organisers: moves a tournament that has not been drawn to a later start, with its whole timetable, with a reason written to the audit log.';
CREATE OR REPLACE FUNCTION public.staff_postpone_tournament(p_tournament_id text, p_starts_at timestamp with time zone, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_shift interval;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.drawn_at is not null or private.tournament_status(v_tournament, v_now) in ('cancelled', 'finished', 'settled') then
    raise exception 'Only a tournament that has not been drawn can be postponed' using errcode = 'PT409', hint = 'tournament_already_drawn';
  end if;
  if p_starts_at is null or p_starts_at <= v_tournament.starts_at then
    raise exception 'The new start must be later than the current one' using errcode = 'PT400', hint = 'invalid_start_time';
  end if;
  v_shift := p_starts_at - v_tournament.starts_at;
  -- Every window moves with the start (each default is relative to it; set ones move explicitly).
  update public.tournaments
     set starts_at = p_starts_at,
         registration_closes_at = registration_closes_at + v_shift,
         check_in_opens_at = check_in_opens_at + v_shift,
         check_in_closes_at = check_in_closes_at + v_shift
   where id = p_tournament_id
  returning * into v_tournament;
  perform private.audit(p_tournament_id, 'postponed',
                        'Postponed to ' || to_char(p_starts_at at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI') || ' IST',
                        v_reason, jsonb_build_object('starts_at', p_starts_at - v_shift), jsonb_build_object('starts_at', p_starts_at),
                        true, v_staff);
  return private.tournament_state(v_tournament, v_now);
end;
$function$;

comment on function public.staff_cancel_tournament(text,text) is 'Organisers (public contract): cancels a tournament; every paid entry is refunded through the outbox and every player is told.';
CREATE OR REPLACE FUNCTION public.staff_cancel_tournament(p_tournament_id text, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_staff uuid := private.require_staff('organiser', p_tournament_id);
  v_reason text := private.require_reason(p_reason);
  v_refunds integer;
  v_player record;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament does not exist' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if private.tournament_status(v_tournament, v_now) in ('cancelled', 'finished', 'settled') then
    raise exception 'This tournament is already % and cannot be cancelled', private.tournament_status(v_tournament, v_now)
      using errcode = 'PT409', hint = 'tournament_not_cancellable';
  end if;
  -- Who to tell, read before the entries are cancelled.
  for v_player in
    select distinct u.id, u.email from public.entries e
      join auth.users u on u.id in (e.player_id, e.buyer_id)
     where e.tournament_id = p_tournament_id and e.status <> 'cancelled' and u.email is not null
  loop
    -- In the player's language (the message catalog).
    perform private.queue_email('tournament-cancelled-' || p_tournament_id || '-' || v_player.id, v_player.email,
                                m.title, m.body, '/my-tournaments')
       from private.compose_message('tournament_cancelled', private.player_language(v_player.id),
                                    jsonb_build_object('tournament', v_tournament.title, 'reason', v_reason)) as m;
  end loop;
  v_refunds := private.cancel_tournament(p_tournament_id, v_reason, v_now);
  perform private.audit(p_tournament_id, 'tournament_cancelled', 'Tournament cancelled', v_reason,
                        jsonb_build_object('status', private.tournament_status(v_tournament, v_now)),
                        jsonb_build_object('status', 'cancelled', 'refunds_queued', v_refunds), true, v_staff);
  return jsonb_build_object('refunds_queued', v_refunds);
end;
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- The catalog -----------------------------------------------------------------------------------------

revoke all on table public.tournaments from anon;
grant select on table public.tournaments to anon;
revoke all on table public.tournaments from authenticated;
grant select on table public.tournaments to authenticated;
alter publication supabase_realtime add table public.tournaments;

revoke all on table public.series from anon;
grant select on table public.series to anon;
revoke all on table public.series from authenticated;
grant select on table public.series to authenticated;
alter publication supabase_realtime add table public.series;

-- Status and timetable --------------------------------------------------------------------------------

revoke all on function private.tournament_registration_closes_at(public.tournaments) from public;

revoke all on function private.tournament_check_in_opens_at(public.tournaments) from public;

revoke all on function private.tournament_status(public.tournaments,timestamp with time zone) from public;

revoke all on function private.tournament_status_label(text) from public;

revoke all on function private.stages_valid(jsonb) from public;
grant execute on function private.stages_valid(jsonb) to service_role;

revoke all on function private.tournament_format(public.tournaments) from public;

revoke all on function private.tournament_list_state(public.tournaments,timestamp with time zone) from public;

-- Pods ------------------------------------------------------------------------------------------------

revoke all on function private.open_pod_of(text,timestamp with time zone) from public;

revoke all on function private.ensure_open_pod(text) from public;

revoke all on function private.close_filled_pod() from public;

revoke all on function private.run_due_pod_work() from public;

-- Postponing and cancelling ---------------------------------------------------------------------------

revoke all on function private.cancel_tournament(text,text,timestamp with time zone,text) from public;

-- Status and timetable --------------------------------------------------------------------------------

revoke all on function private.tournament_check_in_closes_at(public.tournaments) from public;

revoke all on function private.tournament_state(public.tournaments,timestamp with time zone) from public;

-- Pods ------------------------------------------------------------------------------------------------

revoke all on function private.ensure_open_pods() from public;

revoke all on function private.open_next_pod_after_fill() from public;

-- Status and timetable --------------------------------------------------------------------------------

revoke all on function public.get_tournament_state(text) from public;

revoke all on function public.get_tournament_states(text[]) from public;

revoke all on function public.get_tournament_participants(text) from public;

-- Pods ------------------------------------------------------------------------------------------------

revoke all on function public.service_ensure_open_pods() from anon;
revoke all on function public.service_ensure_open_pods() from authenticated;
revoke all on function public.service_ensure_open_pods() from public;

-- Postponing and cancelling ---------------------------------------------------------------------------

revoke all on function public.staff_postpone_tournament(text,timestamp with time zone,text) from anon;
revoke all on function public.staff_postpone_tournament(text,timestamp with time zone,text) from public;

revoke all on function public.staff_cancel_tournament(text,text) from anon;
revoke all on function public.staff_cancel_tournament(text,text) from public;

-- The catalog -----------------------------------------------------------------------------------------

create policy "Anyone can read tournaments" on public.tournaments
  as permissive for select to anon, authenticated
  using (true);

create policy "Anyone can read series" on public.series
  as permissive for select to anon, authenticated
  using (true);

-- A tournament's page ---------------------------------------------------------------------------------

revoke all on function private.tournament_page_link(public.tournaments) from public;

-- Places one buyer may hold ---------------------------------------------------------------------------

revoke all on function private.slots_per_buyer(integer) from public;
-- tournaments.max_slots_per_buyer is computed by it on every write of a tournament row, which the service role makes.
grant execute on function private.slots_per_buyer(integer) to service_role;

-- The prize formula -----------------------------------------------------------------------------------

revoke all on function private.formula_bands(jsonb,bigint) from public;

revoke all on function private.prize_formula_problem(jsonb,bigint) from public;

revoke all on function private.check_prize_formula() from public;
