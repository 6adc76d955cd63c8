-- =====================================================================================================
-- foundation: the one clock, the outbox of outside calls, the periodic function and its registry, shared helpers
-- =====================================================================================================
-- Generated from supabase/migrations by `npm run schema` (scripts/schema-dump.ts): do not edit. The current
-- definition of every object of this area; change one with a new migration, then run `npm run schema`.
-- Areas are assigned in scripts/schema/areas.ts.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The private schema
-- -----------------------------------------------------------------------------------------------------

create schema private;
grant usage on schema private to anon, authenticated;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.set_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := now();
  return new;
end;
$function$;

-- -----------------------------------------------------------------------------------------------------
-- The clock
-- -----------------------------------------------------------------------------------------------------

comment on function private.clock_now() is 'The database''s one clock. now() on a hosted project; the local stack can freeze it for tests.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.clock_now()
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return now();
end;
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.today_in_india()
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select (private.clock_now() at time zone 'Asia/Kolkata')::date $function$;

-- -----------------------------------------------------------------------------------------------------
-- The outbox of outside calls
-- -----------------------------------------------------------------------------------------------------

comment on table private.outbox is 'Every call to the outside world (a refund, an order check, an e-mail, a KYC check, a payout), written in the same transaction as the decision that needs it. The outbox-worker claims due rows with a lease and calls with the row''s idempotency key, so a retry never acts twice; retries back off up to an hour, then the row waits for staff (gave_up).';
create table private.outbox (
  id bigint generated always as identity not null,
  kind text not null,
  idempotency_key text not null,
  payload jsonb not null,
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  next_attempt_at timestamp with time zone default private.clock_now() not null,
  last_answer jsonb,
  created_at timestamp with time zone default private.clock_now() not null,
  done_at timestamp with time zone,
  constraint outbox_pkey PRIMARY KEY (id),
  constraint outbox_one_call_per_decision UNIQUE (idempotency_key),
  constraint outbox_kind_known CHECK ((kind = ANY (ARRAY['razorpay_refund'::text, 'razorpay_order_check'::text, 'parental_consent_email'::text, 'email'::text, 'pan_verification'::text, 'upi_validation'::text, 'razorpayx_payout'::text, 'razorpayx_payout_check'::text, 'provider_reconciliation'::text]))),
  constraint outbox_status_known CHECK ((status = ANY (ARRAY['pending'::text, 'done'::text, 'gave_up'::text])))
);
CREATE INDEX outbox_due ON private.outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);

comment on table private.outbox_answers is 'Every answer an outside service gave to an outbox call, kept for support and reconciliation.';
create table private.outbox_answers (
  id bigint generated always as identity not null,
  outbox_id bigint not null,
  attempt integer not null,
  ok boolean not null,
  answer jsonb not null,
  answered_at timestamp with time zone default private.clock_now() not null,
  constraint outbox_answers_pkey PRIMARY KEY (id),
  constraint outbox_answers_outbox_id_fkey FOREIGN KEY (outbox_id) REFERENCES private.outbox(id)
);

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.outbox_lease()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '2 minutes' $function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.outbox_backoff(p_attempts integer)
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select least(power(2, greatest(p_attempts - 1, 0)), 60) * interval '1 minute';
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.enqueue_outside_call(p_kind text, p_idempotency_key text, p_payload jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into private.outbox (kind, idempotency_key, payload)
  values (p_kind, p_idempotency_key, p_payload)
  on conflict (idempotency_key) do nothing;
end;
$function$;

comment on function public.service_claim_outside_calls(integer,text) is 'The outbox-worker claims up to p_limit due outside calls (or only the one with p_idempotency_key), each leased to it for two minutes. Service role only.';
-- Callable by: service_role
CREATE OR REPLACE FUNCTION public.service_claim_outside_calls(p_limit integer DEFAULT 10, p_idempotency_key text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_claimed jsonb;
begin
  with due as (
    select id from private.outbox
     where status = 'pending' and next_attempt_at <= v_now
       and (p_idempotency_key is null or idempotency_key = p_idempotency_key)
     order by next_attempt_at, id
     limit greatest(least(coalesce(p_limit, 10), 100), 1)
     for update skip locked
  ), claimed as (
    update private.outbox o
       set attempts = o.attempts + 1,
           next_attempt_at = v_now + private.outbox_lease()
      from due
     where o.id = due.id
    returning o.id, o.kind, o.idempotency_key, o.payload, o.attempts
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', id, 'kind', kind, 'idempotency_key', idempotency_key, 'payload', payload, 'attempt', attempts
         ) order by id), '[]'::jsonb)
    into v_claimed
    from claimed;
  return v_claimed;
end;
$function$;

