-- =====================================================================================================
-- What a payment counts as refunded never goes back
-- =====================================================================================================
-- When the outbox's refund of a payment is refused because dashboard refunds already returned all of it,
-- Razorpay's "refunded in full" settles the payment whole (refunded_paise = the amount). The webhooks of
-- those dashboard refunds can arrive afterwards: each one recomputed the refunded amount from the refunds
-- recorded so far (one of two, say) and wrote it back, so a payment refunded in full showed ₹50 refunded
-- of ₹150 to the player, to staff and to the reconciliation, until the last webhook came (never, if one
-- was lost). The ledger was right all along (its refund journal only ever adds).
--
-- private.apply_refund   the refunded amount it writes is the larger of the amount already counted and
--                        the sum of the refunds recorded; everything else as in 20261125041000.
-- =====================================================================================================

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
  v_refunded bigint;
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

  -- Refunded in full by this refund, without p_whole: the payment is written once, as it ends up after
  -- the two updates below (same refunded_paise, refund id, status, reason and ledger journals).
  select least(v_payment.amount_paise, coalesce(sum(r.amount_paise), 0)) into v_refunded
    from public.payment_refunds r
   where r.payment_id = v_payment.id;
  if not p_whole and v_payment.status <> 'refunded' and v_refunded >= v_payment.amount_paise then
    update public.payments
       set refunded_paise = v_refunded,
           status = 'refunded',
           refund_id = coalesce(refund_id, p_refund_id, 'refunded-at-razorpay'),
           failure_reason = case when status = 'paid' or failure_reason is null or failure_reason like '₹%'
                                 then 'Refunded by the organisers.' else failure_reason end,
           updated_at = v_now
     where id = v_payment.id;
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
    return jsonb_build_object('outcome', 'refunded');
  end if;

  update public.payments
     set refunded_paise = greatest(refunded_paise, v_refunded),
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

comment on function private.apply_refund(text, text, integer, boolean) is 'Records a refund Razorpay made (once per refund id) and settles the payment; the refunded amount only grows, whatever order the answers and webhooks come in.';
