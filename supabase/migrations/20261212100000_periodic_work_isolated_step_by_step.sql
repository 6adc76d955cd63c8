-- =====================================================================================================
-- Periodic work that never stops for one bad row: each step, and each item of a looping step, on its own
-- =====================================================================================================
-- private.run_due_work() ran every registered step in one transaction: one step that raised (one erasure, one
-- draw, one prize credit) rolled back every other step's work and failed every run from then on, so draws,
-- prize credits, payout checks, refunds and every other erasure stopped for everyone.
--
-- Now each step runs in its own subtransaction, and the steps that loop over independent items (erasures and
-- their reminders, draws, pods past their deadline, match deadlines, prize credits) run each item in its own.
-- A failure is recorded (private.due_work_failures: step, item, error, failures in a row), retried on the next
-- run, and parked after private.setting('due_work_park_after') failures in a row (5) until an admin retries it
-- (staff_retry_due_work). The steps' health (private.due_work_health) answers get_due_work_health(); the
-- console's needs-attention list shows `due_work_failed` items from it (a later migration, with the withdrawals
-- waiting for approval) until the step runs clean: its last run raised nothing and left no failed or parked item. A parked erasure shows the date by which the law expects it
-- (erase_at + account_erasure_deadline_after).
--
-- A step's own failure is never parked: it is not tied to one row, and parking it would stop that work for
-- everyone; it is retried every run and shown until it runs clean.
--
-- private.due_step_fault_requested(step)   false here; the local stack replaces it (local_fail_due_step).
-- private.due_item_parked(item)           an item of the running step waits for an admin.
-- private.due_item_failed(item, error, state)
--                                          records an item's failure inside a run; outside one, raises it again.
-- private.run_due_work                    each step in a subtransaction, its health recorded.
-- private.run_due_account_deletions, private.run_due_draw_work, private.run_due_pod_work,
-- private.run_due_match_work, private.credit_due_prizes
--                                          each item in its own subtransaction.
-- public.get_due_work_health              platform admins at aal2 and the service role.
-- public.staff_retry_due_work             platform admins at aal2: a parked item (or every one of a step) again.
-- =====================================================================================================

insert into private.settings (key, value, note) values
  ('due_work_park_after', '5',
   'Failures in a row after which an item of a periodic step is parked until an admin retries it (staff_retry_due_work).'),
  ('account_erasure_deadline_after', '"30 days"',
   'How long after its scheduled date an erasure may wait (parked, failing, or held by money or play) before staff are told it risks the legal deadline. For a lawyer to confirm against the DPDP Rules.');

create table private.due_work_health (
  step text primary key references private.due_work_steps (name) on delete cascade,
  last_run_at timestamptz not null,
  last_ok_at timestamptz,
  failures_in_a_row integer not null default 0 constraint due_work_health_failures_not_negative check (failures_in_a_row >= 0),
  last_error text,
  -- The step's own error in its last run (null when it ran to its end, whatever its items did).
  step_error text
);
comment on table private.due_work_health is 'One row per periodic step that has run: its last run, its last clean run (nothing raised, no failed or parked item), the runs in a row that were not clean and the last error.';
alter table private.due_work_health enable row level security;

create table private.due_work_failures (
  step text not null references private.due_work_steps (name) on delete cascade,
  item text not null constraint due_work_failures_item_named check (item <> ''),
  error text not null,
  sqlstate text,
  failures_in_a_row integer not null default 1 constraint due_work_failures_counted check (failures_in_a_row >= 1),
  first_failed_at timestamptz not null,
  last_failed_at timestamptz not null,
  -- The run (private.due_work_run) in which it last failed: a row not failed in its step's latest run is gone.
  last_failed_run bigint not null,
  parked_at timestamptz,
  constraint due_work_failures_pkey primary key (step, item)
);
comment on table private.due_work_failures is 'Items of periodic steps that failed in their step''s latest run, or are parked after failing private.setting(''due_work_park_after'') runs in a row. A row goes when its item no longer fails (or is no longer due) in a run, or when an admin retries a parked one.';
alter table private.due_work_failures enable row level security;

create sequence private.due_work_run;

create or replace function private.due_step_fault_requested(p_step text) returns boolean
language sql
stable
set search_path = ''
as $$
  -- A seam for the local stack's tests (supabase/local/clock.sql replaces it): a hosted project never fails a step on request.
  select false;
$$;
comment on function private.due_step_fault_requested(text) is 'Whether a test asked the named periodic step to fail on its next run (always false outside the local stack, whose clock.sql replaces this function).';

create or replace function private.due_item_parked(p_item text) returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from private.due_work_failures f
     where f.step = nullif(current_setting('golazo.due_step', true), '') and f.item = p_item and f.parked_at is not null);
