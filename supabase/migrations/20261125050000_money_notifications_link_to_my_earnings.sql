-- =====================================================================================================
-- Money notifications link to My Earnings
-- =====================================================================================================
-- "Prize credited", "Your KYC is verified" and every payout update linked players to /earnings/, a page
-- the site does not have: they link to /my-earnings, the route table's path, now. The four functions that
-- write those notifications are redefined with only that link changed (their grants and comments stay),
-- and the notifications already delivered are pointed at the right page.
-- supabase/tests/notifications-links.test.ts checks every site path the database writes against the
-- route table.
-- =====================================================================================================

CREATE OR REPLACE FUNCTION private.post_prize(p_award private.prize_awards, p_by uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_journal bigint;
  v_title text;
begin
  v_journal := private.post_journal('prize', 'prize:' || p_award.tournament_id || ':' || p_award.entry_id, jsonb_build_array(
    jsonb_build_object('account', 'prize_pool:' || p_award.tournament_id, 'amount_paise', -p_award.amount_paise),
    jsonb_build_object('account', private.player_account(p_award.player_id), 'amount_paise', p_award.amount_paise,
                       'user_id', p_award.player_id)), p_by);
  if v_journal is not null then
    select title into v_title from public.tournaments where id = p_award.tournament_id;
    perform private.notify(p_award.player_id, 'prize_credited',
                           'Prize credited: ₹' || to_char(p_award.amount_paise / 100.0, 'FM99999999990.00'),
                           'You placed ' || p_award.place_label || ' in ' || coalesce(v_title, p_award.tournament_id)
                           || '. The prize is in your balance: withdraw it from your earnings page.',
                           '/my-earnings', p_award.tournament_id || '-' || p_award.entry_id);
  end if;
  return v_journal;
end;
$function$;

CREATE OR REPLACE FUNCTION public.service_record_kyc_check(p_user_id uuid, p_check text, p_ok boolean, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_record public.kyc_records%rowtype;
  v_before text;
  v_reason text;
begin
  if p_check is null or p_check not in ('pan', 'upi') or p_ok is null then
    raise exception 'A KYC check is pan or upi, with ok true or false' using errcode = 'PT400', hint = 'invalid_kyc_check';
  end if;
  select * into v_record from public.kyc_records where user_id = p_user_id for update;
  if not found then
    raise exception 'No KYC for this player' using errcode = 'PT404', hint = 'kyc_not_found';
  end if;
  v_before := v_record.status;
  v_reason := coalesce(nullif(btrim(p_reason), ''),
                       case p_check when 'pan' then 'The name on this PAN does not match your legal name, or the PAN is not operative.'
                                    else 'This UPI id could not be verified: check it in your UPI app and submit it again.' end);
  if p_check = 'pan' then
    update public.kyc_records set pan_name_status = case when p_ok then 'ok' else 'failed' end where user_id = p_user_id;
  else
    update public.kyc_records set upi_status = case when p_ok then 'ok' else 'failed' end where user_id = p_user_id;
  end if;
  update public.kyc_records
     set status = case when pan_name_status = 'failed' or upi_status = 'failed' then 'rejected'
                       when pan_name_status = 'ok' and upi_status = 'ok' then 'verified'
                       else 'pending' end,
         reason = case when not p_ok then left(v_reason, 500)
                       when pan_name_status = 'failed' or upi_status = 'failed' then reason end,
         verified_at = case when pan_name_status = 'ok' and upi_status = 'ok' then coalesce(verified_at, v_now) end,
         updated_at = v_now
   where user_id = p_user_id
  returning * into v_record;

  if v_record.status <> v_before and v_record.status in ('verified', 'rejected') then
    perform private.notify(p_user_id, 'kyc_result',
                           case v_record.status when 'verified' then 'Your KYC is verified' else 'Your KYC was not accepted' end,
                           case v_record.status when 'verified' then 'You can now withdraw your winnings.'
                                else v_record.reason end,
                           '/my-earnings', 'kyc-' || v_record.submission || '-' || v_record.status);
  end if;
  return private.kyc_answer(v_record);
end;
$function$;

CREATE OR REPLACE FUNCTION private.return_payout(p_payout public.payouts, p_from_account text, p_by uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.post_journal('payout_reversed', 'payout:' || p_payout.id, jsonb_build_array(
    jsonb_build_object('account', p_from_account, 'amount_paise', -p_payout.net_paise, 'user_id', p_payout.user_id),
    jsonb_build_object('account', private.player_account(p_payout.user_id), 'amount_paise', p_payout.net_paise,
                       'user_id', p_payout.user_id)), p_by);
  perform private.post_journal('tax_reversed', 'payout:' || p_payout.id, jsonb_build_array(
    jsonb_build_object('account', 'tax:payable', 'amount_paise', -p_payout.tax_paise, 'user_id', p_payout.user_id),
    jsonb_build_object('account', private.player_account(p_payout.user_id), 'amount_paise', p_payout.tax_paise,
                       'user_id', p_payout.user_id)), p_by);
  update private.tax_withholdings set reversed_at = private.clock_now() where payout_id = p_payout.id and reversed_at is null;
  perform private.notify(p_payout.user_id, 'payout_failed',
                         'Withdrawal of ₹' || to_char(p_payout.gross_paise / 100.0, 'FM99999999990.00') || ' did not go through',
                         coalesce(p_payout.failure_reason, 'The transfer failed.')
                         || ' The amount and its tax are back in your balance.',
                         '/my-earnings', p_payout.id || '-' || p_payout.status);
end;
$function$;

CREATE OR REPLACE FUNCTION public.service_record_payout_status(p_payout_id uuid, p_provider_payout_id text, p_status text, p_failure_reason text, p_event_at timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_payout public.payouts%rowtype;
  v_old text;
  v_moves boolean;
begin
  if p_status is null or p_status not in ('queued', 'pending', 'scheduled', 'processing', 'processed', 'reversed', 'cancelled',
                                          'rejected', 'failed') then
    raise exception 'Unknown payout status' using errcode = 'PT400', hint = 'invalid_payout_status';
  end if;
  select * into v_payout from public.payouts where id = p_payout_id for update;
  if not found then
    raise exception 'No such payout' using errcode = 'PT404', hint = 'payout_not_found';
  end if;
  v_old := v_payout.status;
  v_moves := case
    when v_old in ('awaiting_approval', 'reversed', 'cancelled', 'rejected', 'failed') then false
    when v_old = 'processed' then p_status = 'reversed'
    when p_status = 'reversed' then false
    when p_status in ('cancelled', 'rejected', 'failed') then true
    else private.payout_status_rank(p_status) > private.payout_status_rank(v_old)
  end;
  update public.payouts
     set provider_payout_id = coalesce(provider_payout_id, nullif(p_provider_payout_id, '')),
         last_event_at = greatest(last_event_at, coalesce(p_event_at, v_now))
   where id = p_payout_id;
  if not v_moves then
    return jsonb_build_object('status', v_old, 'changed', false);
  end if;

  update public.payouts
     set status = p_status,
         failure_reason = case when p_status in ('reversed', 'cancelled', 'rejected', 'failed')
                               then coalesce(left(nullif(btrim(p_failure_reason), ''), 500), 'The bank did not accept the transfer.')
                               else failure_reason end,
         processed_at = case when p_status = 'processed' then v_now else processed_at end,
         updated_at = v_now
   where id = p_payout_id
  returning * into v_payout;

  if p_status = 'processed' then
    perform private.post_journal('payout_sent', 'payout:' || v_payout.id, jsonb_build_array(
      jsonb_build_object('account', 'payouts:in_flight', 'amount_paise', -v_payout.net_paise, 'user_id', v_payout.user_id),
      jsonb_build_object('account', 'bank:payouts', 'amount_paise', v_payout.net_paise, 'user_id', v_payout.user_id)));
    perform private.notify(v_payout.user_id, 'payout_sent',
                           '₹' || to_char(v_payout.net_paise / 100.0, 'FM99999999990.00') || ' sent to ' || v_payout.upi_id,
                           'Your withdrawal of ₹' || to_char(v_payout.gross_paise / 100.0, 'FM99999999990.00') || ' is paid; ₹'
                           || to_char(v_payout.tax_paise / 100.0, 'FM99999999990.00') || ' tax was withheld.',
                           '/my-earnings', v_payout.id || '-processed');
  elsif p_status in ('reversed', 'cancelled', 'rejected', 'failed') then
    perform private.return_payout(v_payout, case when v_old = 'processed' then 'bank:payouts' else 'payouts:in_flight' end, null);
  end if;
  return jsonb_build_object('status', v_payout.status, 'changed', true);
end;
$function$;

update public.notifications set link = '/my-earnings' where link = '/earnings/';
