-- =====================================================================================================
-- A captured payment is refused and refunded when paid entry has been switched off
-- =====================================================================================================
-- private.entry_settings.paid_entry_enabled = false already stops new orders (service_prepare_tournament_
-- entry). An order created before the switch could still be paid afterwards (the checkout stays open up
-- to 15 minutes, a webhook can arrive later): service_confirm_tournament_payment now refuses it like any
-- other payment that cannot buy an entry: refund_pending with the reason the player reads, and a full
-- refund in the outbox, in one transaction. Everything else is as in 20261123030100 (idempotent, one
-- statement takes the slots, the same refusal order after this new first check).
-- =====================================================================================================

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
    when 'tournament_cancelled' then 'The tournament was cancelled. Your payment has been refunded in full.'
    when 'paid_entry_disabled' then 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.'
  end;
$$;
revoke all on function private.refusal_reason(text) from public;

create or replace function public.service_confirm_tournament_payment(p_razorpay_order_id text, p_razorpay_payment_id text)
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
  -- The operator's switch is read at confirmation, not only when the order was made: an order created
  -- before paid entry was turned off must not buy an entry after it.
  if not coalesce((select paid_entry_enabled from private.entry_settings where id), true) then
    v_refusal := 'paid_entry_disabled';
  elsif v_payment.status = 'abandoned' and v_payment.failure_reason = private.replaced_order_note() then
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

revoke all on function public.service_confirm_tournament_payment(text, text) from public, anon, authenticated;
grant execute on function public.service_confirm_tournament_payment(text, text) to service_role;
