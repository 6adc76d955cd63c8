-- =====================================================================================================
-- Payment refund states
-- =====================================================================================================
-- A payment that arrives for a tournament that filled up meanwhile is refunded automatically. Between
-- "we know it must be refunded" (inside the confirmation transaction) and "Razorpay accepted the
-- refund" (an HTTP call that can fail) the payment is `refund_pending`, so a retry knows a refund is
-- still owed and nothing ever counts it as paid. The player-facing reason is kept in failure_reason.
-- =====================================================================================================

alter table public.payments drop constraint if exists payments_status_check;
alter table public.payments
  add constraint payments_status_check
  check (status in ('created', 'paid', 'failed', 'refund_pending', 'refunded'));

comment on column public.payments.status is
  'created: order made, not paid yet. paid: captured and registered. failed: the last attempt failed '
  '(the order can still be paid). refund_pending: captured but refused (tournament full), refund owed. '
  'refunded: money returned, see refund_id and failure_reason.';
