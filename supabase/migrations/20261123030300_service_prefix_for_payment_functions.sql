-- =====================================================================================================
-- Service-only payment functions carry the service_ prefix
-- =====================================================================================================
-- The convention: a public function only the service role may call is named service_*, so a reader (and
-- supabase/tests/service-functions.test.ts) can tell at a glance that no browser may reach it. Renaming
-- keeps each function's body and grants (service_role only); no SQL calls them by name.
-- =====================================================================================================

alter function public.prepare_tournament_entry(uuid, text, integer) rename to service_prepare_tournament_entry;
alter function public.record_payment_order(uuid, text, integer, text, integer, text) rename to service_record_payment_order;
alter function public.find_payment_by_order(text) rename to service_find_payment_by_order;
alter function public.confirm_tournament_payment(text, text) rename to service_confirm_tournament_payment;
alter function public.record_payment_failure(text, text, text) rename to service_record_payment_failure;
alter function public.record_payment_refund(text, text, integer) rename to service_record_payment_refund;
alter function public.record_payment_dispute(text, text, text, integer, text) rename to service_record_payment_dispute;
alter function public.claim_razorpay_webhook_event(text, text) rename to service_claim_razorpay_webhook_event;
alter function public.complete_razorpay_webhook_event(text) rename to service_complete_razorpay_webhook_event;

-- The reconciliation in the outbox worker confirms through the same door.
comment on function public.service_confirm_tournament_payment(text, text) is
  'The one idempotent confirmation of a captured payment (verify, webhook, reconciliation). Service role only.';
