-- =====================================================================================================
-- Reconciliation runs by itself: every six hours the periodic function queues, through the outbox, one
-- fetch of RazorpayX's payouts and one of Razorpay's payments for the window that just ended. The worker
-- hands each list to service_record_provider_window, which compares every listed item with the ledger
-- (service_record_provider_snapshot) and also flags what the ledger recorded in the window that the
-- provider's list lacks. Differences go to the console; money is never changed here.
-- =====================================================================================================

alter table private.outbox
  drop constraint outbox_kind_known,
  add constraint outbox_kind_known
    check (kind in ('razorpay_refund', 'razorpay_order_check', 'parental_consent_email', 'email',
                    'pan_verification', 'upi_validation', 'razorpayx_payout', 'razorpayx_payout_check',
                    'provider_reconciliation'));

-- The window that ended at the last six-hour mark at least an hour ago (providers list late arrivals
-- within that hour). Both kinds are queued once per window: the key names it.
create function private.run_due_reconciliation_work() returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_to timestamptz := to_timestamp(floor(extract(epoch from private.clock_now() - interval '1 hour') / 21600) * 21600);
  v_from timestamptz := v_to - interval '6 hours';
  v_queued integer;
begin
  insert into private.outbox (kind, idempotency_key, payload)
  select 'provider_reconciliation',
         'reconcile-' || k || '-' || to_char(v_to at time zone 'UTC', 'YYYY-MM-DD"T"HH24"Z"'),
         jsonb_build_object('kind', k, 'from', v_from, 'to', v_to)
    from unnest(array['payouts', 'payments']) as k
  on conflict (idempotency_key) do nothing;
  get diagnostics v_queued = row_count;
  return jsonb_build_object('reconciliations_queued', v_queued);
end;
$$;

create or replace function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  v_result := private.run_due_payment_work() || private.run_due_pod_work() || private.run_due_notification_work()
           || private.run_due_draw_work() || private.run_due_match_work();
  v_result := v_result || jsonb_build_object('draws_announced', private.announce_draws(private.clock_now()));
  return v_result || private.run_due_money_work() || private.run_due_reconciliation_work();
end;
$$;

-- A provider's list for [from, to): each item compared with the ledger, then every payout sent or payment
-- received in the window that the list lacks, compared as if the provider held nothing for it.
create function public.service_record_provider_window(p_kind text, p_from timestamptz, p_to timestamptz, p_items jsonb)
  returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_listed jsonb;
  v_missing jsonb;
  v_unlisted jsonb;
begin
  if p_from is null or p_to is null or p_to <= p_from then
    raise exception 'A window is a start before its end' using errcode = 'PT400', hint = 'invalid_snapshot';
  end if;
  v_listed := public.service_record_provider_snapshot(p_kind, p_items);
  if p_kind = 'payouts' then
    select coalesce(jsonb_agg(jsonb_build_object('payout_id', sent.payout_id, 'amount_paise', 0, 'status', 'not_listed')), '[]'::jsonb)
      into v_missing
      from (select distinct substr(j.reference, length('payout:') + 1) as payout_id
              from private.ledger_journal j
             where j.kind = 'payout_sent' and j.created_at >= p_from and j.created_at < p_to) as sent
     where not exists (select 1 from jsonb_array_elements(p_items) as i where i ->> 'payout_id' = sent.payout_id);
  else
    select coalesce(jsonb_agg(jsonb_build_object('razorpay_payment_id', received.payment_id, 'amount_paise', 0)), '[]'::jsonb)
      into v_missing
      from (select distinct p.razorpay_payment_id as payment_id
              from private.ledger_journal j
              join public.payments p on j.reference = 'payment:' || p.id
             where j.kind = 'entry_fee' and j.created_at >= p_from and j.created_at < p_to
               and p.razorpay_payment_id is not null) as received
     where not exists (select 1 from jsonb_array_elements(p_items) as i where i ->> 'razorpay_payment_id' = received.payment_id);
  end if;
  v_unlisted := public.service_record_provider_snapshot(p_kind, v_missing);
  return jsonb_build_object('checked', (v_listed ->> 'checked')::integer + (v_unlisted ->> 'checked')::integer,
                            'differences', (v_listed ->> 'differences')::integer + (v_unlisted ->> 'differences')::integer,
                            'not_listed', jsonb_array_length(v_missing));
end;
$$;

revoke all on function private.run_due_reconciliation_work() from public;
revoke all on function private.run_due_work() from public;
revoke all on function public.service_record_provider_window(text, timestamptz, timestamptz, jsonb) from public, anon, authenticated;
grant execute on function public.service_record_provider_window(text, timestamptz, timestamptz, jsonb) to service_role;
