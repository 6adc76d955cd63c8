-- =====================================================================================================
-- The outbox keeps no personal leftovers: a call that is over keeps only what the books need
-- =====================================================================================================
-- A delivered call dropped an e-mail's address and the keys private.personal_field_names() lists, and no
-- more: an e-mail's subject and text, a push's endpoint, keys, title and body, a WhatsApp message's number
-- and alert text stayed in private.outbox for good, after delivery, after the player withdrew the consent
-- the message relied on and after the player's erasure. Turning push off on a device, or one kind of alert
-- off, left the messages already queued for it to go out.
--
-- Now each kind of call names the payload keys it keeps once it is over (private.outbox_kept_fields: the
-- references the books and the staff console read; a kind without a rule keeps none). When a call's status
-- becomes done, the trigger outbox_clears_personal_data_when_over rewrites its payload to those keys plus
-- the SHA-256 of what was sent, and stamps personal_data_cleared_at. Withdrawing a consent ends what waits
-- for it (a deleted push subscription, a forgotten WhatsApp number, a kind of alert turned off): the calls
-- are done, and so cleared; those given up on stay so, cleared. The new due-work step outbox_retention clears a call given up on after
-- retention_outbox_given_up_days (30), and any call over but not yet cleared (those done before this
-- migration; the migration clears them once itself).
--
-- private.outbox.personal_data_cleared_at                     new column
-- private.outbox_kept_fields(text)                            new: per kind, the keys kept
-- private.outbox_payload_once_over(text, jsonb)               new: the payload a call keeps once over
-- private.clear_outbox_personal_data()                        new trigger function (before update of status)
-- private.end_calls_for_withdrawn_push()                      new trigger on public.push_subscriptions (delete)
-- private.end_calls_for_withdrawn_whatsapp()                  new trigger on public.whatsapp_contacts (delete)
-- private.end_calls_for_alerts_turned_off()                   new trigger on public.alert_preferences
-- private.run_due_outbox_retention()                          new due-work step outbox_retention
-- =====================================================================================================

alter table private.outbox add column personal_data_cleared_at timestamptz;
comment on column private.outbox.personal_data_cleared_at is 'When the payload was cut down to what the books need (private.outbox_payload_once_over): the call was over, its consent withdrawn, or its person erased.';

insert into private.settings (key, value, note) values
  ('retention_outbox_given_up_days', '30',
   'Days an outside call given up on keeps its payload (for staff to retry it) before the personal data in it is cleared.')
on conflict (key) do nothing;

create or replace function private.outbox_kept_fields(p_kind text) returns text[]
  language sql immutable set search_path = ''
as $$
  select case p_kind
    when 'razorpay_refund' then '{razorpay_payment_id,razorpay_order_id,amount_paise,reason,tournament_id}'
    when 'razorpay_order_check' then '{order_id}'
    when 'razorpayx_payout' then '{payout_id,user_id,net_paise}'
    when 'razorpayx_payout_check' then '{payout_id,provider_payout_id}'
    when 'provider_reconciliation' then '{kind,from,to}'
    when 'pan_verification' then '{user_id,submission}'
    when 'upi_validation' then '{user_id,submission}'
    when 'email' then '{}'
    when 'parental_consent_email' then '{consent_id,message}'
    when 'story_news_email' then '{message}'
    when 'storage_deletion' then '{bucket,tournament_id,reason}'
    when 'web_push' then '{kind}'
    when 'whatsapp' then '{kind,template}'
  end::text[];
$$;
comment on function private.outbox_kept_fields(text) is 'The payload keys an outside call of this kind keeps once it is over (references: ids, amounts, dates); null for a kind without a rule, which keeps none. supabase/tests/privacy-outbox-leftovers.test.ts holds every kind of the outbox to a rule.';

create or replace function private.outbox_payload_once_over(p_kind text, p_payload jsonb) returns jsonb
  language sql immutable set search_path = ''
as $$
  select case when p_payload ? 'payload_sha256' then p_payload
    else private.without_personal_fields(coalesce(
           (select jsonb_object_agg(e.key, e.value) from jsonb_each(p_payload) as e
             where e.key = any (private.outbox_kept_fields(p_kind))),
           '{}'::jsonb))
         || jsonb_build_object('payload_sha256', encode(extensions.digest(p_payload::text, 'sha256'), 'hex'))
  end;
$$;
comment on function private.outbox_payload_once_over(text, jsonb) is 'The payload an outside call keeps once it is over: the keys private.outbox_kept_fields names for its kind, without personal fields, and the SHA-256 of what was sent.';

