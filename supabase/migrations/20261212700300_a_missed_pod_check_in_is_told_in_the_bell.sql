-- =====================================================================================================
-- A quick pod's missed check-in is told in the bell
-- =====================================================================================================
-- A place refunded for a missed quick-pod check-in (20261212700000) was told only by the payment history and
-- the pod page. The buyer now also gets a notification in the bell, and its e-mail, of a new kind
-- (pod_check_in_missed, with a link to the pod's page): the place was withdrawn and the amount is refunded in
-- full. One per payment (its key), whatever runs the draw.
--
-- private.notification_kinds()                          adds pod_check_in_missed.
-- public.notifications.notifications_kind_known          the list again.
-- private.refund_missed_pod_check_ins(text, uuid[])     tells the buyer of each refund it queues.
-- =====================================================================================================

create or replace function private.notification_kinds()
returns text[]
language sql
immutable
set search_path = ''
as $$ select '{check_in_open,draw_made,room_posted,opponent_ready,opponent_reported,dispute_opened,dispute_settled,next_match,tournament_finished,prize_credited,payout_sent,payout_failed,kyc_result,payment_receipt,waitlist_promoted,waitlist_not_promoted,pod_check_in_missed}'::text[] $$;

alter table public.notifications drop constraint notifications_kind_known;
do $$
begin
  execute format('alter table public.notifications add constraint notifications_kind_known check (kind = any (%L::text[]) or kind = %L)',
                 private.notification_kinds(), 'staff_alert');
end;
$$;

CREATE OR REPLACE FUNCTION private.refund_missed_pod_check_ins(p_tournament_id text, p_entry_ids uuid[])
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payment record;
  v_paid public.payments%rowtype;
  v_tournament public.tournaments%rowtype;
  v_amount bigint;
  v_queued integer := 0;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  for v_payment in
    select p.id, p.user_id, p.slots, p.amount_paise, p.razorpay_payment_id, p.razorpay_order_id, p.tournament_id,
           count(e.id)::integer as missed, private.refundable_paise(p) as refundable
      from public.entries e
      join public.tournament_registrations r on r.id = e.registration_id
      join public.payments p on p.id = r.payment_id
     where e.id = any(p_entry_ids) and e.tournament_id = p_tournament_id
       and p.status = 'paid' and p.razorpay_payment_id is not null
     group by p.id
  loop
    continue when v_payment.refundable <= 0;
    if v_payment.missed >= v_payment.slots then
      -- Every place of the payment missed check-in: the whole payment goes back, with the reason players read.
      update public.payments p
         set status = 'refund_pending', failure_reason = private.refusal_reason('missed_pod_check_in'), updated_at = v_now
       where p.id = v_payment.id and p.status = 'paid'
      returning * into v_paid;
      continue when not found;
      update public.tournament_registrations set status = 'cancelled'
       where payment_id = v_paid.id and status <> 'cancelled';
      v_amount := private.refundable_paise(v_paid);
      perform private.queue_refund(v_paid.razorpay_payment_id, v_amount::integer, 'missed_pod_check_in', v_paid);
    else
      v_amount := least(v_payment.amount_paise / v_payment.slots * v_payment.missed, v_payment.refundable);
      -- Some places of a payment of several: their share comes back; the places checked in stand.
      perform private.enqueue_outside_call(
        'razorpay_refund',
        'refund-' || v_payment.razorpay_payment_id || '-missed-check-in',
        jsonb_build_object(
          'razorpay_payment_id', v_payment.razorpay_payment_id,
          'amount_paise', v_amount,
          'reason', 'missed_pod_check_in',
          'razorpay_order_id', v_payment.razorpay_order_id,
          'tournament_id', v_payment.tournament_id));
    end if;
    -- The buyer hears of it in the bell (and by e-mail): the money is theirs.
    perform private.notify(v_payment.user_id, 'pod_check_in_missed', 'Refunded: check-in missed in ' || v_tournament.title,
                           case when v_payment.missed >= v_payment.slots and v_payment.slots = 1
                                then 'Check-in closed before you checked in, so your place was withdrawn. '
                                     || private.money_text(v_amount) || ' is refunded in full to the way you paid.'
                                when v_payment.missed = 1
                                then 'One of your places was not checked in when check-in closed, so it was withdrawn. Its fee, '
                                     || private.money_text(v_amount) || ', is refunded in full to the way you paid.'
                                else v_payment.missed || ' of your places were not checked in when check-in closed, so they were withdrawn. Their fees, '
                                     || private.money_text(v_amount) || ', are refunded in full to the way you paid.' end,
                           private.tournament_page_link(v_tournament), 'pod-check-in-missed-' || v_payment.id);
    v_queued := v_queued + 1;
  end loop;
  return v_queued;
end;
$function$;
