-- =====================================================================================================
-- One clock, an outbox for outside calls, and the periodic function that acts on every deadline
-- =====================================================================================================
-- private.clock_now()       the only "now" SQL reads. On a hosted project it is now(); the local stack
--                           replaces it with a clock tests can move (supabase/local/clock.sql).
-- private.outbox            every call to the outside world (a Razorpay refund, a question about an
--                           order), written in the same transaction as the decision that needs it and
--                           drained by the outbox-worker edge function with the row's idempotency key.
-- private.run_due_work()    acts on every deadline that has passed; safe to run at any time, any number
--                           of times (pg_cron every minute where the extension exists).
-- =====================================================================================================

create or replace function private.clock_now() returns timestamptz
  language sql stable
  set search_path = ''
as $$
  select now();
$$;

comment on function private.clock_now() is
  'The database''s one clock. now() on a hosted project; the local stack can freeze it for tests.';

-- -----------------------------------------------------------------------------------------------------
-- The outbox
-- -----------------------------------------------------------------------------------------------------
-- A row is claimed by a worker with a lease (next_attempt_at moves past the lease), so a worker that dies
-- mid-call leaves the row to be claimed again; the retry carries the same idempotency key, so the outside
-- service answers it with the first call's result instead of acting twice.
create table private.outbox (
  id bigint generated always as identity primary key,
  kind text not null
    constraint outbox_kind_known check (kind in ('razorpay_refund', 'razorpay_order_check')),
  -- Also the idempotency key sent to the outside service: the same decision never makes a second call.
  idempotency_key text not null
    constraint outbox_one_call_per_decision unique,
  payload jsonb not null,
  status text not null default 'pending'
    constraint outbox_status_known check (status in ('pending', 'done', 'gave_up')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default private.clock_now(),
  last_answer jsonb,
  created_at timestamptz not null default private.clock_now(),
  done_at timestamptz
);

create index outbox_due on private.outbox (next_attempt_at) where status = 'pending';

-- Every answer an outside service gave, kept for support and reconciliation.
create table private.outbox_answers (
  id bigint generated always as identity primary key,
  outbox_id bigint not null references private.outbox (id),
  attempt integer not null,
  ok boolean not null,
  answer jsonb not null,
  answered_at timestamptz not null default private.clock_now()
);

-- How long a claimed row stays with the worker that claimed it before another may try again.
create or replace function private.outbox_lease() returns interval
  language sql immutable set search_path = '' as $$ select interval '2 minutes' $$;

-- Retries wait 1, 2, 4, ... minutes, at most an hour; after 12 attempts the row needs a person.
create or replace function private.outbox_backoff(p_attempts integer) returns interval
  language sql immutable set search_path = ''
as $$
  select least(power(2, greatest(p_attempts - 1, 0)), 60) * interval '1 minute';
$$;

create or replace function private.enqueue_outside_call(p_kind text, p_idempotency_key text, p_payload jsonb)
returns void
language sql
set search_path = ''
as $$
  insert into private.outbox (kind, idempotency_key, payload)
  values (p_kind, p_idempotency_key, p_payload)
  on conflict (idempotency_key) do nothing;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Payments: expiry and what has been refunded
-- -----------------------------------------------------------------------------------------------------
-- An order is open until its checkout times out (the timeout passed to Razorpay Checkout). After that it
-- is `abandoned` on our side, and a payment that still arrives for it is refunded.
alter table public.payments
  add column expires_at timestamptz,
  add column refunded_paise integer not null default 0
    constraint payments_refunded_within_amount check (refunded_paise between 0 and amount_paise);

update public.payments set expires_at = created_at + interval '15 minutes' where expires_at is null;
alter table public.payments
  -- now(), not private.clock_now(): the service role may insert rows directly and cannot use schema private.
  alter column expires_at set default now() + interval '20 minutes',
  alter column expires_at set not null;

alter table public.payments drop constraint if exists payments_status_check;
alter table public.payments
  add constraint payments_status_check
  check (status in ('created', 'failed', 'abandoned', 'paid', 'refund_pending', 'refunded'));

create index payments_open_orders on public.payments (expires_at) where status in ('created', 'failed');

comment on column public.payments.status is
  'created: order made, not paid yet. failed: the last attempt failed (the order can still be paid until it '
  'expires). abandoned: the checkout timed out unpaid. paid: captured and registered. refund_pending: captured '
  'but refused (full, expired, closed), refund queued in the outbox. refunded: money returned, see refund_id '
  'and failure_reason.';

-- -----------------------------------------------------------------------------------------------------
-- The periodic function
-- -----------------------------------------------------------------------------------------------------
-- 1. Orders whose checkout timed out become `abandoned`.
-- 2. Each of them is asked about once at Razorpay (a payment may have been captured without a webhook
--    reaching us); the worker settles what it learns through the one confirmation, which refunds it.
-- 3. Every refund_pending payment has its refund in the outbox.
-- Returns what it did, for logs and tests.
create or replace function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_abandoned integer;
  v_requeued integer;
begin
  with expired as (
    update public.payments
       set status = 'abandoned',
           failure_reason = 'The checkout was closed or timed out before a payment arrived.',
           updated_at = v_now
     where status in ('created', 'failed') and expires_at <= v_now
    returning razorpay_order_id
  ), asked as (
    insert into private.outbox (kind, idempotency_key, payload)
    select 'razorpay_order_check', 'order-check-' || razorpay_order_id, jsonb_build_object('order_id', razorpay_order_id)
      from expired
    on conflict (idempotency_key) do nothing
  )
  select count(*) into v_abandoned from expired;

  -- 3. A refund owed (refund_pending) always has its outside call: payments refused before the outbox
  --    existed, or whose call was lost, get one (the key makes this a no-op for the others).
  insert into private.outbox (kind, idempotency_key, payload)
  select 'razorpay_refund', 'refund-' || p.razorpay_payment_id,
         jsonb_build_object('razorpay_payment_id', p.razorpay_payment_id, 'amount_paise', p.amount_paise - p.refunded_paise,
                            'reason', 'refund_owed', 'razorpay_order_id', p.razorpay_order_id, 'tournament_id', p.tournament_id)
    from public.payments p
   where p.status = 'refund_pending' and p.razorpay_payment_id is not null
  on conflict (idempotency_key) do nothing;
  get diagnostics v_requeued = row_count;

  return jsonb_build_object('abandoned_orders', v_abandoned, 'refunds_requeued', v_requeued);
end;
$$;

revoke all on function private.run_due_work() from public;

-- pg_cron runs it every minute where the extension exists (hosted Supabase); elsewhere the local stack's
-- timer calls it. Creating the extension needs the dashboard's permission on some plans: then this block
-- does nothing and the project's operator enables pg_cron and re-runs the schedule by hand.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
      perform cron.schedule('golazo-due-work', '* * * * *', 'select private.run_due_work()');
    exception when insufficient_privilege then
      raise notice 'pg_cron is available but could not be enabled here; schedule private.run_due_work() by hand';
    end;
  end if;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The worker's doors (service_role only)
-- -----------------------------------------------------------------------------------------------------
-- service_claim_outside_calls: up to p_limit due rows (or only the one with p_idempotency_key), each leased
-- to the caller.
create or replace function public.service_claim_outside_calls(p_limit integer default 10, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- service_record_outside_answer: what the outside service said. p_outcome is
--   'done'   the call took effect (or had already: same idempotency key, already refunded, ...);
--   'retry'  a temporary failure: try again after the backoff;
--   'failed' a permanent refusal: nobody should call again, staff look at it.
-- A 'done' refund marks the payment refunded in the same transaction.
create or replace function public.service_record_outside_answer(p_id bigint, p_outcome text, p_answer jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- service_run_due_work: the periodic function for callers that only reach PostgREST (the worker).
create or replace function public.service_run_due_work() returns jsonb
language sql
security definer
set search_path = ''
as $$
  select private.run_due_work();
$$;

revoke all on function private.clock_now() from public;
revoke all on function private.outbox_lease() from public;
revoke all on function private.outbox_backoff(integer) from public;
revoke all on function private.enqueue_outside_call(text, text, jsonb) from public;
revoke all on function public.service_claim_outside_calls(integer, text) from public, anon, authenticated;
revoke all on function public.service_record_outside_answer(bigint, text, jsonb) from public, anon, authenticated;
revoke all on function public.service_run_due_work() from public, anon, authenticated;
grant execute on function public.service_claim_outside_calls(integer, text) to service_role;
grant execute on function public.service_record_outside_answer(bigint, text, jsonb) to service_role;
grant execute on function public.service_run_due_work() to service_role;

-- Functions are executable by PUBLIC when created; the private schema's helpers are for the functions that
-- own them, never for API roles (the schema-wide test in supabase/tests/service-functions.test.ts).
revoke all on function private.require_player() from public;
