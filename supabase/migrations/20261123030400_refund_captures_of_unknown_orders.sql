-- =====================================================================================================
-- A captured payment for an order we never recorded is refunded
-- =====================================================================================================
-- Our order row is written right after Razorpay creates the order; if that write failed, the player could
-- still pay the order Razorpay made. Money must never be kept without a registration, so a capture whose
-- order is unknown is refunded in full through the outbox (one refund per payment id, however many
-- webhooks report it).
-- =====================================================================================================

create or replace function public.service_refund_unknown_capture(
  p_razorpay_payment_id text, p_razorpay_order_id text, p_amount_paise integer
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_razorpay_payment_id is null or p_amount_paise is null or p_amount_paise <= 0 then
    raise exception 'A payment id and amount are required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;
  if exists (select 1 from public.payments where razorpay_order_id = p_razorpay_order_id) then
    return jsonb_build_object('outcome', 'known_order');
  end if;
  perform private.enqueue_outside_call(
    'razorpay_refund',
    'refund-' || p_razorpay_payment_id,
    jsonb_build_object(
      'razorpay_payment_id', p_razorpay_payment_id,
      'amount_paise', p_amount_paise,
      'reason', 'unknown_order',
      'razorpay_order_id', p_razorpay_order_id
    )
  );
  return jsonb_build_object('outcome', 'refund_queued');
end;
$$;

revoke all on function public.service_refund_unknown_capture(text, text, integer) from public, anon, authenticated;
grant execute on function public.service_refund_unknown_capture(text, text, integer) to service_role;
