-- =====================================================================================================
-- Payment confirmation: hold the tournament's row for as short a time as possible
-- =====================================================================================================
-- Every confirmation for a tournament queues on that tournament's row while it takes slots, so the time
-- between taking the row lock and committing bounds how many players per second can register at the
-- rush. This version does everything that does not need the lock first (marking the payment paid,
-- building the answer) and, once the slots are taken, only writes the registration before committing.
-- Behaviour is unchanged: same outcomes, same idempotence, same single capacity statement.
-- =====================================================================================================

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

revoke all on function public.confirm_tournament_payment(text, text) from public, anon, authenticated;
grant execute on function public.confirm_tournament_payment(text, text) to service_role;
