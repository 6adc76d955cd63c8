-- =====================================================================================================
-- Payment confirmation: from an order to a registration
-- =====================================================================================================
-- Only the payment edge functions call these (as service_role); browsers cannot. They hold every
-- decision about money and capacity:
--   prepare_tournament_entry   what an entry costs, or why it is refused
--   record_payment_order       the payments row of a new Razorpay order
--   find_payment_by_order      the stored order, to check ownership and the signature
--   confirm_tournament_payment the one idempotent confirmation used by verify and the webhook
--   record_payment_failure     a failed attempt (the order may still be paid later)
--   record_payment_refund      Razorpay accepted or processed a refund
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- prepare_tournament_entry
-- -----------------------------------------------------------------------------------------------------
-- The amount comes from the tournament row, never from the browser. Refusals are raised with a
-- message the player can read (errcode P0001, which PostgREST passes through as `message`).
create or replace function public.prepare_tournament_entry(p_user_id uuid, p_tournament_id text, p_slots integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments%rowtype;
  v_last_registered_at timestamptz;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue';
  end if;
  if p_slots is null or p_slots < 1 or p_slots > 10 then
    raise exception 'Choose between 1 and 10 slots';
  end if;

  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament';
  end if;
  if not v_tournament.is_live
     or (v_tournament.registration_closes_at is not null and v_tournament.registration_closes_at <= now()) then
    raise exception 'Registrations for this tournament are closed';
  end if;
  if v_tournament.filled_slots >= v_tournament.max_players then
    raise exception 'This tournament is full';
  end if;
  if v_tournament.filled_slots + p_slots > v_tournament.max_players then
    raise exception 'Only % slot(s) left in this tournament',
      v_tournament.max_players - v_tournament.filled_slots;
  end if;

  -- One registration per player and tournament per 24 hours.
  select max(registered_at) into v_last_registered_at
    from public.tournament_registrations
   where user_id = p_user_id and tournament_id = p_tournament_id;
  if v_last_registered_at is not null and v_last_registered_at > now() - interval '24 hours' then
    raise exception 'You are already registered for this tournament! You can add more slots after %.',
      to_char((v_last_registered_at + interval '24 hours') at time zone 'Asia/Kolkata', 'DD Mon YYYY, HH12:MI AM "IST"');
  end if;

  return jsonb_build_object(
    'amount_paise', v_tournament.entry_fee_paise * p_slots,
    'currency', 'INR'
  );
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- record_payment_order
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
  v_payment_id uuid;
begin
  insert into public.payments (user_id, tournament_id, razorpay_order_id, amount_paise, currency, slots, status)
  values (p_user_id, p_tournament_id, p_razorpay_order_id, p_amount_paise, p_currency, p_slots, 'created')
  returning id into v_payment_id;
  return v_payment_id;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- find_payment_by_order
-- -----------------------------------------------------------------------------------------------------
create or replace function public.find_payment_by_order(p_razorpay_order_id text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p.id,
    'user_id', p.user_id,
    'tournament_id', p.tournament_id,
    'razorpay_order_id', p.razorpay_order_id,
    'razorpay_payment_id', p.razorpay_payment_id,
    'amount_paise', p.amount_paise,
    'currency', p.currency,
    'slots', p.slots,
    'status', p.status
  )
  from public.payments p
  where p.razorpay_order_id = p_razorpay_order_id;
$$;

-- -----------------------------------------------------------------------------------------------------
-- confirm_tournament_payment
-- -----------------------------------------------------------------------------------------------------
-- The heart of registration. Called by the browser's verify path and by the webhook, possibly at the
-- same moment, possibly many times. It:
--   1. locks the payment row, so concurrent confirmations of one order run one after the other;
--   2. returns the earlier outcome if the order was already settled (idempotence);
--   3. takes the slots in ONE statement that cannot oversell (the row lock on the tournament makes
--      concurrent confirmations of different orders queue on `filled_slots`, and the WHERE clause
--      re-checks capacity against the committed value);
--   4. writes the registration, or marks the payment refund_pending with a reason the player sees.
-- Lock order is always payment, then tournament, so two confirmations never deadlock.
-- Everything that does not need the tournament's row lock (marking the payment paid, building the answer)
-- happens first; once the slots are taken only the registration is written before committing, so the
-- rush for the last slots queues on that row for as short a time as possible.
create or replace function public.confirm_tournament_payment(p_razorpay_order_id text, p_razorpay_payment_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments%rowtype;
  v_paid public.payments%rowtype;
  v_registration_id uuid;
  v_result jsonb;
  v_reason text;
begin
  select * into v_payment
    from public.payments
   where razorpay_order_id = p_razorpay_order_id
     for update;
  if not found then
    return jsonb_build_object('outcome', 'unknown_order');
  end if;

  if v_payment.status in ('paid', 'refund_pending', 'refunded') then
    select r.id into v_registration_id from public.tournament_registrations r where r.payment_id = v_payment.id;
    return public.payment_confirmation_result(
      v_payment,
      case v_payment.status when 'paid' then 'already_registered' else v_payment.status end,
      v_registration_id
    );
  end if;

  -- A tournament that is already full needs no lock to say so: filled_slots only grows while
  -- payments confirm, so a committed "full" is final for this payment. Skipping the row lock here
  -- keeps the crowd that arrives after the last place from queueing behind the winners.
  if exists (
    select 1 from public.tournaments
     where id = v_payment.tournament_id and filled_slots + v_payment.slots <= max_players
  ) then
    -- Written before the slots are taken (this payment's row is already locked by us) and undone
    -- below if the last places went to someone else.
    update public.payments
       set status = 'paid',
           razorpay_payment_id = p_razorpay_payment_id,
           paid_at = now(),
           failure_reason = null,
           updated_at = now()
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
      insert into public.tournament_registrations (id, user_id, tournament_id, slots, payment_id)
      values (v_registration_id, v_paid.user_id, v_paid.tournament_id, v_paid.slots, v_paid.id);
      return v_result;
    end if;
  end if;

  v_reason := 'The tournament filled up before your payment was confirmed. '
           || 'Your payment has been refunded in full.';
  update public.payments
     set status = 'refund_pending',
         razorpay_payment_id = p_razorpay_payment_id,
         paid_at = null,
         failure_reason = v_reason,
         updated_at = now()
   where id = v_payment.id
  returning * into v_payment;

  return public.payment_confirmation_result(v_payment, 'refund_required', null);
end;
$$;

create or replace function public.payment_confirmation_result(
  p_payment public.payments,
  p_outcome text,
  p_registration_id uuid
)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'outcome', p_outcome,
    'payment_id', p_payment.id,
    'user_id', p_payment.user_id,
    'tournament_id', p_payment.tournament_id,
    'slots', p_payment.slots,
    'amount_paise', p_payment.amount_paise,
    'currency', p_payment.currency,
    'razorpay_payment_id', p_payment.razorpay_payment_id,
    'registration_id', p_registration_id,
    'reason', p_payment.failure_reason
  );
$$;

-- -----------------------------------------------------------------------------------------------------
-- record_payment_failure
-- -----------------------------------------------------------------------------------------------------
-- Razorpay lets a player retry on the same order after a failed attempt, so `failed` is not final:
-- a later capture still confirms. A failure never overwrites a settled payment.
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
         updated_at = now()
   where razorpay_order_id = p_razorpay_order_id
     and status in ('created', 'failed');
$$;

-- -----------------------------------------------------------------------------------------------------
-- record_payment_refund
-- -----------------------------------------------------------------------------------------------------
-- Idempotent: the refund call's answer and the refund.processed webhook both land here. A refund of
-- a paid registration (an organiser refunding from the Razorpay dashboard) also cancels that
-- registration and gives its slots back.
create or replace function public.record_payment_refund(p_razorpay_payment_id text, p_refund_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments%rowtype;
  v_registration public.tournament_registrations%rowtype;
begin
  select * into v_payment
    from public.payments
   where razorpay_payment_id = p_razorpay_payment_id
     for update;
  if not found then
    return jsonb_build_object('outcome', 'unknown_payment');
  end if;
  if v_payment.status = 'refunded' then
    return jsonb_build_object('outcome', 'already_refunded');
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
         refund_id = p_refund_id,
         failure_reason = coalesce(failure_reason, 'Refunded by the organisers.'),
         updated_at = now()
   where id = v_payment.id;
  return jsonb_build_object('outcome', 'refunded');
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call them: the edge functions' service_role only.
-- -----------------------------------------------------------------------------------------------------
revoke all on function public.prepare_tournament_entry(uuid, text, integer) from public, anon, authenticated;
revoke all on function public.record_payment_order(uuid, text, integer, text, integer, text) from public, anon, authenticated;
revoke all on function public.find_payment_by_order(text) from public, anon, authenticated;
revoke all on function public.confirm_tournament_payment(text, text) from public, anon, authenticated;
revoke all on function public.payment_confirmation_result(public.payments, text, uuid) from public, anon, authenticated;
revoke all on function public.record_payment_failure(text, text, text) from public, anon, authenticated;
revoke all on function public.record_payment_refund(text, text) from public, anon, authenticated;

grant execute on function public.prepare_tournament_entry(uuid, text, integer) to service_role;
grant execute on function public.record_payment_order(uuid, text, integer, text, integer, text) to service_role;
grant execute on function public.find_payment_by_order(text) to service_role;
grant execute on function public.confirm_tournament_payment(text, text) to service_role;
grant execute on function public.payment_confirmation_result(public.payments, text, uuid) to service_role;
grant execute on function public.record_payment_failure(text, text, text) to service_role;
grant execute on function public.record_payment_refund(text, text) to service_role;
