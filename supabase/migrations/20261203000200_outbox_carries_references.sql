-- =====================================================================================================
-- The outbox carries references: the worker reads personal data when it makes the call, and keeps none
-- =====================================================================================================
-- private.outbox rows name what a call is about, never who in clear:
--   pan_verification / upi_validation   the player and the KYC submission (no PAN, legal name or UPI id)
--   razorpayx_payout                    the payout (no UPI id, legal name or e-mail)
--   parental_consent_email              the consent (no parent's e-mail, link or code)
--   story_news_email                    the sign-up (no address, no link)
-- service_outside_call_details(p_job_id)  (service role) what the worker needs for one claimed call, read
--   when it makes it: the PAN (decrypted, audited), legal name, UPI id, e-mail address, link tokens and code.
--   A call about something that changed since (a newer KYC submission, a consent given or gone, an address
--   unsubscribed) answers {stale: true}: the worker records it done without calling anyone.
-- service_record_outside_answer  keeps answers without personal fields (private.without_personal_fields:
--   names, addresses, UPI ids, PANs, tokens, and PAN-, e-mail- and UPI-shaped text in any value), and once
--   a call is done drops them from its payload too (a notification e-mail's address).
-- Rows already in the outbox are scrubbed the same way.
-- =====================================================================================================

create or replace function private.personal_field_names() returns text[]
  language sql immutable set search_path = ''
as $$ select '{pan,legal_name,name,upi_id,vpa,email,sent_to,token,confirm_token,unsubscribe_token,withdraw_token,parent_email,parent_name,player_name,contact,phone,account_number}'::text[] $$;
comment on function private.personal_field_names() is 'Keys of personal data an outbox payload or a provider answer may carry; dropped once a call is done (and an e-mail''s to).';
revoke all on function private.personal_field_names() from public, anon, authenticated, service_role;

create or replace function private.without_personal_fields(p_value jsonb) returns jsonb
  language plpgsql immutable set search_path = ''
as $$
begin
  case jsonb_typeof(p_value)
    when 'object' then
      return coalesce((select jsonb_object_agg(e.key, private.without_personal_fields(e.value))
                         from jsonb_each(p_value) as e
                        where not e.key = any (private.personal_field_names())), '{}'::jsonb);
    when 'array' then
      return coalesce((select jsonb_agg(private.without_personal_fields(a.value) order by a.n)
                         from jsonb_array_elements(p_value) with ordinality as a (value, n)), '[]'::jsonb);
    when 'string' then
      -- An error text may quote what it refused: e-mail addresses, then UPI ids, then PANs.
      return to_jsonb(regexp_replace(regexp_replace(regexp_replace(p_value #>> '{}',
               '[^\s@"'',;:<>()]+@[^\s@"'',;:<>()]+\.[A-Za-z]{2,}', '[e-mail]', 'g'),
               '[A-Za-z0-9._-]{2,}@[A-Za-z]{2,64}', '[UPI id]', 'g'),
               '[A-Za-z]{5}[0-9]{4}[A-Za-z]', '[PAN]', 'g'));
    else
      return p_value;
  end case;
end;
$$;
comment on function private.without_personal_fields(jsonb) is 'A payload or provider answer without personal data: the keys of private.personal_field_names() removed at any depth, and e-mail-, UPI- and PAN-shaped text masked.';
revoke all on function private.without_personal_fields(jsonb) from public, anon, authenticated, service_role;

create or replace function private.queue_payout(p_payout public.payouts)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $$
  select private.enqueue_outside_call('razorpayx_payout', 'payout-' || p_payout.id,
    jsonb_build_object('payout_id', p_payout.id, 'user_id', p_payout.user_id, 'net_paise', p_payout.net_paise));
$$;


create or replace function public.service_record_outside_answer(p_id bigint, p_outcome text, p_answer jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_now timestamptz := private.clock_now();
  v_item private.outbox%rowtype;
begin
  if p_outcome is null or p_outcome not in ('done', 'retry', 'failed') then
    raise exception 'Unknown outcome of an outside call' using errcode = 'PT400', hint = 'invalid_outbox_outcome';
  end if;
  -- What a provider said is kept without the personal data it may echo (names, addresses, UPI ids, PANs).
  p_answer := private.without_personal_fields(p_answer);
  select * into v_item from private.outbox where id = p_id for update;
  if not found then
    raise exception 'No such outside call' using errcode = 'PT404', hint = 'outbox_item_not_found';
  end if;

  insert into private.outbox_answers (outbox_id, attempt, ok, answer)
  values (v_item.id, v_item.attempts, p_outcome = 'done', coalesce(p_answer, '{}'::jsonb));

  if v_item.status <> 'pending' then
    return jsonb_build_object('status', v_item.status);
  end if;

  if p_outcome = 'done' then
    -- Delivered: the call needs no personal data any more (an e-mail's address goes with it).
    update private.outbox set status = 'done', done_at = v_now, last_answer = p_answer,
                              payload = private.without_personal_fields(
                                case when v_item.kind in ('email', 'parental_consent_email', 'story_news_email')
                                     then v_item.payload - 'to' else v_item.payload end)
     where id = v_item.id;
    -- A refund of a capture for an order we never recorded has no payment row to update.
    if v_item.kind = 'razorpay_refund' and v_item.payload ->> 'reason' is distinct from 'unknown_order' then
      perform private.apply_refund(
        v_item.payload ->> 'razorpay_payment_id',
        p_answer ->> 'refund_id',
        (p_answer ->> 'amount_paise')::integer,
        coalesce((p_answer ->> 'already_refunded')::boolean, false)
      );
    end if;
    return jsonb_build_object('status', 'done');
  elsif p_outcome = 'retry' and v_item.attempts < 12 then
    update private.outbox
       set next_attempt_at = v_now + private.outbox_backoff(v_item.attempts), last_answer = p_answer
     where id = v_item.id;
    return jsonb_build_object('status', 'pending');
  else
    update private.outbox set status = 'gave_up', done_at = v_now, last_answer = p_answer where id = v_item.id;
    return jsonb_build_object('status', 'gave_up');
  end if;
end;
$$;


create or replace function private.outbox_gave_up()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_error text := private.outside_call_error(new.last_answer);
  v_tournament text := nullif(new.payload ->> 'tournament_id', '');
begin
  if v_tournament is not null and not exists (select 1 from public.tournaments where id = v_tournament) then
    v_tournament := null;
  end if;
  perform private.audit(v_tournament, 'outside_call_failed',
                        'Gave up on ' || private.outside_call_label(new.kind) || ' after ' || new.attempts || ' attempts',
                        v_error, null, jsonb_build_object('job_id', new.id, 'kind', new.kind,
                                                          'idempotency_key', new.idempotency_key), false);
  -- Not for e-mails: telling staff is an e-mail too, and a mail service that is down would feed itself.
  if new.kind not in ('email', 'parental_consent_email', 'story_news_email') then
    perform private.notify_money_staff(null, 'Gave up on ' || private.outside_call_label(new.kind),
                                       coalesce(v_error, 'No answer.') || ' Retry it from the staff console.',
                                       'outbox-' || new.id || '-' || new.attempts);
  end if;
  if new.kind in ('pan_verification', 'upi_validation') then
    update public.kyc_records
       set reason = private.kyc_check_late_reason(), updated_at = private.clock_now()
     where user_id = (new.payload ->> 'user_id')::uuid and status = 'pending';
  end if;
  return null;
end;
$$;


create or replace function private.outside_call_label(p_kind text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $$
  select case p_kind
    when 'razorpay_refund' then 'a refund'
    when 'razorpay_order_check' then 'an order check'
    when 'parental_consent_email' then 'a parental consent e-mail'
    when 'email' then 'an e-mail'
    when 'pan_verification' then 'a PAN check'
    when 'upi_validation' then 'a UPI id check'
    when 'razorpayx_payout' then 'a payout'
    when 'razorpayx_payout_check' then 'a payout status check'
    when 'provider_reconciliation' then 'a reconciliation'
    when 'story_news_email' then 'a story news e-mail'
    when 'storage_deletion' then 'a deletion of stored files'
    else replace(p_kind, '_', ' ') end;
$$;

create or replace function public.service_outside_call_details(p_job_id bigint) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_job private.outbox;
  v_user uuid;
  v_kyc public.kyc_records;
  v_submission integer;
  v_name text;
  v_consent private.parental_consents;
  v_signup public.story_notification_signups;
  v_stale constant jsonb := jsonb_build_object('stale', true);
begin
  select * into v_job from private.outbox where id = p_job_id;
  if not found then
    raise exception 'No such outside call' using errcode = 'PT404', hint = 'outbox_item_not_found';
  end if;
  if v_job.status <> 'pending' then
    raise exception 'This outside call is not waiting to be made' using errcode = 'PT409', hint = 'outbox_item_not_pending';
  end if;
  case v_job.kind
    when 'pan_verification', 'upi_validation' then
      v_user := (v_job.payload ->> 'user_id')::uuid;
      select * into v_kyc from public.kyc_records where user_id = v_user;
      if not found then
        return v_stale;
      end if;
      -- A check of an older submission: the newer one is checked by its own call.
      v_submission := case v_job.kind when 'pan_verification' then v_kyc.pan_check_submission else v_kyc.upi_check_submission end;
      if (v_job.payload ->> 'submission')::integer is distinct from v_submission then
        return v_stale;
      end if;
      select legal_name into v_name from public.profiles where id = v_user;
      if v_job.kind = 'upi_validation' then
        return jsonb_build_object('upi_id', v_kyc.upi_id, 'legal_name', v_name);
      end if;
      perform private.audit_pan_reads(null, 'the PAN check (outside call ' || v_job.id || ')', array[v_user]);
      return jsonb_build_object('pan', private.decrypt_pan(v_kyc.pan_ciphertext), 'legal_name', v_name);
    when 'razorpayx_payout' then
      return coalesce((select jsonb_build_object('upi_id', p.upi_id, 'legal_name', pr.legal_name, 'email', u.email)
                         from public.payouts p
                         join public.profiles pr on pr.id = p.user_id
                         left join auth.users u on u.id = p.user_id
                        where p.id = (v_job.payload ->> 'payout_id')::uuid), v_stale);
    when 'parental_consent_email' then
      select * into v_consent from private.parental_consents where id = (v_job.payload ->> 'consent_id')::uuid;
      if not found then
        return v_stale;
      end if;
      select in_game_name into v_name from public.profiles where id = v_consent.player_id;
      if coalesce(v_job.payload ->> 'message', 'request') = 'request' then
        if v_consent.confirmed_at is not null or v_consent.token_sha256 is null or v_consent.expires_at <= private.clock_now() then
          return v_stale;
        end if;
        return jsonb_build_object('to', v_consent.parent_email, 'in_game_name', v_name, 'expires_at', v_consent.expires_at,
                                  'token', private.parental_consent_link_token(v_consent.id),
                                  'code', private.parental_consent_code(v_consent.id));
      end if;
      if v_consent.withdrawn_at is not null then
        return v_stale;
      end if;
      return jsonb_build_object('to', v_consent.parent_email, 'in_game_name', v_name, 'parent_name', v_consent.parent_name,
                                'withdraw_token', private.parental_consent_withdraw_token(v_consent.id));
    when 'story_news_email' then
      select * into v_signup from public.story_notification_signups where id = (v_job.payload ->> 'signup_id')::uuid;
      if not found or (v_job.payload ->> 'message' = 'confirm') = (v_signup.confirmed_at is not null) then
        -- Unsubscribed; a confirmation for an address confirmed already; news for one never confirmed.
        return v_stale;
      end if;
      return jsonb_build_object('to', v_signup.email, 'signup_id', v_signup.id,
                                'unsubscribe_token', private.story_news_token(v_signup.id, 'unsubscribe'))
             || case when v_signup.confirmed_at is null
                     then jsonb_build_object('confirm_token', private.story_news_token(v_signup.id, 'confirm'))
                     else '{}'::jsonb end;
    else
      return '{}'::jsonb;
  end case;
end;
$$;
comment on function public.service_outside_call_details(bigint) is 'The personal data one claimed outside call needs, read when the worker makes it (the outbox keeps references only): a PAN (decrypted, audited), legal name, UPI id, e-mail address, link tokens and codes. {stale: true} when what it was about changed since. Service role only.';
revoke all on function public.service_outside_call_details(bigint) from public, anon, authenticated;
grant execute on function public.service_outside_call_details(bigint) to service_role;

-- Rows already queued: references only, and no personal data kept in what was done or answered.
update private.outbox
   set payload = payload - 'upi_id' - 'legal_name' - 'email'
 where kind = 'razorpayx_payout';
update private.outbox
   set payload = private.without_personal_fields(case when kind in ('email', 'parental_consent_email', 'story_news_email')
                                                      then payload - 'to' else payload end)
 where status <> 'pending';
update private.outbox
   set last_answer = private.without_personal_fields(last_answer)
 where last_answer is not null;
update private.outbox_answers set answer = private.without_personal_fields(answer);
