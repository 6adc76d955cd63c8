-- =====================================================================================================
-- Alerts: Web Push to a player's devices and WhatsApp template messages, opt-in per player and per event
-- =====================================================================================================
-- A notification a player is told in the bell (public.notifications) of one of the alert events is also
-- queued as a push to each of their subscribed devices and, when they confirmed a WhatsApp number, as a
-- WhatsApp template message: both through the outbox, in the transaction that wrote the notification.
-- Quiet hours are the e-mail's (23:00 to 08:00 IST), except for "match ready" (the room is posted), which
-- only the two players of a running match receive.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Settings
-- -----------------------------------------------------------------------------------------------------

create table private.alert_settings (
  id boolean primary key default true constraint alert_settings_one_row check (id),
  whatsapp_message_cost_paise numeric(10, 2) not null default 12.00
    constraint alert_settings_cost_not_negative check (whatsapp_message_cost_paise >= 0),
  whatsapp_code_minutes integer not null default 10 constraint alert_settings_code_minutes check (whatsapp_code_minutes between 1 and 60),
  whatsapp_code_tries integer not null default 5 constraint alert_settings_code_tries check (whatsapp_code_tries between 1 and 10),
  whatsapp_code_resend_seconds integer not null default 30
    constraint alert_settings_resend_seconds check (whatsapp_code_resend_seconds between 0 and 600),
  -- A push service of a test double (the local stack sets it); null on a hosted project.
  extra_push_endpoint_pattern text
);
comment on table private.alert_settings is 'Alerts: what a WhatsApp template message costs (paise, for the bench and the budget), how long an opt-in code lasts and how many tries it has, and (local stack only) the push double''s endpoint pattern.';
insert into private.alert_settings (id) values (true);
alter table private.alert_settings enable row level security;

-- -----------------------------------------------------------------------------------------------------
-- Which events alert, and how
-- -----------------------------------------------------------------------------------------------------

create function private.alert_kinds() returns text[]
  language sql immutable set search_path = ''
as $$ select '{check_in_open,room_posted,opponent_reported,dispute_settled,next_match,prize_credited,payout_sent,payout_failed}'::text[] $$;
comment on function private.alert_kinds() is 'The kinds of notification a player may also get as a push or a WhatsApp message, in the order the settings list them.';
revoke execute on function private.alert_kinds() from public;

create function private.alert_not_before(p_now timestamptz, p_kind text) returns timestamptz
  language sql immutable set search_path = ''
as $$
  -- Quiet hours as for e-mail, for every alert but "match ready": that one goes only to the guest of a
  -- match whose host just posted the room, so it is always for a match the player is in, now.
  select private.email_not_before(p_now, p_kind = 'room_posted');
$$;
comment on function private.alert_not_before(timestamptz, text) is 'When a push or WhatsApp alert may go: at once, or at 08:00 IST when written in the quiet hours (not "match ready").';
revoke execute on function private.alert_not_before(timestamptz, text) from public;

create function private.whatsapp_template(p_kind text) returns text
  language sql immutable set search_path = ''
as $$
  select case p_kind
    when 'check_in_open' then 'golazo_check_in_open'
    when 'room_posted' then 'golazo_match_ready'
    when 'opponent_reported' then 'golazo_opponent_reported'
    when 'dispute_settled' then 'golazo_dispute_decided'
    when 'next_match' then 'golazo_next_match'
    when 'prize_credited' then 'golazo_prize_credited'
    when 'payout_sent' then 'golazo_payout_paid'
    when 'payout_failed' then 'golazo_payout_failed'
    when 'opt_in_code' then 'golazo_opt_in_code'
  end;
$$;
comment on function private.whatsapp_template(text) is 'The approved WhatsApp template each alert is sent with (opt_in_code: the authentication template of the opt-in).';
revoke execute on function private.whatsapp_template(text) from public;

create function private.push_endpoint_allowed(p_endpoint text) returns boolean
  language sql stable set search_path = ''
as $$
  select p_endpoint is not null and char_length(p_endpoint) <= 1024 and p_endpoint !~ '\s'
     and (
       coalesce(substring(p_endpoint from '^https://([a-z0-9.-]+)(?::443)?/[^?#]') in
                  ('fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'), false)
       or coalesce(substring(p_endpoint from '^https://([a-z0-9.-]+)(?::443)?/[^?#]') ~ '^([a-z0-9-]+\.)+notify\.windows\.com$', false)
       or coalesce(p_endpoint ~ (select extra_push_endpoint_pattern from private.alert_settings), false)
     );
