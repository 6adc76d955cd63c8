-- =====================================================================================================
-- A lost chargeback books what the bank took, not what it first claimed
-- =====================================================================================================
-- A dispute opens for what the payer was charged. A refund made while it is open (from Razorpay's
-- dashboard, or one owed by a cancellation) is the merchant's proof of credit, and the bank's decision
-- takes back only what is still unrefunded: payment.dispute.lost carries that smaller amount. The
-- function kept the amount of the first event, so the ledger booked the refunded part twice (once as the
-- refund, once as the chargeback) and the player's payment showed as more than returned.
--
-- public.service_record_payment_dispute   the lost decision sets the chargeback's amount from its own
--                                          event when the event names one; everything else unchanged.
-- =====================================================================================================

create or replace function public.service_record_payment_dispute(p_razorpay_payment_id text, p_dispute_id text, p_event text,
                                                      p_amount_paise bigint, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_registration public.tournament_registrations%rowtype;
  v_dispute_id text := coalesce(nullif(btrim(p_dispute_id), ''), 'payment:' || p_razorpay_payment_id);
  v_step text := regexp_replace(coalesce(p_event, ''), '^payment\.dispute\.', '');
  v_target text;
  v_row private.chargebacks%rowtype;
  v_before text;
  v_new_event boolean;
  v_title text;
begin
  if p_razorpay_payment_id is null or btrim(p_razorpay_payment_id) = '' then
    raise exception 'A payment id is required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;
  v_target := case when v_step in ('created', 'under_review', 'action_required') then 'open'
                   -- Closed: Razorpay closed the dispute after our proof, without taking the money.
                   when v_step in ('won', 'closed') then 'won'
                   when v_step = 'lost' then 'lost' end;
  if v_target is null then
    raise exception 'Unknown chargeback event' using errcode = 'PT400', hint = 'invalid_dispute_event';
  end if;

  select * into v_payment from public.payments where razorpay_payment_id = p_razorpay_payment_id for update;
  insert into public.payment_disputes (payment_id, razorpay_payment_id, razorpay_dispute_id, event, amount_paise, reason)
  values (v_payment.id, p_razorpay_payment_id, v_dispute_id, p_event, p_amount_paise, left(p_reason, 500))
  on conflict (razorpay_dispute_id, event) do nothing;
  v_new_event := found;
  if v_payment.id is not null then
    select * into v_registration from public.tournament_registrations where payment_id = v_payment.id;
  end if;

  select * into v_row from private.chargebacks where razorpay_dispute_id = v_dispute_id for update;
  if not found then
    insert into private.chargebacks (razorpay_dispute_id, razorpay_payment_id, payment_id, registration_id, tournament_id,
                                     user_id, amount_paise, status, reason, opened_at, decided_at, updated_at)
    values (v_dispute_id, p_razorpay_payment_id, v_payment.id, v_registration.id, v_payment.tournament_id, v_payment.user_id,
            greatest(coalesce(nullif(p_amount_paise, 0), v_payment.amount_paise, 1), 1), 'open', left(p_reason, 500),
            v_now, null, v_now)
    returning * into v_row;
  end if;
  v_before := v_row.status;

  if v_before = 'open' and v_target in ('won', 'lost') then
    -- Lost: the bank takes back what its decision says, which a refund made while the dispute was open may
    -- have made smaller than what it first claimed; an event without an amount keeps the claim.
    update private.chargebacks set status = v_target, decided_at = v_now, updated_at = v_now,
                                   amount_paise = case when v_target = 'lost' and coalesce(p_amount_paise, 0) > 0
                                                       then p_amount_paise else amount_paise end,
                                   reason = coalesce(reason, left(p_reason, 500))
     where razorpay_dispute_id = v_dispute_id
    returning * into v_row;
    if v_target = 'lost' then
      v_row := private.book_lost_chargeback(v_row);
    else
      perform private.release_won_chargeback(v_row);
    end if;
  end if;
  if v_row.status in ('open', 'lost') and v_registration.id is not null then
    update public.tournament_registrations set disputed_at = coalesce(disputed_at, v_now) where id = v_registration.id;
  end if;

  if v_new_event then
    select title into v_title from public.tournaments where id = v_row.tournament_id;
    perform private.audit(v_row.tournament_id, 'chargeback_' || v_step,
                          'Chargeback ' || replace(v_step, '_', ' ') || ' on ' || private.money_text(v_row.amount_paise)
                          || ' (payment ' || p_razorpay_payment_id || '): '
                          || case when v_row.status = v_before and v_target <> v_before and v_before <> 'open'
                                  then 'already ' || v_before || ', nothing changes'
                                  else 'now ' || v_row.status end,
                          null, jsonb_build_object('status', v_before),
                          jsonb_build_object('status', v_row.status, 'razorpay_payment_id', p_razorpay_payment_id,
                                             'razorpay_dispute_id', v_dispute_id, 'amount_paise', v_row.amount_paise,
                                             'recovered_paise', v_row.recovered_paise, 'loss_paise', v_row.loss_paise),
                          false);
    perform private.notify_money_staff(v_row.tournament_id,
                                       'Chargeback ' || replace(v_step, '_', ' ') || ': ' || private.money_text(v_row.amount_paise),
                                       'Payment ' || p_razorpay_payment_id
                                       || coalesce(' for ' || v_title, '') || ' is now ' || v_row.status || '.'
                                       || case v_row.status
                                            when 'open' then ' The player''s withdrawals are held up to this amount until the bank decides.'
                                            when 'lost' then ' ' || private.money_text(v_row.recovered_paise) || ' came from the player''s balance, '
                                                             || private.money_text(v_row.loss_paise) || ' is a platform loss.'
                                            else ' The hold on the player''s withdrawals is released.' end,
                                       'chargeback-' || v_dispute_id || '-' || v_step);
  end if;
  return jsonb_build_object('outcome', case when v_payment.id is null then 'unknown_payment' else 'flagged' end,
                            'status', v_row.status, 'changed', v_row.status is distinct from v_before or v_before is null);
end;
$$;
