-- =====================================================================================================
-- WhatsApp opt-in codes: capped per account and per number, and only for players allowed alerts
-- =====================================================================================================
-- start_whatsapp_opt_in sent a code to any Indian mobile number every 30 seconds, with no daily limit, for
-- any signed-in account: one account could make the platform pay for a template message to a stranger's
-- phone every 30 seconds all day, and many accounts could do it to the same phone. Nor did it ask who the
-- player is: an account whose age is not known, or a child without a parent's consent, could sign a number
-- up for alerts.
--
-- private.alert_settings                 two new settings: whatsapp_codes_per_account_per_day (5) and
--                                        whatsapp_codes_per_number_per_day (3), each in any 24 hours; the
--                                        30 seconds between two codes of one account stay.
-- private.whatsapp_code_sends            new: each code sent (account, number, when), kept 24 hours to count
--                                        them; rows older than that are deleted by the next request.
-- private.may_get_alerts(uuid)           new: a complete profile whose age is known, and 18 or over or with a
--                                        parent's consent (the eligibility of private.may_process_player, with
--                                        an unknown age refused).
-- public.start_whatsapp_opt_in(text)     refuses PT403 whatsapp_needs_profile / whatsapp_needs_consent, and
--                                        PT429 whatsapp_codes_per_account / whatsapp_codes_per_number when a cap
--                                        is reached (a refused request counts for nothing).
-- =====================================================================================================

alter table private.alert_settings
  add column whatsapp_codes_per_account_per_day integer not null default 5,
  add column whatsapp_codes_per_number_per_day integer not null default 3,
  add constraint alert_settings_codes_per_account check (whatsapp_codes_per_account_per_day between 1 and 50),
  add constraint alert_settings_codes_per_number check (whatsapp_codes_per_number_per_day between 1 and 50);
comment on table private.alert_settings is 'Alerts: what a WhatsApp template message costs (paise, for the bench and the budget), how long an opt-in code lasts and how many tries it has, how often and how many codes may be sent (per account, per number, in 24 hours), and (local stack only) the push double''s endpoint pattern.';

create table private.whatsapp_code_sends (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  phone text not null,
  sent_at timestamptz not null
);
comment on table private.whatsapp_code_sends is 'Each WhatsApp opt-in code sent, kept 24 hours to cap the codes per account and per number.';
comment on column private.whatsapp_code_sends.phone is 'personal: phone';
create index whatsapp_code_sends_of_user on private.whatsapp_code_sends (user_id, sent_at);
create index whatsapp_code_sends_of_phone on private.whatsapp_code_sends (phone, sent_at);
create index whatsapp_code_sends_by_time on private.whatsapp_code_sends (sent_at);
revoke all on table private.whatsapp_code_sends from public, anon, authenticated;

create function private.may_get_alerts(p_user_id uuid) returns boolean
  language sql
  stable security definer
  set search_path = ''
as $$
  select coalesce((select private.profile_age(p) >= private.legal_paid_entry_age() from public.profiles p where p.id = p_user_id), false)
      or private.has_parental_consent(p_user_id);
$$;
comment on function private.may_get_alerts(uuid) is 'Whether a player may sign a phone up for alerts: known to be 18 or over, or with a parent''s consent given and not withdrawn.';
revoke all on function private.may_get_alerts(uuid) from public, anon, authenticated;

CREATE OR REPLACE FUNCTION public.start_whatsapp_opt_in(p_phone text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_settings private.alert_settings := (select s from private.alert_settings s);
  v_phone text := regexp_replace(coalesce(p_phone, ''), '[\s()-]', '', 'g');
  v_code text;
  v_pending private.whatsapp_opt_in_codes;
  v_sent integer;
begin
  if v_phone !~ '^\+91[6-9][0-9]{9}$' then
    raise exception 'Enter an Indian mobile number: +91 and ten digits' using errcode = 'PT400', hint = 'invalid_phone';
  end if;
  if not private.may_get_alerts(v_user) then
    if coalesce((select private.profile_age(p) from public.profiles p where p.id = v_user), -1) < 0 then
      raise exception 'Complete your profile (date of birth included) to turn on WhatsApp alerts.'
        using errcode = 'PT403', hint = 'whatsapp_needs_profile';
    end if;
    raise exception 'WhatsApp alerts for players under 18 need a parent''s consent.'
      using errcode = 'PT403', hint = 'whatsapp_needs_consent';
  end if;
  select * into v_pending from private.whatsapp_opt_in_codes where user_id = v_user for update;
  if found and v_pending.sent_at > v_now - make_interval(secs => v_settings.whatsapp_code_resend_seconds) then
    raise exception 'A code was just sent: wait a few seconds before asking for another' using errcode = 'PT409',
      hint = 'whatsapp_code_sent_recently';
  end if;
  -- Counted under one lock per number (and the account's row lock above), so parallel requests cannot pass a cap together.
  perform pg_advisory_xact_lock(hashtextextended('whatsapp-code:' || v_phone, 0));
  delete from private.whatsapp_code_sends where sent_at <= v_now - interval '24 hours';
  if (select count(*) from private.whatsapp_code_sends where user_id = v_user and sent_at > v_now - interval '24 hours')
     >= v_settings.whatsapp_codes_per_account_per_day then
    raise exception 'You have asked for as many WhatsApp codes as allowed in 24 hours. Try again tomorrow.'
      using errcode = 'PT429', hint = 'whatsapp_codes_per_account';
  end if;
  if (select count(*) from private.whatsapp_code_sends where phone = v_phone and sent_at > v_now - interval '24 hours')
     >= v_settings.whatsapp_codes_per_number_per_day then
    raise exception 'This number has received as many WhatsApp codes as allowed in 24 hours. Try again tomorrow.'
      using errcode = 'PT429', hint = 'whatsapp_codes_per_number';
  end if;
  v_code := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
  insert into private.whatsapp_opt_in_codes (user_id, phone, code_hash, sent_at, expires_at, tries_left)
  values (v_user, v_phone, encode(extensions.digest(v_code, 'sha256'), 'hex'), v_now,
          v_now + make_interval(mins => v_settings.whatsapp_code_minutes), v_settings.whatsapp_code_tries)
  on conflict (user_id) do update
    set phone = excluded.phone, code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
        tries_left = excluded.tries_left, codes_sent = private.whatsapp_opt_in_codes.codes_sent + 1
  returning codes_sent into v_sent;
  insert into private.whatsapp_code_sends (user_id, phone, sent_at) values (v_user, v_phone, v_now);
  perform private.enqueue_outside_call('whatsapp', 'whatsapp-code-' || v_user || '-' || v_sent || '-' || extract(epoch from v_now),
    jsonb_build_object('to', v_phone, 'template', private.whatsapp_template('opt_in_code'), 'params', jsonb_build_array(v_code),
                       'url', null, 'kind', 'opt_in_code'));
  return jsonb_build_object('phone', v_phone, 'expires_at', v_now + make_interval(mins => v_settings.whatsapp_code_minutes),
                            'tries', v_settings.whatsapp_code_tries);
end;
$function$;
comment on function public.start_whatsapp_opt_in(text) is 'Sends a six-digit code to a WhatsApp number (+91 and ten digits, else invalid_phone) as an authentication template, for a player of 18 or over or with a parent''s consent; the code lasts 10 minutes and has 5 tries; one code per 30 seconds, at most 5 per account and 3 per number in 24 hours (private.alert_settings).';