$$;
comment on function private.push_endpoint_allowed(text) is 'Whether a push subscription''s endpoint belongs to an allowed push service (FCM, Mozilla, Apple, Windows; the local double on the local stack): the worker sends nowhere else.';
revoke execute on function private.push_endpoint_allowed(text) from public;

-- -----------------------------------------------------------------------------------------------------
-- Push subscriptions: one row per device (browser) that turned push on
-- -----------------------------------------------------------------------------------------------------

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  endpoint text not null constraint push_subscriptions_one_row_per_device unique,
  p256dh text not null constraint push_subscriptions_p256dh_shape check (p256dh ~ '^B[A-Za-z0-9_-]{86}$'),
  auth text not null constraint push_subscriptions_auth_shape check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz not null default private.clock_now()
);
comment on table public.push_subscriptions is 'A device that turned push on: its push service endpoint and keys (RFC 8291). A 404 or 410 from the push service deletes it.';
create index push_subscriptions_of_user on public.push_subscriptions (user_id);
alter table public.push_subscriptions enable row level security;
revoke all on table public.push_subscriptions from anon, authenticated;
grant select (id, endpoint, created_at) on table public.push_subscriptions to authenticated;
create policy "Players read their own devices" on public.push_subscriptions
  as permissive for select to authenticated
  using (user_id = (select private.current_player_id()));

-- -----------------------------------------------------------------------------------------------------
-- WhatsApp: the confirmed number, the consent record, the pending code
-- -----------------------------------------------------------------------------------------------------

create table public.whatsapp_contacts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  phone text not null constraint whatsapp_contacts_phone_indian_mobile check (phone ~ '^\+91[6-9][0-9]{9}$'),
  consent_text text not null constraint whatsapp_contacts_consent_text check (char_length(consent_text) between 1 and 1000),
  consented_at timestamptz not null
);
comment on table public.whatsapp_contacts is 'A player''s confirmed WhatsApp number (an Indian mobile) and the consent they gave; withdrawing consent deletes the row.';
comment on column public.whatsapp_contacts.phone is 'personal: phone';
alter table public.whatsapp_contacts enable row level security;
revoke all on table public.whatsapp_contacts from anon, authenticated;
grant select on table public.whatsapp_contacts to authenticated;
create policy "Players read their own WhatsApp number" on public.whatsapp_contacts
  as permissive for select to authenticated
  using (user_id = (select private.current_player_id()));

create table private.whatsapp_consents (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  phone text not null,
  action text not null constraint whatsapp_consents_action_known check (action in ('given', 'withdrawn')),
  consent_text text,
  at timestamptz not null default private.clock_now()
);
comment on table private.whatsapp_consents is 'The record of WhatsApp consent: each time a player gave it (with the words they agreed to) or withdrew it. Append-only.';
comment on column private.whatsapp_consents.phone is 'personal: phone';
create index whatsapp_consents_of_user on private.whatsapp_consents (user_id, at);

create table private.whatsapp_opt_in_codes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  phone text not null,
  code_hash text not null,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  tries_left integer not null constraint whatsapp_opt_in_codes_tries check (tries_left >= 0),
  codes_sent integer not null default 1
);
comment on table private.whatsapp_opt_in_codes is 'The code a player must type to confirm a WhatsApp number (its SHA-256 only), until it expires or its tries are used.';
comment on column private.whatsapp_opt_in_codes.phone is 'personal: phone';

-- -----------------------------------------------------------------------------------------------------
-- A player's choice per event
-- -----------------------------------------------------------------------------------------------------

create table public.alert_preferences (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null constraint alert_preferences_kind_known check (kind = any (private.alert_kinds())),
  push boolean not null default true,
  whatsapp boolean not null default true,
  primary key (user_id, kind)
);
comment on table public.alert_preferences is 'A player''s choice of push and WhatsApp per alert event; no row means on for each channel the player turned on.';
alter table public.alert_preferences enable row level security;
revoke all on table public.alert_preferences from anon, authenticated;

-- -----------------------------------------------------------------------------------------------------
-- The outbox learns two kinds of call
-- -----------------------------------------------------------------------------------------------------

alter table private.outbox
  drop constraint outbox_kind_known,
  add constraint outbox_kind_known check (kind in ('razorpay_refund', 'razorpay_order_check', 'parental_consent_email', 'email',
                                                   'pan_verification', 'upi_validation', 'razorpayx_payout',
                                                   'razorpayx_payout_check', 'provider_reconciliation', 'story_news_email',
                                                   'storage_deletion', 'web_push', 'whatsapp'));

-- -----------------------------------------------------------------------------------------------------
-- Queueing: every alert event written to the bell goes out to the player's devices and number
-- -----------------------------------------------------------------------------------------------------