$$;
comment on function private.due_item_parked(text) is 'Inside a periodic run: whether this item of the running step is parked until an admin retries it (the step skips it).';

create or replace function private.due_item_failed(p_item text, p_error text, p_sqlstate text default 'P0001') returns void
language plpgsql
set search_path = ''
as $$
declare
  v_step text := nullif(current_setting('golazo.due_step', true), '');
  v_run bigint := nullif(current_setting('golazo.due_run', true), '')::bigint;
  v_now timestamptz := private.clock_now();
  v_park_after integer := (private.setting('due_work_park_after') #>> '{}')::integer;
begin
  if v_step is null or v_run is null then
    -- Called outside private.run_due_work() (a test, a staff action calling the step): the caller sees the error.
    raise exception '%', p_error using errcode = coalesce(p_sqlstate, 'P0001');
  end if;
  insert into private.due_work_failures as f
         (step, item, error, sqlstate, failures_in_a_row, first_failed_at, last_failed_at, last_failed_run, parked_at)
  values (v_step, p_item, p_error, p_sqlstate, 1, v_now, v_now, v_run, case when v_park_after <= 1 then v_now end)
  on conflict (step, item) do update
     set error = excluded.error, sqlstate = excluded.sqlstate,
         failures_in_a_row = f.failures_in_a_row + 1,
         last_failed_at = excluded.last_failed_at, last_failed_run = excluded.last_failed_run,
         parked_at = coalesce(f.parked_at, case when f.failures_in_a_row + 1 >= v_park_after then v_now end);
end;
$$;
comment on function private.due_item_failed(text,text,text) is 'Inside a periodic run: records that an item of the running step failed (parked after due_work_park_after failures in a row); outside a run it raises the error again.';

create or replace function private.due_step_ran(p_step text, p_run bigint, p_step_error text) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_item_error text;
begin
  if p_step_error is null then
    -- Items that did not fail in this run succeeded or are no longer due: their rows go, parked ones stay.
    delete from private.due_work_failures where step = p_step and parked_at is null and last_failed_run < p_run;
  end if;
  select f.error into v_item_error from private.due_work_failures f
   where f.step = p_step order by f.last_failed_at desc, f.item limit 1;
  insert into private.due_work_health as h (step, last_run_at, last_ok_at, failures_in_a_row, last_error, step_error)
  values (p_step, v_now,
          case when p_step_error is null and v_item_error is null then v_now end,
          case when p_step_error is null and v_item_error is null then 0 else 1 end,
          coalesce(p_step_error, v_item_error), p_step_error)
  on conflict (step) do update
     set last_run_at = excluded.last_run_at,
         last_ok_at = coalesce(excluded.last_ok_at, h.last_ok_at),
         failures_in_a_row = case when excluded.failures_in_a_row = 0 then 0 else h.failures_in_a_row + 1 end,
         last_error = coalesce(excluded.last_error, case when excluded.failures_in_a_row = 0 then null else h.last_error end),
         step_error = excluded.step_error;
end;
$$;
comment on function private.due_step_ran(text,bigint,text) is 'Records a periodic step''s run in private.due_work_health (p_step_error: its own error, null when it ran to its end) and drops the failures of items that did not fail again.';

create or replace function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_step private.due_work_steps%rowtype;
  v_function regprocedure;
  v_answer jsonb;
  v_result jsonb := '{}'::jsonb;
  v_failed jsonb := '[]'::jsonb;
  v_run bigint := nextval('private.due_work_run');
  v_fault boolean;
  v_error text;
begin
  perform set_config('golazo.due_run', v_run::text, true);
  for v_step in select * from private.due_work_steps order by run_order loop
    -- Asked before the step's subtransaction, so that the request is used up even though the step then fails.
    v_fault := private.due_step_fault_requested(v_step.name);
    perform set_config('golazo.due_step', v_step.name, true);
    begin
      v_function := to_regprocedure(v_step.function_name || '()');
      if v_function is null then
        raise exception 'The due-work step % calls %, which no longer exists', v_step.name, v_step.function_name;
      end if;
      if v_fault then
        raise exception 'The step % was asked to fail once (local_fail_due_step)', v_step.name;
      end if;
      -- regprocedure prints the function schema-qualified and quoted: nothing else reaches the statement.
      execute 'select ' || v_function::text into v_answer;
      v_result := v_result || coalesce(v_answer, '{}'::jsonb);
      v_error := null;
    exception when others then
      -- Everything the step did is undone (its subtransaction); the other steps go on.
      get stacked diagnostics v_error = message_text;
      v_failed := v_failed || to_jsonb(v_step.name);
    end;
    perform private.due_step_ran(v_step.name, v_run, v_error);
    perform set_config('golazo.due_step', '', true);
  end loop;
  perform set_config('golazo.due_run', '', true);
  return v_result || jsonb_build_object('failed_steps', v_failed);
end;
$$;
comment on function private.run_due_work() is 'The periodic function (pg_cron every minute; the local stack''s timer): runs every registered step in order, each in its own subtransaction (a failing step is recorded and the others go on), and answers their counts merged into one object with failed_steps. Safe to run at any time, any number of times.';

-- -----------------------------------------------------------------------------------------------------
-- The looping steps: each item on its own
-- -----------------------------------------------------------------------------------------------------

create or replace function private.run_due_account_deletions() returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_deletion private.account_deletions%rowtype;
  v_reminded integer := 0;
  v_erased integer := 0;
  v_waiting integer := 0;
  v_failed integer := 0;
  v_expired integer;
  v_error text;
  v_state text;
begin
  for v_deletion in
    select * from private.account_deletions
     where cancelled_at is null and erased_at is null and reminded_at is null
       and erase_at - (private.setting('account_deletion_reminder_before') #>> '{}')::interval <= v_now
       and erase_at > v_now
     for update skip locked
  loop
    continue when private.due_item_parked('reminder ' || v_deletion.id);
    begin
      perform private.account_deletion_email(v_deletion, 'reminder');
      update private.account_deletions set reminded_at = v_now where id = v_deletion.id;
      v_reminded := v_reminded + 1;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed('reminder ' || v_deletion.id, v_error, v_state);
      v_failed := v_failed + 1;
    end;
  end loop;

  for v_deletion in
    select * from private.account_deletions d
     where d.cancelled_at is null and d.erased_at is null and d.erase_at <= v_now
       and not private.due_item_parked(d.user_id::text)
     order by d.erase_at
     limit 20
     for update skip locked
  loop
    -- Money or play that opened during the grace period waits: the erasure follows once it is settled.
    if private.account_deletion_blocker(v_deletion.user_id, v_deletion.forfeit_consented_at is not null) is not null then
      v_waiting := v_waiting + 1;
      continue;
    end if;
    begin
      perform private.erase_account(v_deletion.user_id);
      v_erased := v_erased + 1;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_deletion.user_id::text, v_error, v_state);
      v_failed := v_failed + 1;
    end;
  end loop;

  delete from private.kept_records where kept_until <= v_now;
  get diagnostics v_expired = row_count;
  return jsonb_build_object('deletion_reminders', v_reminded, 'accounts_erased', v_erased,
                            'erasures_waiting', v_waiting, 'kept_records_expired', v_expired, 'erasures_failed', v_failed);
end;
$$;

create or replace function private.run_due_draw_work() returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_drawn integer := 0;
  v_failed integer := 0;
  v_error text;
  v_state text;
begin
  for v_tournament in
    select * from public.tournaments t
     where t.drawn_at is null and t.cancelled_at is null
       and private.tournament_check_in_closes_at(t) <= v_now
       and private.tournament_status(t, v_now) = 'check-in'
       and not private.due_item_parked(t.id)
     order by private.tournament_check_in_closes_at(t), t.id
     for update skip locked
  loop
    begin
      perform private.run_draw(v_tournament.id, null);
      v_drawn := v_drawn + 1;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_tournament.id, v_error, v_state);
      v_failed := v_failed + 1;
    end;
  end loop;
  return jsonb_build_object('draws_run', v_drawn, 'draws_failed', v_failed);
