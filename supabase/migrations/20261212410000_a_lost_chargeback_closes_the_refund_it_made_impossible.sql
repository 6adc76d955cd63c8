-- =====================================================================================================
-- A lost chargeback closes the refund it made impossible
-- =====================================================================================================
-- A payment whose refund was owed (a cancelled tournament, a capture refused) and which the payer's bank
-- took back through a chargeback had its money returned twice over on paper: the chargeback's journal took
-- it out of the ledger, while the refund stayed owed. Razorpay refuses to refund a payment the bank took
-- back, so the outbox gave the refund up, staff were asked to retry a refund that must never be made, and
-- the payment read "refund pending" for ever.
--
-- A lost chargeback now closes that refund: the refund calls of the payment that are still waiting or
-- given up become `cancelled` (a new final outbox status: the call is no longer owed and is never made),
-- and the payment reads refunded, its reason saying the bank returned it and its refund_id naming the
-- chargeback (what Razorpay refunded, refunded_paise, is unchanged). When the bank took back only part, a new refund call asks for what is
-- left (private.refundable_paise).
--
-- private.outbox                   status may be cancelled.
-- private.close_refund_taken_back  new: the closing, for a payment whose chargeback was lost.
-- private.book_lost_chargeback     calls it after booking the loss.
-- private.status_transitions       refund_pending -> refunded may be made by private.close_refund_taken_back.
-- =====================================================================================================

alter table private.outbox drop constraint outbox_status_known;
alter table private.outbox add constraint outbox_status_known check (status = any (array['pending', 'done', 'gave_up', 'cancelled']));
comment on column private.outbox.status is
  'pending: due or being made. done: made. gave_up: the worker stopped retrying; staff retry it. cancelled: no longer owed (a refund the payer''s bank returned through a lost chargeback); never made.';

update private.status_transitions set allowed_by = allowed_by || '{private.close_refund_taken_back}'::text[]
 where machine = 'payment' and from_status = 'refund_pending' and to_status = 'refunded';

create function private.close_refund_taken_back(p_payment_id uuid, p_dispute_id text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_left bigint;
  v_closed integer;
begin
  select * into v_payment from public.payments where id = p_payment_id for update;
  if not found or v_payment.status <> 'refund_pending' or v_payment.razorpay_payment_id is null then
    return;
  end if;
  v_left := private.refundable_paise(v_payment);
  update private.outbox
     set status = 'cancelled', done_at = v_now,
         last_answer = jsonb_build_object('closed', 'chargeback_lost', 'razorpay_dispute_id', p_dispute_id)
   where kind = 'razorpay_refund' and status in ('pending', 'gave_up')
     and payload ->> 'razorpay_payment_id' = v_payment.razorpay_payment_id;
  get diagnostics v_closed = row_count;
  if v_left > 0 then
    -- The bank took back part: what is left is still owed, asked for under a key of its own.
    perform private.enqueue_outside_call('razorpay_refund', 'refund-' || v_payment.razorpay_payment_id || '-after-' || p_dispute_id,
      jsonb_build_object('razorpay_payment_id', v_payment.razorpay_payment_id, 'amount_paise', v_left,
                         'reason', 'refund_owed', 'razorpay_order_id', v_payment.razorpay_order_id,
                         'tournament_id', v_payment.tournament_id));
  else
    update public.payments
       set status = 'refunded',
           -- What returned the money, in place of a Razorpay refund id.
           refund_id = coalesce(refund_id, 'chargeback:' || p_dispute_id),
           failure_reason = 'Your bank returned this payment to you through a chargeback, so no refund is sent.',
           updated_at = v_now
     where id = v_payment.id;
  end if;
  perform private.audit(v_payment.tournament_id, 'refund_closed_by_chargeback',
                        'Refund of payment ' || v_payment.razorpay_payment_id || ' closed: the bank returned '
                          || case when v_left > 0 then 'part of it through a chargeback; ' || private.money_text(v_left) || ' is still refunded'
                                  else 'it through a chargeback' end,
                        null, null, jsonb_build_object('razorpay_payment_id', v_payment.razorpay_payment_id,
                                                       'razorpay_dispute_id', p_dispute_id, 'calls_closed', v_closed,
                                                       'still_owed_paise', v_left), false);
end;
$$;
comment on function private.close_refund_taken_back(uuid, text) is
  'A payment whose refund is owed and whose chargeback was lost: its waiting or given-up refund calls are cancelled (never made), and it reads refunded, or a new call asks for what the bank left.';
revoke execute on function private.close_refund_taken_back(uuid, text) from public;

create or replace function private.book_lost_chargeback(p_chargeback private.chargebacks)
returns private.chargebacks
language plpgsql
set search_path = ''
as $$
declare
  v_recovered bigint := 0;
  v_award private.prize_awards%rowtype;
  v_row private.chargebacks%rowtype := p_chargeback;
begin
  if p_chargeback.user_id is not null and p_chargeback.payment_id is not null then
    v_recovered := least(p_chargeback.amount_paise, greatest(private.player_balance(p_chargeback.user_id), 0));
    perform private.post_journal('chargeback', 'chargeback:' || p_chargeback.razorpay_dispute_id, jsonb_build_array(
      jsonb_build_object('account', 'razorpay:clearing', 'amount_paise', p_chargeback.amount_paise, 'user_id', p_chargeback.user_id),
      jsonb_build_object('account', private.player_account(p_chargeback.user_id), 'amount_paise', -v_recovered,
                         'user_id', p_chargeback.user_id),
      jsonb_build_object('account', 'platform:chargeback_loss', 'amount_paise', -(p_chargeback.amount_paise - v_recovered),
                         'user_id', p_chargeback.user_id)));
  end if;
  update private.chargebacks
     set recovered_paise = v_recovered, loss_paise = p_chargeback.amount_paise - v_recovered
   where razorpay_dispute_id = p_chargeback.razorpay_dispute_id
  returning * into v_row;
  -- Prizes of the entry not yet credited are forfeited.
  for v_award in
    update private.prize_awards a
       set status = 'forfeited', decided_at = private.clock_now(), note = 'Chargeback lost'
      from public.entries e
     where e.registration_id = p_chargeback.registration_id and a.entry_id = e.id and a.status = 'held'
    returning a.*
  loop
    perform private.audit(v_award.tournament_id, 'held_prize_forfeited',
                          'Held prize of ' || private.entry_name(v_award.entry_id) || ' forfeited: the chargeback was lost',
                          null, null, jsonb_build_object('amount_paise', v_award.amount_paise,
                                                         'razorpay_payment_id', p_chargeback.razorpay_payment_id),
                          false, null, v_award.entry_id);
  end loop;
  -- A refund still owed for the payment is no longer made: the bank returned the money.
  if p_chargeback.payment_id is not null then
    perform private.close_refund_taken_back(p_chargeback.payment_id, p_chargeback.razorpay_dispute_id);
  end if;
  return v_row;
end;
$$;