comment on function public.service_record_outside_answer(bigint,text,jsonb) is 'What the outside service said: done (took effect, or had already), retry (after the backoff) or failed (staff look at it). A done refund marks the payment refunded in the same transaction. Service role only.';
-- Callable by: service_role
CREATE OR REPLACE FUNCTION public.service_record_outside_answer(p_id bigint, p_outcome text, p_answer jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_item private.outbox%rowtype;
begin
  if p_outcome is null or p_outcome not in ('done', 'retry', 'failed') then
    raise exception 'Unknown outcome of an outside call' using errcode = 'PT400', hint = 'invalid_outbox_outcome';
  end if;
  select * into v_item from private.outbox where id = p_id for update;
  if not found then
    raise exception 'No such outside call' using errcode = 'PT404', hint = 'outbox_item_not_found';
  end if;

  insert into private.outbox_answers (outbox_id, attempt, ok, answer)
  values (v_item.id, v_item.attempts, p_outcome = 'done', coalesce(p_answer, '{}'::jsonb));

  if v_item.status <> 'pending' then
    return jsonb_build_object('status', v_item.status);
  end if;

  if p_outcome = 'done' then
    update private.outbox set status = 'done', done_at = v_now, last_answer = p_answer where id = v_item.id;
    -- A refund of a capture for an order we never recorded has no payment row to update.
    if v_item.kind = 'razorpay_refund' and v_item.payload ->> 'reason' is distinct from 'unknown_order' then
      perform private.apply_refund(
        v_item.payload ->> 'razorpay_payment_id',
        p_answer ->> 'refund_id',
        (p_answer ->> 'amount_paise')::integer,
        coalesce((p_answer ->> 'already_refunded')::boolean, false)
      );
    end if;
    return jsonb_build_object('status', 'done');
  elsif p_outcome = 'retry' and v_item.attempts < 12 then
    update private.outbox
       set next_attempt_at = v_now + private.outbox_backoff(v_item.attempts), last_answer = p_answer
     where id = v_item.id;
    return jsonb_build_object('status', 'pending');
  else
    update private.outbox set status = 'gave_up', done_at = v_now, last_answer = p_answer where id = v_item.id;
    return jsonb_build_object('status', 'gave_up');
  end if;
end;
$function$;

-- -----------------------------------------------------------------------------------------------------
-- Due work: the periodic function and its steps
-- -----------------------------------------------------------------------------------------------------

comment on table private.due_work_steps is 'The steps of the periodic function private.run_due_work(), in run_order. Each calls a function without arguments that returns a jsonb object of counts, reads the time from private.clock_now() and may run any number of times. Added by migrations through private.register_due_work().';
create table private.due_work_steps (
  name text not null,
  area text not null,
  function_name text not null,
  run_order integer not null,
  constraint due_work_steps_pkey PRIMARY KEY (name),
  constraint due_work_steps_one_step_per_function UNIQUE (function_name),
  constraint due_work_steps_one_step_per_place UNIQUE (run_order),
  constraint due_work_steps_area_known CHECK ((area = ANY (ARRAY['foundation'::text, 'auth'::text, 'profile'::text, 'tournaments'::text, 'payments'::text, 'brackets'::text, 'matches'::text, 'standings'::text, 'payouts'::text, 'notifications'::text, 'staff'::text]))),
  constraint due_work_steps_function_qualified CHECK ((function_name ~ '^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$'::text)),
  constraint due_work_steps_name_format CHECK ((name ~ '^[a-z][a-z0-9_]*$'::text))
);
-- Registered steps, in the order each pass runs them:
--   100  expired_orders_and_owed_refunds (payments): private.run_due_payment_work()
--   200  pod_deadlines_and_open_pods (tournaments): private.run_due_pod_work()
--   300  check_in_announcements (notifications): private.run_due_notification_work()
--   400  draws (brackets): private.run_due_draw_work()
--   500  match_deadlines (matches): private.run_due_match_work()
--   600  draw_announcements (brackets): private.run_due_draw_announcements()
--   700  prizes_tax_and_payout_checks (payouts): private.run_due_money_work()
--   800  provider_reconciliation (payouts): private.run_due_reconciliation_work()
--   1060  refunds_left_after_a_stale_refusal (payments): private.requeue_refunds_left()

comment on function private.register_due_work(text,text,text,integer) is 'Adds a step to the periodic function (migrations only). A step name or function is registered once.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.register_due_work(p_name text, p_area text, p_function text, p_run_order integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_function regprocedure := to_regprocedure(p_function || '()');
begin
  if exists (select 1 from private.due_work_steps where name = p_name) then
    raise exception 'The due-work step % is already registered', p_name using errcode = '23505';
  end if;
  if exists (select 1 from private.due_work_steps where function_name = p_function) then
    raise exception 'The function % is already the due-work step of another name', p_function using errcode = '23505';
  end if;
  if v_function is null or v_function = 'private.run_due_work()'::regprocedure
     or (select prorettype from pg_catalog.pg_proc where oid = v_function) <> 'jsonb'::regtype then
    raise exception 'A due-work step calls a function taking no argument and returning jsonb: % is not one', p_function
      using errcode = '22023';
  end if;
  insert into private.due_work_steps (name, area, function_name, run_order)
  values (p_name, p_area, p_function, p_run_order);
end;
$function$;

comment on function private.run_due_work() is 'The periodic function (pg_cron every minute; the local stack''s timer): runs every registered step in order in one transaction and answers their counts merged into one object. Safe to run at any time, any number of times.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.run_due_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_step private.due_work_steps%rowtype;
  v_function regprocedure;
  v_answer jsonb;
  v_result jsonb := '{}'::jsonb;
begin
  for v_step in select * from private.due_work_steps order by run_order loop
    v_function := to_regprocedure(v_step.function_name || '()');
    if v_function is null then
      raise exception 'The due-work step % calls %, which no longer exists', v_step.name, v_step.function_name;
    end if;
    -- regprocedure prints the function schema-qualified and quoted: nothing else reaches the statement.
    execute 'select ' || v_function::text into v_answer;
    v_result := v_result || coalesce(v_answer, '{}'::jsonb);
  end loop;
  return v_result;
end;
$function$;

comment on function public.service_run_due_work() is 'The periodic function for the outbox-worker, which only reaches PostgREST. Service role only.';
-- Callable by: service_role
CREATE OR REPLACE FUNCTION public.service_run_due_work()
 RETURNS jsonb
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.run_due_work();
$function$;