end;
$$;

create or replace function private.run_due_pod_work() returns jsonb
language plpgsql
set search_path = ''
as $$
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
        v_pod.id, 'Not enough players joined before the deadline. Every entry has been refunded.', v_pod.fill_deadline_at);
      v_cancelled := v_cancelled + 1;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_pod.id, v_error, v_state);
    end;
  end loop;
  return jsonb_build_object('pods_cancelled', v_cancelled, 'pod_refunds', v_refunds, 'pods_opened', private.ensure_open_pods());
end;
$$;

create or replace function private.run_due_match_work() returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_match public.matches%rowtype;
  v_decision text;
  v_confirmed integer := 0;
  v_walkovers integer := 0;
  v_void integer := 0;
  v_disputes integer := 0;
  v_error text;
  v_state text;
begin
  for v_match in
    select m.* from public.matches m join public.tournaments t on t.id = m.tournament_id
     where m.status in ('scheduled', 'ready', 'reported') and t.cancelled_at is null
       and (m.scheduled_at + interval '10 minutes' < v_now or m.status = 'reported')
       and not private.due_item_parked(m.id::text)
     order by m.scheduled_at, m.id
     for update of m skip locked
  loop
    begin
      v_decision := private.due_match_decision(v_match, v_now);
      continue when v_decision is null;
      perform private.apply_due_match_decision(v_match);
      case v_decision
        when 'auto_confirm' then v_confirmed := v_confirmed + 1;
        when 'walkover' then v_walkovers := v_walkovers + 1;
        when 'void' then v_void := v_void + 1;
        else v_disputes := v_disputes + 1;
      end case;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_match.id::text, v_error, v_state);
    end;
  end loop;
  return jsonb_build_object('results_auto_confirmed', v_confirmed, 'walkovers', v_walkovers, 'matches_void', v_void,
                            'disputes_opened', v_disputes);