create or replace function private.clear_outbox_personal_data() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  -- The hash is of the payload as it was queued (the answer's function may already have cut it).
  new.payload := private.outbox_payload_once_over(new.kind, old.payload);
  new.personal_data_cleared_at := private.clock_now();
  return new;
end;
$$;

create trigger outbox_clears_personal_data_when_over before update of status on private.outbox
  for each row when (new.status = 'done' and new.personal_data_cleared_at is null)
  execute function private.clear_outbox_personal_data();

-- Withdrawn consent: what waits for it is not sent (and, done, keeps no personal data).
create or replace function private.end_calls_for_withdrawn_push() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  update private.outbox set status = 'done', done_at = private.clock_now(), last_answer = '{"consent_withdrawn": true}'
   where kind = 'web_push' and status = 'pending'
     and (payload ->> 'subscription_id' = old.id::text or payload ->> 'endpoint' = old.endpoint);
  -- One given up on stays so for staff to see, without the device's address and keys.
  update private.outbox set payload = private.outbox_payload_once_over(kind, payload), personal_data_cleared_at = private.clock_now()
   where kind = 'web_push' and status = 'gave_up' and personal_data_cleared_at is null
     and (payload ->> 'subscription_id' = old.id::text or payload ->> 'endpoint' = old.endpoint);
  return null;
end;
$$;

create trigger push_subscriptions_end_their_calls after delete on public.push_subscriptions
  for each row execute function private.end_calls_for_withdrawn_push();

create or replace function private.end_calls_for_withdrawn_whatsapp() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  update private.outbox set status = 'done', done_at = private.clock_now(), last_answer = '{"consent_withdrawn": true}'
   where kind = 'whatsapp' and status = 'pending' and payload ->> 'to' = old.phone;
  update private.outbox set payload = private.outbox_payload_once_over(kind, payload), personal_data_cleared_at = private.clock_now()
   where kind = 'whatsapp' and status = 'gave_up' and personal_data_cleared_at is null and payload ->> 'to' = old.phone;
  return null;
end;
$$;

create trigger whatsapp_contacts_end_their_calls after delete on public.whatsapp_contacts
  for each row execute function private.end_calls_for_withdrawn_whatsapp();

create or replace function private.end_calls_for_alerts_turned_off() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if not new.push then
    update private.outbox set status = 'done', done_at = private.clock_now(), last_answer = '{"consent_withdrawn": true}'
     where kind = 'web_push' and status = 'pending' and payload ->> 'kind' = new.kind
       and payload ->> 'subscription_id' in (select s.id::text from public.push_subscriptions s where s.user_id = new.user_id);
  end if;
  if not new.whatsapp then
    update private.outbox set status = 'done', done_at = private.clock_now(), last_answer = '{"consent_withdrawn": true}'
     where kind = 'whatsapp' and status = 'pending' and payload ->> 'kind' = new.kind
       and payload ->> 'to' in (select c.phone from public.whatsapp_contacts c where c.user_id = new.user_id);
  end if;
  return null;
end;
$$;

create trigger alert_preferences_end_calls_turned_off after insert or update of push, whatsapp on public.alert_preferences
  for each row when (not new.push or not new.whatsapp) execute function private.end_calls_for_alerts_turned_off();

create or replace function private.run_due_outbox_retention() returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_cleared integer;
begin
  update private.outbox
     set payload = private.outbox_payload_once_over(kind, payload), personal_data_cleared_at = v_now
   where personal_data_cleared_at is null
     and (status = 'done'
          or (status = 'gave_up' and coalesce(done_at, created_at) <= v_now - private.retention_days('retention_outbox_given_up_days')));
  get diagnostics v_cleared = row_count;
  return jsonb_build_object('outbox_payloads_cleared', v_cleared);
end;
$$;
comment on function private.run_due_outbox_retention() is 'Due work: clears the personal data of outside calls given up on for retention_outbox_given_up_days, and of any call over but not cleared yet.';

select private.register_due_work('outbox_retention', 'foundation', 'private.run_due_outbox_retention', 1735);

-- The calls already over.
update private.outbox
   set payload = private.outbox_payload_once_over(kind, payload), personal_data_cleared_at = private.clock_now()
 where status = 'done' and personal_data_cleared_at is null;

revoke execute on function private.outbox_kept_fields(text) from public;
revoke execute on function private.outbox_payload_once_over(text, jsonb) from public;
revoke execute on function private.clear_outbox_personal_data() from public;
revoke execute on function private.end_calls_for_withdrawn_push() from public;
revoke execute on function private.end_calls_for_withdrawn_whatsapp() from public;
revoke execute on function private.end_calls_for_alerts_turned_off() from public;
revoke execute on function private.run_due_outbox_retention() from public;
