-- =====================================================================================================
-- Payment decisions on the one clock, with refunds through the outbox
-- =====================================================================================================
-- Replaces the payment functions of 20261121100100 so that:
--   - every refusal is a PT4xx error with a stable hint (listed in supabase/functions/_shared/error-codes.ts);
--   - "now" is private.clock_now();
--   - nothing past registration close or the start takes money: orders are refused, and a payment that
--     still arrives (for an expired order, a closed or started tournament, a second capture, a player
--     already registered in the last 24 hours, a full tournament) is refunded through the outbox, in the
--     same transaction as the decision, with the reason the player sees;
--   - a new checkout replaces the player's open orders for the tournament (a payment that still arrives
--     for a replaced order is refunded), so one purchase is open at a time;
--   - refunds record the amount refunded; a partial refund cancels nothing by itself;
--   - a chargeback (payment.dispute.*) flags the registration and leaves a record for staff.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Refunds and disputes, as recorded facts
-- -----------------------------------------------------------------------------------------------------
create table public.payment_refunds (
  razorpay_refund_id text primary key,
  payment_id uuid not null references public.payments (id),
  amount_paise integer not null constraint payment_refunds_amount_positive check (amount_paise > 0),
  recorded_at timestamptz not null default private.clock_now()
);
create index payment_refunds_payment on public.payment_refunds (payment_id);

-- Chargebacks, for staff (no staff screen yet: support reads this table). One row per dispute event.
create table public.payment_disputes (
  id bigint generated always as identity primary key,
  payment_id uuid references public.payments (id),
  razorpay_payment_id text not null,
  razorpay_dispute_id text,
  event text not null,
  amount_paise integer,
  reason text,
  recorded_at timestamptz not null default private.clock_now(),
  constraint payment_disputes_one_row_per_event unique (razorpay_dispute_id, event)
);

-- A refund.processed webhook can arrive before the capture it refunds (Razorpay does not promise order).
-- It waits here, and the confirmation of that payment applies it, so a refunded payment never registers.
create table public.payment_refunds_awaiting_capture (
  razorpay_refund_id text primary key,
  razorpay_payment_id text not null,
  amount_paise integer not null,
  recorded_at timestamptz not null default private.clock_now()
);
alter table public.payment_refunds_awaiting_capture enable row level security;
revoke all on public.payment_refunds_awaiting_capture from anon, authenticated;

alter table public.payment_refunds enable row level security;
alter table public.payment_disputes enable row level security;
revoke all on public.payment_refunds from anon, authenticated;
revoke all on public.payment_disputes from anon, authenticated;

alter table public.tournament_registrations
  add column disputed_at timestamptz;
comment on column public.tournament_registrations.disputed_at is
  'Set when the payment behind this entry is disputed (chargeback): its prizes are held until staff decide.';

