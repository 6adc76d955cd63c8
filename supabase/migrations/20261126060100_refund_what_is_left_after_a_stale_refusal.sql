-- =====================================================================================================
-- A refund refused for asking more than is left asks again for what is left
-- =====================================================================================================
-- A refund queued for a payment asks for what the database then counts as owed (the amount less the
-- refunds it knows). A refund made on Razorpay's dashboard whose webhook has not arrived yet makes that
-- amount too large: Razorpay refuses it, the outside call gives up, and when the dashboard refund's webhook
-- comes the payment still owes the rest, refund_pending, with no call left to make (the periodic job's
-- "every refund owed has its call" uses the same key, already taken). A cancelled tournament's player
-- who had ₹50 refunded by hand never got the other ₹100.
--
-- private.requeue_refunds_left   for each payment still owed a refund whose latest refund call gave up
--                                after asking for more than it owes now, queues a call for what it owes,
--                                keyed by what was refunded so far (so once per such change). A call that
--                                asked exactly what is owed and failed is left for staff.
-- Registered as the due-work step refunds_left_after_a_stale_refusal.
-- =====================================================================================================

create function private.requeue_refunds_left() returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_queued integer;
begin
  with owed as (
    select p.*, last_call.status as call_status, (last_call.payload ->> 'amount_paise')::integer as asked
      from public.payments p
      cross join lateral (
        select o.status, o.payload from private.outbox o
         where o.kind = 'razorpay_refund' and o.payload ->> 'razorpay_payment_id' = p.razorpay_payment_id
         order by o.id desc limit 1
      ) as last_call
     where p.status = 'refund_pending' and p.razorpay_payment_id is not null and p.refunded_paise < p.amount_paise
  ), queued as (
    insert into private.outbox (kind, idempotency_key, payload)
    select 'razorpay_refund', 'refund-' || o.razorpay_payment_id || '-' || o.refunded_paise,
           jsonb_build_object('razorpay_payment_id', o.razorpay_payment_id, 'amount_paise', o.amount_paise - o.refunded_paise,
                              'reason', 'refund_owed', 'razorpay_order_id', o.razorpay_order_id, 'tournament_id', o.tournament_id)
      from owed o
     where o.call_status = 'gave_up' and o.asked > o.amount_paise - o.refunded_paise
    on conflict (idempotency_key) do nothing
    returning 1
  )
  select count(*) into v_queued from queued;
  return jsonb_build_object('refunds_requeued_for_what_is_left', v_queued);
end;
$$;
revoke all on function private.requeue_refunds_left() from public;
comment on function private.requeue_refunds_left() is
  'Due work: a refund Razorpay refused for asking more than was left (a dashboard refund came first) is asked again for what the payment still owes.';

select private.register_due_work('refunds_left_after_a_stale_refusal', 'payments', 'private.requeue_refunds_left', 1060);