end;
$$;

create or replace function private.credit_due_prizes(p_now timestamptz) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_id text;
  v_settled integer := 0;
  v_error text;
  v_state text;
begin
  for v_id in
    select t.id from public.tournaments t
     where t.finished_at is not null and t.settled_at is null and t.cancelled_at is null
       and t.finished_at + private.challenge_window(t) <= p_now
       and not private.due_item_parked(t.id)
     order by t.finished_at, t.id
  loop
    begin
      if private.credit_prizes(v_id) ? 'settled' then
        v_settled := v_settled + 1;
      end if;
    exception when others then
      get stacked diagnostics v_error = message_text, v_state = returned_sqlstate;
      perform private.due_item_failed(v_id, v_error, v_state);
    end;
  end loop;
  return v_settled;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- What staff read and do
-- -----------------------------------------------------------------------------------------------------

create or replace function private.erasure_deadline(p_user_id uuid) returns timestamptz
language sql
stable
set search_path = ''
as $$
  select d.erase_at + (private.setting('account_erasure_deadline_after') #>> '{}')::interval
    from private.account_deletions d
   where d.user_id = p_user_id and d.cancelled_at is null and d.erased_at is null
   order by d.erase_at limit 1;
$$;
comment on function private.erasure_deadline(uuid) is 'The date by which the scheduled erasure of this account is expected done (its scheduled date + account_erasure_deadline_after); null when none is scheduled.';

create or replace function private.require_admin_or_service() returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return null;
  end if;
  return private.require_staff('admin');
end;
$$;
comment on function private.require_admin_or_service() is 'Refuses callers other than the service role and platform admins at aal2; answers the admin''s id (null for the service role).';

create or replace function public.get_due_work_health() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin_or_service();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'step', s.name, 'area', s.area, 'last_run_at', h.last_run_at, 'last_ok_at', h.last_ok_at,
             'failures_in_a_row', coalesce(h.failures_in_a_row, 0), 'last_error', h.last_error,
             'failed_items', (select count(*) from private.due_work_failures f where f.step = s.name and f.parked_at is null),
             'parked_items', (select count(*) from private.due_work_failures f where f.step = s.name and f.parked_at is not null))
           order by s.run_order)
      from private.due_work_steps s
      left join private.due_work_health h on h.step = s.name), '[]'::jsonb);
end;
$$;
comment on function public.get_due_work_health() is 'Platform admins at aal2 and the service role (an uptime check): every periodic step with its last run, its last clean run, the runs in a row that were not clean, the last error and its failed and parked items.';
revoke all on function public.get_due_work_health() from public, anon;
grant execute on function public.get_due_work_health() to authenticated, service_role;

create or replace function public.staff_retry_due_work(p_step text, p_item text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin');
  v_released integer;
begin
  if not exists (select 1 from private.due_work_steps where name = p_step) then
    raise exception 'No periodic step is called that' using errcode = 'PT404', hint = 'due_work_step_not_found';
  end if;
  -- The failures go: the next run tries the item again, with the full count of tries before it parks.
  delete from private.due_work_failures
   where step = p_step and (p_item is null or item = p_item) and parked_at is not null;
  get diagnostics v_released = row_count;
  if v_released = 0 then
    raise exception 'Nothing of this step is parked' using errcode = 'PT409', hint = 'due_work_not_parked';
  end if;
  perform private.audit(null, 'due_work_retried',
                        'Periodic step ' || p_step || ': ' || v_released || ' parked item' || case when v_released = 1 then '' else 's' end
                        || ' tried again on the next run',
                        null, null, jsonb_build_object('step', p_step, 'item', p_item, 'released', v_released), false, v_admin);
  return jsonb_build_object('step', p_step, 'released', v_released);
end;
$$;
comment on function public.staff_retry_due_work(text,text) is 'Platform admins at aal2: the parked items of a periodic step (one with p_item, else all) are tried again on the next run; audited.';
revoke all on function public.staff_retry_due_work(text,text) from public, anon;
grant execute on function public.staff_retry_due_work(text,text) to authenticated, service_role;

revoke execute on all functions in schema private from public;