-- -----------------------------------------------------------------------------------------------------
-- prepare_tournament_entry
-- -----------------------------------------------------------------------------------------------------
create or replace function public.prepare_tournament_entry(p_user_id uuid, p_tournament_id text, p_slots integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_last_registered_at timestamptz;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  if p_slots is null or p_slots < 1 or p_slots > 10 then
    raise exception 'Choose between 1 and 10 slots' using errcode = 'PT400', hint = 'invalid_slot_count';
  end if;

  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if not private.tournament_takes_payments(v_tournament, v_now) then
    raise exception 'Registrations for this tournament are closed' using errcode = 'PT409', hint = 'registration_closed';
  end if;
  if v_tournament.filled_slots >= v_tournament.max_players then
    raise exception 'This tournament is full' using errcode = 'PT409', hint = 'tournament_full';
  end if;
  if v_tournament.filled_slots + p_slots > v_tournament.max_players then
    raise exception 'Only % slot(s) left in this tournament', v_tournament.max_players - v_tournament.filled_slots
      using errcode = 'PT409', hint = 'not_enough_slots';
  end if;

  v_last_registered_at := private.last_registration_within_a_day(p_user_id, p_tournament_id, null, v_now);
  if v_last_registered_at is not null then
    raise exception 'You are already registered for this tournament! You can add more slots after %.',
      to_char((v_last_registered_at + interval '24 hours') at time zone 'Asia/Kolkata', 'DD Mon YYYY, HH12:MI AM "IST"')
      using errcode = 'PT409', hint = 'already_registered';
  end if;

  return jsonb_build_object(
    'amount_paise', v_tournament.entry_fee_paise * p_slots,
    'currency', 'INR',
    'checkout_timeout_seconds', private.checkout_timeout_seconds()
  );
end;
$$;

-- The checkout's `timeout`: Razorpay closes the checkout after it, and our order expires a little later
-- (a capture the player made in time may take a moment to reach us).
create or replace function private.checkout_timeout_seconds() returns integer
  language sql immutable set search_path = '' as $$ select 15 * 60 $$;

create or replace function private.order_lifetime() returns interval
  language sql immutable set search_path = '' as $$ select interval '20 minutes' $$;

-- Registration is open: the tournament is live, its close time and its start have not passed.
create or replace function private.tournament_takes_payments(p_tournament public.tournaments, p_now timestamptz)
returns boolean
language sql stable set search_path = ''
as $$
  select p_tournament.is_live
     and (p_tournament.registration_closes_at is null or p_tournament.registration_closes_at > p_now)
     and p_tournament.starts_at > p_now;
$$;

-- The newest registration of the player for the tournament in the last 24 hours (other than one made by
-- p_except_payment), or null.
create or replace function private.last_registration_within_a_day(
  p_user_id uuid, p_tournament_id text, p_except_payment uuid, p_now timestamptz
)
returns timestamptz
language sql stable set search_path = ''
as $$
  select max(r.registered_at)
    from public.tournament_registrations r
   where r.user_id = p_user_id and r.tournament_id = p_tournament_id
     and r.status <> 'cancelled'
     and r.payment_id is distinct from p_except_payment
     and r.registered_at > p_now - interval '24 hours';
$$;

create or replace function private.replaced_order_note() returns text
  language sql immutable set search_path = '' as $$ select 'Replaced by a newer checkout for the same tournament.'::text $$;
revoke all on function private.replaced_order_note() from public;

-- -----------------------------------------------------------------------------------------------------
-- record_payment_order: a new checkout replaces the player's open orders for the tournament
-- -----------------------------------------------------------------------------------------------------
create or replace function public.record_payment_order(
  p_user_id uuid,
  p_tournament_id text,
  p_slots integer,
  p_razorpay_order_id text,
  p_amount_paise integer,
  p_currency text
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payment_id uuid;
begin
  update public.payments
     set status = 'abandoned',
         failure_reason = private.replaced_order_note(),
         updated_at = v_now
   where user_id = p_user_id and tournament_id = p_tournament_id and status in ('created', 'failed');

  insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, currency, slots, status, created_at, expires_at)
  values (p_user_id, p_tournament_id, p_razorpay_order_id, p_amount_paise, p_currency, p_slots, 'created',
          v_now, v_now + private.order_lifetime())
  returning id into v_payment_id;
  return v_payment_id;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Refusing a captured payment: refund_pending + a refund in the outbox, one transaction
-- -----------------------------------------------------------------------------------------------------
-- The refund's idempotency key is the Razorpay payment id: one captured payment is refunded at most once,
-- whichever path (verify, webhook, reconciliation) refused it first.
create or replace function private.queue_refund(
  p_razorpay_payment_id text, p_amount_paise integer, p_reason_code text, p_payment public.payments
)
returns void
language sql
set search_path = ''
as $$
  select private.enqueue_outside_call(
    'razorpay_refund',
    'refund-' || p_razorpay_payment_id,
    jsonb_build_object(
      'razorpay_payment_id', p_razorpay_payment_id,
      'amount_paise', p_amount_paise,
      'reason', p_reason_code,
      'razorpay_order_id', p_payment.razorpay_order_id,
      'tournament_id', p_payment.tournament_id
    )
  );
$$;

create or replace function private.refusal_reason(p_code text) returns text
  language sql immutable set search_path = ''
as $$
  select case p_code
    when 'tournament_full' then 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'order_replaced' then 'You opened a newer checkout for this tournament. This payment has been refunded in full.'
    when 'order_expired' then 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.'
    when 'registration_closed' then 'Registration had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_registered' then 'You were already registered for this tournament. This payment has been refunded in full.'
    when 'order_already_paid' then 'This order was already paid. This second payment has been refunded in full.'
  end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- confirm_tournament_payment
-- -----------------------------------------------------------------------------------------------------
-- As before (lock the payment, idempotent, one statement takes the slots; lock order payment then
-- tournament), plus every reason a captured payment cannot buy an entry.
create or replace function public.confirm_tournament_payment(p_razorpay_order_id text, p_razorpay_payment_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_tournament public.tournaments%rowtype;
  v_paid public.payments%rowtype;
  v_registration_id uuid;
  v_result jsonb;
  v_refusal text;
begin
  if p_razorpay_payment_id is null or btrim(p_razorpay_payment_id) = '' then
    raise exception 'A payment id is required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;

  select * into v_payment
    from public.payments
   where razorpay_order_id = p_razorpay_order_id
     for update;
  if not found then
    return jsonb_build_object('outcome', 'unknown_order');
  end if;

  if v_payment.status in ('paid', 'refund_pending', 'refunded') then
    if v_payment.razorpay_payment_id is distinct from p_razorpay_payment_id then
      -- A second captured payment on a settled order (the player paid twice): never kept.
      perform private.queue_refund(p_razorpay_payment_id, v_payment.amount_paise, 'order_already_paid', v_payment);
      return public.payment_confirmation_result(v_payment, 'refund_required', null)
        || jsonb_build_object('razorpay_payment_id', p_razorpay_payment_id,
                              'reason', private.refusal_reason('order_already_paid'));
    end if;
    select r.id into v_registration_id from public.tournament_registrations r where r.payment_id = v_payment.id;
    return public.payment_confirmation_result(
      v_payment,
      case v_payment.status when 'paid' then 'already_registered' else v_payment.status end,
      v_registration_id
    );
  end if;

  select * into v_tournament from public.tournaments where id = v_payment.tournament_id;
  if v_payment.status = 'abandoned' and v_payment.failure_reason = private.replaced_order_note() then
    v_refusal := 'order_replaced';
  elsif v_payment.status = 'abandoned' or v_payment.expires_at <= v_now then
    v_refusal := 'order_expired';
  elsif not private.tournament_takes_payments(v_tournament, v_now) then
    v_refusal := 'registration_closed';
  elsif private.last_registration_within_a_day(v_payment.user_id, v_payment.tournament_id, v_payment.id, v_now) is not null then
    v_refusal := 'already_registered';
  elsif v_tournament.filled_slots + v_payment.slots <= v_tournament.max_players then
    update public.payments
       set status = 'paid',
           razorpay_payment_id = p_razorpay_payment_id,
           paid_at = v_now,
           failure_reason = null,
           updated_at = v_now
     where id = v_payment.id
    returning * into v_paid;
    v_registration_id := gen_random_uuid();
    v_result := public.payment_confirmation_result(v_paid, 'registered', v_registration_id);

    -- From here to the commit, every other confirmation of this tournament waits.
    update public.tournaments
       set filled_slots = filled_slots + v_payment.slots
     where id = v_payment.tournament_id
       and filled_slots + v_payment.slots <= max_players;
    if found then
      insert into public.tournament_registrations (id, user_id, tournament_id, slots, payment_id, registered_at)
      values (v_registration_id, v_paid.user_id, v_paid.tournament_id, v_paid.slots, v_paid.id, v_now);
      if private.apply_refunds_awaiting_capture(p_razorpay_payment_id) then
        -- Refunded before we saw the capture: the registration was cancelled again.
        select * into v_paid from public.payments where id = v_paid.id;
        return public.payment_confirmation_result(v_paid, v_paid.status, null);
      end if;
      return v_result;
    end if;
    v_refusal := 'tournament_full';
  else
    v_refusal := 'tournament_full';
  end if;

  update public.payments
     set status = 'refund_pending',
         razorpay_payment_id = p_razorpay_payment_id,
         paid_at = null,
         failure_reason = private.refusal_reason(v_refusal),
         updated_at = v_now
   where id = v_payment.id
  returning * into v_payment;
  perform private.queue_refund(p_razorpay_payment_id, v_payment.amount_paise, v_refusal, v_payment);
  perform private.apply_refunds_awaiting_capture(p_razorpay_payment_id);

  return public.payment_confirmation_result(v_payment, 'refund_required', null);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- record_payment_failure: on the one clock; never revives an abandoned order
-- -----------------------------------------------------------------------------------------------------
create or replace function public.record_payment_failure(
  p_razorpay_order_id text,
  p_razorpay_payment_id text,
  p_reason text
)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.payments
     set status = 'failed',
         razorpay_payment_id = coalesce(p_razorpay_payment_id, razorpay_payment_id),
         failure_reason = left(coalesce(nullif(p_reason, ''), 'Payment failed'), 500),
         updated_at = private.clock_now()
   where razorpay_order_id = p_razorpay_order_id
     and status in ('created', 'failed');
$$;

-- -----------------------------------------------------------------------------------------------------
-- Recording a refund (from the worker's answer or the refund.processed webhook, in any order, any number
-- of times: each Razorpay refund id counts once)
-- -----------------------------------------------------------------------------------------------------
-- A refund of the whole payment ends it: a paid registration is cancelled and its slots given back. A
-- partial refund (an organiser's goodwill gesture from the dashboard) cancels nothing; the amount is
-- recorded and shown to the player.
-- p_whole: Razorpay said the payment is already refunded in full (no refund id of ours to count).
create or replace function private.apply_refund(
  p_razorpay_payment_id text, p_refund_id text, p_amount_paise integer, p_whole boolean default false
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_registration public.tournament_registrations%rowtype;
  v_counted boolean := false;
begin
  select * into v_payment from public.payments where razorpay_payment_id = p_razorpay_payment_id for update;
  if not found then
    if p_refund_id is not null and p_amount_paise is not null and p_amount_paise > 0 then
      insert into public.payment_refunds_awaiting_capture (razorpay_refund_id, razorpay_payment_id, amount_paise)
      values (p_refund_id, p_razorpay_payment_id, p_amount_paise)
      on conflict (razorpay_refund_id) do nothing;
      return jsonb_build_object('outcome', 'awaiting_capture');
    end if;
    return jsonb_build_object('outcome', 'unknown_payment');
  end if;

  if p_refund_id is not null and p_amount_paise is not null and p_amount_paise > 0 then
    insert into public.payment_refunds (razorpay_refund_id, payment_id, amount_paise)
    values (p_refund_id, v_payment.id, p_amount_paise)
    on conflict (razorpay_refund_id) do nothing;
    v_counted := found;
  end if;

  update public.payments
     set refunded_paise = least(amount_paise, (select coalesce(sum(amount_paise), 0) from public.payment_refunds where payment_id = v_payment.id)),
         refund_id = coalesce(refund_id, p_refund_id),
         updated_at = v_now
   where id = v_payment.id
  returning * into v_payment;

  if p_whole then
    update public.payments set refunded_paise = amount_paise where id = v_payment.id
    returning * into v_payment;
  end if;

  if v_payment.status = 'refunded' then
    return jsonb_build_object('outcome', case when v_counted then 'refund_recorded' else 'already_refunded' end);
  end if;

  if v_payment.refunded_paise < v_payment.amount_paise then
    if v_payment.status = 'paid' then
      update public.payments
         set failure_reason = format('₹%s of this payment was refunded; your entry stands.',
                                     to_char(v_payment.refunded_paise / 100.0, 'FM999999990.00'))
       where id = v_payment.id;
    end if;
    return jsonb_build_object('outcome', 'partially_refunded', 'refunded_paise', v_payment.refunded_paise);
  end if;

  if v_payment.status = 'paid' then
    update public.tournament_registrations
       set status = 'cancelled'
     where payment_id = v_payment.id and status <> 'cancelled'
    returning * into v_registration;
    if found then
      update public.tournaments
         set filled_slots = greatest(filled_slots - v_registration.slots, 0)
       where id = v_registration.tournament_id;
    end if;
  end if;

  update public.payments
     set status = 'refunded',
         -- Razorpay said "already refunded" without naming the refund (a dashboard refund): its
         -- refund.processed webhook records the id in payment_refunds when it comes.
         refund_id = coalesce(refund_id, p_refund_id, 'refunded-at-razorpay'),
         failure_reason = case when status = 'paid' or failure_reason is null or failure_reason like '₹%'
                               then 'Refunded by the organisers.' else failure_reason end,
         updated_at = v_now
   where id = v_payment.id;
  return jsonb_build_object('outcome', 'refunded');
end;
$$;

-- Applies (once) the refunds that arrived before this payment's capture; true when any did.
create or replace function private.apply_refunds_awaiting_capture(p_razorpay_payment_id text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_refund public.payment_refunds_awaiting_capture%rowtype;
  v_any boolean := false;
begin
  for v_refund in
    delete from public.payment_refunds_awaiting_capture where razorpay_payment_id = p_razorpay_payment_id returning *
  loop
    perform private.apply_refund(v_refund.razorpay_payment_id, v_refund.razorpay_refund_id, v_refund.amount_paise);
    v_any := true;
  end loop;
  return v_any;
end;
$$;
revoke all on function private.apply_refunds_awaiting_capture(text) from public;

drop function if exists public.record_payment_refund(text, text);
create or replace function public.record_payment_refund(p_razorpay_payment_id text, p_refund_id text, p_amount_paise integer)
returns jsonb
language sql
security definer
set search_path = ''
as $$
  select private.apply_refund(p_razorpay_payment_id, p_refund_id, p_amount_paise);
$$;

-- -----------------------------------------------------------------------------------------------------
-- Chargebacks
-- -----------------------------------------------------------------------------------------------------
create or replace function public.record_payment_dispute(
  p_razorpay_payment_id text, p_dispute_id text, p_event text, p_amount_paise integer, p_reason text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments%rowtype;
begin
  select * into v_payment from public.payments where razorpay_payment_id = p_razorpay_payment_id;
  insert into public.payment_disputes (payment_id, razorpay_payment_id, razorpay_dispute_id, event, amount_paise, reason)
  values (v_payment.id, p_razorpay_payment_id, p_dispute_id, p_event, p_amount_paise, left(p_reason, 500))
  on conflict (razorpay_dispute_id, event) do nothing;
  if v_payment.id is null then
    return jsonb_build_object('outcome', 'unknown_payment');
  end if;
  update public.tournament_registrations
     set disputed_at = coalesce(disputed_at, private.clock_now())
   where payment_id = v_payment.id;
  return jsonb_build_object('outcome', 'flagged');
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- get_my_payments: abandoned checkouts and partial refunds explain themselves
-- -----------------------------------------------------------------------------------------------------
create or replace function public.get_my_payments()
  returns table (
    id uuid,
    razorpay_payment_id text,
    razorpay_order_id text,
    amount_paise integer,
    currency text,
    tournament_id text,
    tournament_title text,
    slots integer,
    status text,
    status_reason text,
    created_at timestamptz
  )
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  player_id uuid := private.require_player();
begin
  return query
    select p.id, p.razorpay_payment_id, p.razorpay_order_id, p.amount_paise, p.currency,
           p.tournament_id, t.title, p.slots,
           -- An order whose checkout timed out reads as abandoned even before the periodic function ran.
           case when p.status in ('created', 'failed') and p.expires_at <= private.clock_now() then 'abandoned' else p.status end,
           case when p.status in ('failed', 'abandoned', 'refund_pending', 'refunded')
                  or (p.status = 'paid' and p.refunded_paise > 0) then p.failure_reason
                when p.status in ('created', 'failed') and p.expires_at <= private.clock_now()
                  then 'The checkout was closed or timed out before a payment arrived.' end,
           p.created_at
      from public.payments as p
      join public.tournaments as t on t.id = p.tournament_id
     where p.user_id = player_id
     order by p.created_at desc, p.id;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.checkout_timeout_seconds() from public;
revoke all on function private.order_lifetime() from public;
revoke all on function private.tournament_takes_payments(public.tournaments, timestamptz) from public;
revoke all on function private.last_registration_within_a_day(uuid, text, uuid, timestamptz) from public;
revoke all on function private.queue_refund(text, integer, text, public.payments) from public;
revoke all on function private.refusal_reason(text) from public;
revoke all on function private.apply_refund(text, text, integer, boolean) from public;
revoke all on function public.record_payment_refund(text, text, integer) from public, anon, authenticated;
revoke all on function public.record_payment_dispute(text, text, text, integer, text) from public, anon, authenticated;
grant execute on function public.record_payment_refund(text, text, integer) to service_role;
grant execute on function public.record_payment_dispute(text, text, text, integer, text) to service_role;