create function private.queue_alerts() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
begin
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  select 'web_push', 'push-' || n.id || '-' || s.id,
         jsonb_build_object('subscription_id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth,
                            'kind', n.kind, 'title', n.title, 'body', n.body, 'url', coalesce(n.link, '/dashboard'),
                            -- A push that could not go within an hour of its time is no longer worth a buzz.
                            'expires_at', private.alert_not_before(v_now, n.kind) + interval '1 hour'),
         private.alert_not_before(v_now, n.kind)
    from new_rows n
    join public.push_subscriptions s on s.user_id = n.user_id
    left join public.alert_preferences p on p.user_id = n.user_id and p.kind = n.kind
   where n.kind = any (private.alert_kinds()) and coalesce(p.push, true)
  on conflict (idempotency_key) do nothing;

  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  select 'whatsapp', 'whatsapp-' || n.id,
         jsonb_build_object('to', c.phone, 'template', private.whatsapp_template(n.kind), 'params', jsonb_build_array(n.title, n.body),
                            'url', coalesce(n.link, '/dashboard'), 'kind', n.kind),
         private.alert_not_before(v_now, n.kind)
    from new_rows n
    join public.whatsapp_contacts c on c.user_id = n.user_id
    left join public.alert_preferences p on p.user_id = n.user_id and p.kind = n.kind
   where n.kind = any (private.alert_kinds()) and coalesce(p.whatsapp, true)
  on conflict (idempotency_key) do nothing;
  return null;
end;
$$;
comment on function private.queue_alerts() is 'Queues a push per subscribed device and a WhatsApp template per confirmed number for each alert event the bell was told, as the player chose, after the quiet hours.';
revoke execute on function private.queue_alerts() from public;

create trigger notifications_queue_alerts after insert on public.notifications
  referencing new table as new_rows
  for each statement execute function private.queue_alerts();

-- -----------------------------------------------------------------------------------------------------
-- Push: the player's calls
-- -----------------------------------------------------------------------------------------------------

create function public.save_push_subscription(p_subscription jsonb) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_endpoint text;
  v_p256dh text;
  v_auth text;
  v_id uuid;
