-- =====================================================================================================
-- Refund reasons and notification kinds: the pod check-in's and the waitlist's together
-- =====================================================================================================
-- Two changes of one day each added to the same two lists: a missed quick-pod check-in (the refund reason
-- missed_pod_check_in, the bell's pod_check_in_missed) and leaving a waitlist (left_waitlist, waitlist_joined).
-- The later definition kept only its own additions. Both lists now hold every reason and kind.
--
-- private.refusal_reason                      every refund reason players read.
-- private.notification_kinds                 every kind, and the notifications' check again.
-- =====================================================================================================

create or replace function private.refusal_reason(p_code text) returns text
language plpgsql
immutable
as $$
begin
  return case p_code
    when 'tournament_full' then 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'order_replaced' then 'You opened a newer checkout for this tournament. This payment has been refunded in full.'
    when 'order_expired' then 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.'
    when 'registration_closed' then 'Registration had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_registered' then 'You were already registered for this tournament. This payment has been refunded in full.'
    when 'order_already_paid' then 'This order was already paid. This second payment has been refunded in full.'
    when 'tournament_cancelled' then 'The tournament was cancelled. Your payment has been refunded in full.'
    when 'waitlist_full' then 'The waitlist filled up before your payment was confirmed. Your payment has been refunded in full.'
    when 'waitlist_closed' then 'The waitlist had closed when your payment arrived. Your payment has been refunded in full.'
    when 'already_on_waitlist' then 'You were already on this waitlist. This payment has been refunded in full.'
    when 'not_full' then 'A place had come free when your waitlist payment arrived, but registration had closed. Your payment has been refunded in full.'
    when 'not_promoted' then 'No place came free for you before the draw. Your waitlist payment has been refunded in full.'
    when 'left_waitlist' then 'You left the waitlist. Your waitlist payment has been refunded in full.'
    when 'missed_pod_check_in' then 'You did not check in during the pod''s check-in. Your payment has been refunded in full.'
    when 'paid_entry_disabled' then 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.'
  end;
end;
$$;

create or replace function private.notification_kinds()
returns text[]
language sql
immutable
set search_path = ''
as $$ select '{check_in_open,draw_made,room_posted,opponent_ready,opponent_reported,dispute_opened,dispute_settled,next_match,tournament_finished,prize_credited,payout_sent,payout_failed,kyc_result,payment_receipt,waitlist_joined,waitlist_promoted,waitlist_not_promoted,pod_check_in_missed}'::text[] $$;

alter table public.notifications drop constraint notifications_kind_known;
do $$
begin
  execute format('alter table public.notifications add constraint notifications_kind_known check (kind = any (%L::text[]) or kind = %L)',
                 private.notification_kinds(), 'staff_alert');
end;
$$;

revoke execute on all functions in schema private from public;
