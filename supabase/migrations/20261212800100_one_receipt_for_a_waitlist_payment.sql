-- =====================================================================================================
-- One receipt for a waitlist payment
-- =====================================================================================================
-- A paid waitlist place gets its receipt when the place is taken (private.send_waitlist_receipt). When the
-- place moves up at check-in close, its registration is paid by that same payment, and the registration's
-- receipt trigger wrote a second "Payment received" for it, worded as a fresh entry. A registration paid by
-- a waitlist place's payment now writes no receipt: the player already has one, and waitlist_promoted
-- tells them they moved up. A waitlist payment that finds a place left while registration is open is an
-- ordinary entry (no waitlist place): its registration's receipt is written as before.
--
-- private.send_payment_receipt()   no receipt for a registration paid by a waitlist place's payment
-- =====================================================================================================

create or replace function private.send_payment_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $function$
begin
  -- One insert in the confirmation's transaction (the payment race must not slow down): the bell's
  -- receipt. Its e-mail is queued by the periodic function (private.run_due_receipt_emails).
  insert into public.notifications (user_id, kind, title, body, link, created_at)
  select new.user_id, 'payment_receipt',
         'Payment received: ₹' || to_char(p.amount_paise / 100.0, 'FM99999999990.00') || ' for ' || t.title,
         'Receipt for ' || t.title || ': ' || new.slots
           || case when new.slots = 1 then ' entry' else ' entries (you play the first; invite players to the others from My Tournaments)' end
           || ', ₹' || to_char(p.amount_paise / 100.0, 'FM99999999990.00')
           || ' paid, payment id ' || coalesce(p.razorpay_payment_id, p.id::text) || '. '
           || case when t.series = 'quick'
                   then 'Next: the pod starts when its last place is taken; check in on the pod page as soon as it fills.'
                   else 'Next: check in on the tournament page from '
                        || to_char(private.tournament_check_in_opens_at(t) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
                        || ' to ' || to_char(private.tournament_check_in_closes_at(t) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
                        || ' IST; an entry not checked in is withdrawn and its fee is not refunded.' end,
         case when t.series = 'quick' then '/pod/?id=' || t.id else '/tournaments/' || t.id end,
         private.clock_now()
    from public.payments p
    join public.tournaments t on t.id = new.tournament_id
   where p.id = new.payment_id
     -- A place moving up from the waitlist: its payment's receipt was written when the place was taken.
     and not exists (select 1 from public.waitlist_places w where w.payment_id = p.id);
  return null;
end;
$function$;