begin
  if p_subscription is null or jsonb_typeof(p_subscription) <> 'object' or jsonb_typeof(p_subscription -> 'endpoint') <> 'string' then
    raise exception 'A push subscription has an endpoint and keys' using errcode = 'PT400', hint = 'invalid_push_endpoint';
  end if;
  v_endpoint := p_subscription ->> 'endpoint';
  if not private.push_endpoint_allowed(v_endpoint) then
    raise exception 'This push service is not one we send to' using errcode = 'PT400', hint = 'invalid_push_endpoint';
  end if;
  v_p256dh := rtrim(p_subscription #>> '{keys,p256dh}', '=');
  v_auth := rtrim(p_subscription #>> '{keys,auth}', '=');
  if v_p256dh is null or v_p256dh !~ '^B[A-Za-z0-9_-]{86}$' or v_auth is null or v_auth !~ '^[A-Za-z0-9_-]{22}$' then
    raise exception 'The subscription''s keys are not a P-256 key and a 16-byte secret' using errcode = 'PT400', hint = 'invalid_push_keys';
  end if;
  -- A device belongs to whoever turned push on last on it.
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
  values (v_user, v_endpoint, v_p256dh, v_auth, private.clock_now())
  on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
  returning id into v_id;
  return jsonb_build_object('id', v_id);
end;
$$;
comment on function public.save_push_subscription(jsonb) is 'Turns push on for the caller on one device: the browser''s subscription JSON ({ endpoint, keys: { p256dh, auth } }) → { id }. Endpoints of push services not allowed are refused (invalid_push_endpoint).';
revoke execute on function public.save_push_subscription(jsonb) from public, anon;
grant execute on function public.save_push_subscription(jsonb) to authenticated;

create function public.delete_push_subscription(p_endpoint text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_count integer;
begin
  delete from public.push_subscriptions where user_id = v_user and endpoint = p_endpoint;
  get diagnostics v_count = row_count;
  return jsonb_build_object('deleted', v_count > 0);
end;
$$;
comment on function public.delete_push_subscription(text) is 'Turns push off for the caller on one device (its endpoint).';
revoke execute on function public.delete_push_subscription(text) from public, anon;
grant execute on function public.delete_push_subscription(text) to authenticated;

create function public.service_forget_push_subscription(p_endpoint text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from public.push_subscriptions where endpoint = p_endpoint;
  get diagnostics v_count = row_count;
  -- Pushes still queued for it would only meet the same answer.
  update private.outbox set status = 'done', done_at = private.clock_now(), last_answer = '{"subscription_gone": true}'
   where kind = 'web_push' and status = 'pending' and payload ->> 'endpoint' = p_endpoint;
  return jsonb_build_object('deleted', v_count > 0);
end;
$$;
comment on function public.service_forget_push_subscription(text) is 'The push service answered 404 or 410 for an endpoint: the device is gone, its subscription and queued pushes with it. Service role only.';
revoke execute on function public.service_forget_push_subscription(text) from public, anon, authenticated;
grant execute on function public.service_forget_push_subscription(text) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- WhatsApp: opt-in with a code, consent withdrawn in one tap
-- -----------------------------------------------------------------------------------------------------

create function private.whatsapp_consent_text() returns text
  language sql immutable set search_path = ''
as $$ select 'Send me match-day alerts from Golazo Arena on WhatsApp at this number. I can stop them at any time on my profile.' $$;
comment on function private.whatsapp_consent_text() is 'The words a player agrees to when confirming a WhatsApp number; the consent record keeps them.';
revoke execute on function private.whatsapp_consent_text() from public;

create function public.start_whatsapp_opt_in(p_phone text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
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
  select * into v_pending from private.whatsapp_opt_in_codes where user_id = v_user for update;
  if found and v_pending.sent_at > v_now - make_interval(secs => v_settings.whatsapp_code_resend_seconds) then
    raise exception 'A code was just sent: wait a few seconds before asking for another' using errcode = 'PT409',
      hint = 'whatsapp_code_sent_recently';
  end if;
  v_code := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
  insert into private.whatsapp_opt_in_codes (user_id, phone, code_hash, sent_at, expires_at, tries_left)
  values (v_user, v_phone, encode(extensions.digest(v_code, 'sha256'), 'hex'), v_now,
          v_now + make_interval(mins => v_settings.whatsapp_code_minutes), v_settings.whatsapp_code_tries)
  on conflict (user_id) do update
    set phone = excluded.phone, code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
        tries_left = excluded.tries_left, codes_sent = private.whatsapp_opt_in_codes.codes_sent + 1
  returning codes_sent into v_sent;
  perform private.enqueue_outside_call('whatsapp', 'whatsapp-code-' || v_user || '-' || v_sent || '-' || extract(epoch from v_now),
    jsonb_build_object('to', v_phone, 'template', private.whatsapp_template('opt_in_code'), 'params', jsonb_build_array(v_code),
                       'url', null, 'kind', 'opt_in_code'));
  return jsonb_build_object('phone', v_phone, 'expires_at', v_now + make_interval(mins => v_settings.whatsapp_code_minutes),
                            'tries', v_settings.whatsapp_code_tries);
end;
$$;
comment on function public.start_whatsapp_opt_in(text) is 'Sends a six-digit code to a WhatsApp number (+91 and ten digits, else invalid_phone) as an authentication template; the code lasts 10 minutes and has 5 tries.';
revoke execute on function public.start_whatsapp_opt_in(text) from public, anon;
grant execute on function public.start_whatsapp_opt_in(text) to authenticated;

create function public.confirm_whatsapp_opt_in(p_code text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_pending private.whatsapp_opt_in_codes;
begin
  select * into v_pending from private.whatsapp_opt_in_codes where user_id = v_user for update;
  if not found then
    raise exception 'Ask for a code first' using errcode = 'PT404', hint = 'whatsapp_code_missing';
  end if;
  if v_pending.expires_at <= v_now then
    raise exception 'This code has expired: ask for a new one' using errcode = 'PT409', hint = 'whatsapp_code_expired';
  end if;
  if v_pending.tries_left <= 0 then
    raise exception 'Too many wrong codes: ask for a new one' using errcode = 'PT409', hint = 'whatsapp_code_tries_used';
  end if;
  if encode(extensions.digest(btrim(coalesce(p_code, '')), 'sha256'), 'hex') <> v_pending.code_hash then
    -- Answered, not raised: the try must count.
    update private.whatsapp_opt_in_codes set tries_left = tries_left - 1 where user_id = v_user;
    return jsonb_build_object('confirmed', false, 'tries_left', v_pending.tries_left - 1);
  end if;
  insert into public.whatsapp_contacts (user_id, phone, consent_text, consented_at)
  values (v_user, v_pending.phone, private.whatsapp_consent_text(), v_now)
  on conflict (user_id) do update set phone = excluded.phone, consent_text = excluded.consent_text, consented_at = excluded.consented_at;
  insert into private.whatsapp_consents (user_id, phone, action, consent_text, at)
  values (v_user, v_pending.phone, 'given', private.whatsapp_consent_text(), v_now);
  delete from private.whatsapp_opt_in_codes where user_id = v_user;
  return jsonb_build_object('confirmed', true, 'phone', v_pending.phone, 'consented_at', v_now);
end;
$$;
comment on function public.confirm_whatsapp_opt_in(text) is 'Confirms the caller''s WhatsApp number with the code sent to it and records their consent → { confirmed, phone } or { confirmed: false, tries_left }.';
revoke execute on function public.confirm_whatsapp_opt_in(text) from public, anon;
grant execute on function public.confirm_whatsapp_opt_in(text) to authenticated;

create function public.withdraw_whatsapp_consent() returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_contact public.whatsapp_contacts;
begin
  delete from public.whatsapp_contacts where user_id = v_user returning * into v_contact;
  delete from private.whatsapp_opt_in_codes where user_id = v_user;
  if v_contact.user_id is not null then
    insert into private.whatsapp_consents (user_id, phone, action, at)
    values (v_user, v_contact.phone, 'withdrawn', private.clock_now());
    -- Nothing more is sent, including what waits for the end of the quiet hours.
    update private.outbox set status = 'done', done_at = private.clock_now(), last_answer = '{"consent_withdrawn": true}'
     where kind = 'whatsapp' and status = 'pending' and payload ->> 'to' = v_contact.phone;
  end if;
  return jsonb_build_object('withdrawn', v_contact.user_id is not null);
end;
$$;
comment on function public.withdraw_whatsapp_consent() is 'Stops WhatsApp alerts for the caller at once: the number is forgotten, the withdrawal recorded, queued messages dropped.';
revoke execute on function public.withdraw_whatsapp_consent() from public, anon;
grant execute on function public.withdraw_whatsapp_consent() to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- The settings page
-- -----------------------------------------------------------------------------------------------------

create function public.get_my_alerts() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_contact public.whatsapp_contacts;
  v_pending private.whatsapp_opt_in_codes;
begin
  select * into v_contact from public.whatsapp_contacts where user_id = v_user;
  select * into v_pending from private.whatsapp_opt_in_codes where user_id = v_user;
  return jsonb_build_object(
    'events', (select jsonb_agg(jsonb_build_object('kind', k, 'push', coalesce(p.push, true), 'whatsapp', coalesce(p.whatsapp, true),
                                                   'quiet_hours', k <> 'room_posted') order by ord)
                 from unnest(private.alert_kinds()) with ordinality as kinds (k, ord)
                 left join public.alert_preferences p on p.user_id = v_user and p.kind = k),
    'push_devices', (select count(*) from public.push_subscriptions where user_id = v_user),
    'whatsapp', jsonb_build_object(
      'phone', v_contact.phone,
      'consented_at', v_contact.consented_at,
      'pending_phone', v_pending.phone,
      'code_expires_at', v_pending.expires_at,
      'tries_left', v_pending.tries_left,
      'consent_text', private.whatsapp_consent_text()));
end;
$$;
comment on function public.get_my_alerts() is 'The caller''s alerts: per event whether push and WhatsApp are on, how many devices have push, the WhatsApp number or the code waiting for it.';
revoke execute on function public.get_my_alerts() from public, anon;
grant execute on function public.get_my_alerts() to authenticated;

create function public.set_my_alert(p_kind text, p_channel text, p_on boolean) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  if p_kind is null or not (p_kind = any (private.alert_kinds())) then
    raise exception 'Unknown alert event' using errcode = 'PT400', hint = 'invalid_alert_kind';
  end if;
  if p_channel is null or p_channel not in ('push', 'whatsapp') or p_on is null then
    raise exception 'Alerts go by push or WhatsApp' using errcode = 'PT400', hint = 'invalid_alert_channel';
  end if;
  insert into public.alert_preferences (user_id, kind, push, whatsapp)
  values (v_user, p_kind, case when p_channel = 'push' then p_on else true end, case when p_channel = 'whatsapp' then p_on else true end)
  on conflict (user_id, kind) do update
    set push = case when p_channel = 'push' then p_on else public.alert_preferences.push end,
        whatsapp = case when p_channel = 'whatsapp' then p_on else public.alert_preferences.whatsapp end;
  return jsonb_build_object('kind', p_kind, 'channel', p_channel, 'on', p_on);
end;
$$;
comment on function public.set_my_alert(text, text, boolean) is 'Turns one alert event on or off for the caller on one channel (push or whatsapp).';
revoke execute on function public.set_my_alert(text, text, boolean) from public, anon;
grant execute on function public.set_my_alert(text, text, boolean) to authenticated;
