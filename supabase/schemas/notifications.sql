-- =====================================================================================================
-- notifications: the bell, the e-mail queued with it, a player’s settings, and story news sign-ups
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Tables: what is kept
-- =====================================================================================================

-- Notifications ---------------------------------------------------------------------------------------

comment on table public.notifications is 'The bell: one row per thing a player is told (check-in, draw, room, reports, disputes, next match, prizes, ...). The e-mail is queued with it; non-urgent e-mail waits for 08:00 IST.';
create table public.notifications (
  id bigint generated always as identity not null,
  user_id uuid not null,
  kind text not null,
  title text not null,
  body text default ''::text not null,
  link text,
  created_at timestamp with time zone default now() not null,
  read_at timestamp with time zone,
  message_key text,
  message_params jsonb,
  language text default 'en'::text not null,
  constraint notifications_pkey PRIMARY KEY (id),
  constraint notifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint notifications_body_length CHECK ((char_length(body) <= 1000)),
  constraint notifications_kind_known CHECK (((kind = ANY ('{check_in_open,draw_made,room_posted,opponent_ready,opponent_reported,dispute_opened,dispute_settled,next_match,tournament_finished,prize_credited,payout_sent,payout_failed,kyc_result,payment_receipt,waitlist_joined,waitlist_promoted,waitlist_not_promoted,pod_check_in_missed}'::text[])) OR (kind = 'staff_alert'::text))),
  constraint notifications_link_is_a_path CHECK (((link IS NULL) OR (link ~ '^/'::text))),
  constraint notifications_title_length CHECK (((char_length(title) >= 1) AND (char_length(title) <= 140)))
);
CREATE INDEX notifications_of_user ON public.notifications USING btree (user_id, created_at DESC);
CREATE INDEX notifications_recent_receipts ON public.notifications USING btree (created_at) WHERE (kind = 'payment_receipt'::text);
alter table public.notifications enable row level security;
comment on column public.notifications.title is 'personal: free_text. May name the player or their opponent.';
comment on column public.notifications.body is 'personal: free_text. May name the player or their opponent.';
comment on column public.notifications.message_key is 'The message of the catalog (private.message_catalog) the title and body were written from; null for a staff alert written in English.';
comment on column public.notifications.message_params is 'personal: free_text. The values the message was written with (names of the player, their opponent, the tournament; amounts; times), so an alert can be written again in English when its template is not approved in the player''s language.';
comment on column public.notifications.language is 'The language the title and body are written in: the player''s (profiles.language) when it was written.';

create type private.notice as (
  user_id uuid,
  kind text,
  title text,
  body text,
  link text,
  key text
);
comment on type private.notice is 'One notification to deliver: who, kind, title, body, link, and the key that keeps its e-mail to one.';

create type private.player_message as (
  user_id uuid,
  kind text,
  message_key text,
  params jsonb,
  link text,
  key text
);
comment on type private.player_message is 'One notification to deliver from the message catalog: who, kind, the catalog''s message key and its values, link, and the key that keeps its e-mail to one. private.deliver_messages writes it in the player''s language.';

create type private.composed_message as (
  title text,
  body text
);
comment on type private.composed_message is 'A catalog message written in one language: its title (e-mail subject, push title, first WhatsApp parameter) and body.';

-- The message catalog -----------------------------------------------------------------------------------

comment on table private.message_catalog is 'Everything the database writes to a player, once per language: a message''s title and body with {placeholders} (private.compose_message fills them: {name}, {name:datetime} IST, {name:moment} IST without the zone, {name:money} paise, {name:place} a prize place, {name:phrase} the phrase the value names, {name|phrase} a phrase of this table when the value is missing). Rows whose key starts with phrase. are words a message puts in for a missing value. Every key has every language (notifications-messages.test.ts).';
create table private.message_catalog (
  key text not null,
  language text not null,
  title text default ''::text not null,
  body text not null,
  constraint message_catalog_pkey PRIMARY KEY (key, language),
  constraint message_catalog_language_known CHECK ((language = ANY (ARRAY['en'::text, 'hi'::text])))
);

comment on table private.calendar_names is 'Month and weekday names per language for dates the database writes: a hosted database''s locale cannot print Hindi ones (to_char''s TMMonth follows lc_time). kind month: number 1-12; kind weekday: ISO number 1 (Monday) - 7 (Sunday).';
create table private.calendar_names (
  language text not null,
  kind text not null,
  number integer not null,
  name text not null,
  constraint calendar_names_pkey PRIMARY KEY (language, kind, number),
  constraint calendar_names_kind_known CHECK ((kind = ANY (ARRAY['month'::text, 'weekday'::text]))),
  constraint calendar_names_number_range CHECK (((number >= 1) AND (number <= CASE kind WHEN 'month'::text THEN 12 ELSE 7 END)))
);

comment on table private.whatsapp_template_languages is 'Each WhatsApp template in each language to register with Meta, and whether Meta approved it: a message goes in the player''s language only when its template is approved in it, else in English (docs/areas/notifications.md lists them). Set approved once WhatsApp Manager shows the template Active.';
create table private.whatsapp_template_languages (
  template text not null,
  language text not null,
  approved boolean default false not null,
  constraint whatsapp_template_languages_pkey PRIMARY KEY (template, language),
  constraint whatsapp_template_languages_language_known CHECK ((language = ANY (ARRAY['en'::text, 'hi'::text])))
);

comment on table public.notification_settings is 'A player''s choice of e-mail per kind of notification; no row means e-mail on.';
create table public.notification_settings (
  user_id uuid not null,
  kind text not null,
  email boolean default true not null,
  constraint notification_settings_pkey PRIMARY KEY (user_id, kind),
  constraint notification_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
alter table public.notification_settings enable row level security;

-- Story news ------------------------------------------------------------------------------------------

comment on table public.story_notification_signups is 'Blog "Notify me" sign-ups: unconfirmed until the address owner opens the confirmation link (double opt-in); only confirmed ones are sent news, each message with an unsubscribe link that deletes the row. Written only by the story news functions; no API role may read them.';
create table public.story_notification_signups (
  email text not null,
  consent_text text not null,
  consented_at timestamp with time zone not null,
  id uuid default gen_random_uuid() not null,
  confirmed_at timestamp with time zone,
  confirm_token_sha256 bytea,
  constraint story_notification_signups_pkey PRIMARY KEY (email),
  constraint story_notification_signups_confirm_token_unique UNIQUE (confirm_token_sha256),
  constraint story_notification_signups_id_unique UNIQUE (id),
  constraint story_notification_consent_given CHECK (((char_length(btrim(consent_text)) >= 1) AND (char_length(btrim(consent_text)) <= 1000))),
  constraint story_notification_email_normalised CHECK ((email = lower(btrim(email)))),
  constraint story_notification_email_shape CHECK (((email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text) AND (char_length(email) <= 254)))
);
alter table public.story_notification_signups enable row level security;
comment on column public.story_notification_signups.email is 'personal: email';
comment on column public.story_notification_signups.confirm_token_sha256 is 'SHA-256 of the confirmation link''s token while it may be used; null once confirmed.';

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

comment on table private.alert_settings is 'Alerts: what a WhatsApp template message costs (paise, for the bench and the budget), how long an opt-in code lasts and how many tries it has, how often and how many codes may be sent (per account, per number, in 24 hours), and (local stack only) the push double''s endpoint pattern.';
create table private.alert_settings (
  id boolean default true not null,
  whatsapp_message_cost_paise numeric(10,2) default 12.00 not null,
  whatsapp_code_minutes integer default 10 not null,
  whatsapp_code_tries integer default 5 not null,
  whatsapp_code_resend_seconds integer default 30 not null,
  extra_push_endpoint_pattern text,
  whatsapp_codes_per_account_per_day integer default 5 not null,
  whatsapp_codes_per_number_per_day integer default 3 not null,
  constraint alert_settings_pkey PRIMARY KEY (id),
  constraint alert_settings_code_minutes CHECK (((whatsapp_code_minutes >= 1) AND (whatsapp_code_minutes <= 60))),
  constraint alert_settings_code_tries CHECK (((whatsapp_code_tries >= 1) AND (whatsapp_code_tries <= 10))),
  constraint alert_settings_codes_per_account CHECK (((whatsapp_codes_per_account_per_day >= 1) AND (whatsapp_codes_per_account_per_day <= 50))),
  constraint alert_settings_codes_per_number CHECK (((whatsapp_codes_per_number_per_day >= 1) AND (whatsapp_codes_per_number_per_day <= 50))),
  constraint alert_settings_cost_not_negative CHECK ((whatsapp_message_cost_paise >= (0)::numeric)),
  constraint alert_settings_one_row CHECK (id),
  constraint alert_settings_resend_seconds CHECK (((whatsapp_code_resend_seconds >= 0) AND (whatsapp_code_resend_seconds <= 600)))
);
alter table private.alert_settings enable row level security;

comment on table private.whatsapp_consents is 'The record of WhatsApp consent: each time a player gave it (with the words they agreed to) or withdrew it. Append-only.';
create table private.whatsapp_consents (
  id bigint generated always as identity not null,
  user_id uuid not null,
  phone text not null,
  action text not null,
  consent_text text,
  at timestamp with time zone default private.clock_now() not null,
  consent_language text,
  consent_version integer,
  constraint whatsapp_consents_pkey PRIMARY KEY (id),
  constraint whatsapp_consents_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint whatsapp_consents_action_known CHECK ((action = ANY (ARRAY['given'::text, 'withdrawn'::text]))),
  constraint whatsapp_consents_language_known CHECK ((consent_language = ANY (ARRAY['en'::text, 'hi'::text])))
);
CREATE INDEX whatsapp_consents_of_user ON private.whatsapp_consents USING btree (user_id, at);
comment on column private.whatsapp_consents.phone is 'personal: phone';
comment on column private.whatsapp_consents.consent_language is 'The language of the words the player agreed to (given only; null on rows from before it was recorded, which were English).';
comment on column private.whatsapp_consents.consent_version is 'The version of those words (private.whatsapp_consent_version), the same in both languages (given only; null on rows from before it was recorded, which were version 1).';

comment on table private.whatsapp_opt_in_codes is 'The code a player must type to confirm a WhatsApp number (its SHA-256 only), until it expires or its tries are used.';
create table private.whatsapp_opt_in_codes (
  user_id uuid not null,
  phone text not null,
  code_hash text not null,
  sent_at timestamp with time zone not null,
  expires_at timestamp with time zone not null,
  tries_left integer not null,
  codes_sent integer default 1 not null,
  constraint whatsapp_opt_in_codes_pkey PRIMARY KEY (user_id),
  constraint whatsapp_opt_in_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint whatsapp_opt_in_codes_tries CHECK ((tries_left >= 0))
);
comment on column private.whatsapp_opt_in_codes.phone is 'personal: phone';

comment on table private.whatsapp_code_sends is 'Each WhatsApp opt-in code sent, kept 24 hours to cap the codes per account and per number.';
create table private.whatsapp_code_sends (
  id bigint generated always as identity not null,
  user_id uuid not null,
  phone text not null,
  sent_at timestamp with time zone not null,
  constraint whatsapp_code_sends_pkey PRIMARY KEY (id),
  constraint whatsapp_code_sends_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
CREATE INDEX whatsapp_code_sends_by_time ON private.whatsapp_code_sends USING btree (sent_at);
CREATE INDEX whatsapp_code_sends_of_phone ON private.whatsapp_code_sends USING btree (phone, sent_at);
CREATE INDEX whatsapp_code_sends_of_user ON private.whatsapp_code_sends USING btree (user_id, sent_at);
comment on column private.whatsapp_code_sends.phone is 'personal: phone';

comment on table public.push_subscriptions is 'A device that turned push on: its push service endpoint and keys (RFC 8291). A 404 or 410 from the push service deletes it.';
create table public.push_subscriptions (
  id uuid default gen_random_uuid() not null,
  user_id uuid not null,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  created_at timestamp with time zone default private.clock_now() not null,
  constraint push_subscriptions_pkey PRIMARY KEY (id),
  constraint push_subscriptions_one_row_per_device UNIQUE (endpoint),
  constraint push_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint push_subscriptions_auth_shape CHECK ((auth ~ '^[A-Za-z0-9_-]{22}$'::text)),
  constraint push_subscriptions_p256dh_shape CHECK ((p256dh ~ '^B[A-Za-z0-9_-]{86}$'::text))
);
CREATE INDEX push_subscriptions_of_user ON public.push_subscriptions USING btree (user_id);
alter table public.push_subscriptions enable row level security;
comment on column public.push_subscriptions.endpoint is 'personal: device';
comment on column public.push_subscriptions.p256dh is 'personal: device';
comment on column public.push_subscriptions.auth is 'personal: device';

comment on table public.whatsapp_contacts is 'A player''s confirmed WhatsApp number (an Indian mobile) and the consent they gave; withdrawing consent deletes the row.';
create table public.whatsapp_contacts (
  user_id uuid not null,
  phone text not null,
  consent_text text not null,
  consented_at timestamp with time zone not null,
  consent_language text default 'en'::text not null,
  consent_version integer default 1 not null,
  constraint whatsapp_contacts_pkey PRIMARY KEY (user_id),
  constraint whatsapp_contacts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint whatsapp_contacts_consent_text CHECK (((char_length(consent_text) >= 1) AND (char_length(consent_text) <= 1000))),
  constraint whatsapp_contacts_consent_language_known CHECK ((consent_language = ANY (ARRAY['en'::text, 'hi'::text]))),
  constraint whatsapp_contacts_phone_indian_mobile CHECK ((phone ~ '^\+91[6-9][0-9]{9}$'::text))
);
alter table public.whatsapp_contacts enable row level security;
comment on column public.whatsapp_contacts.phone is 'personal: phone';
comment on column public.whatsapp_contacts.consent_language is 'The language of the consent words the player saw and agreed to (the page they confirmed on). The default is for numbers confirmed before it was recorded: English then.';
comment on column public.whatsapp_contacts.consent_version is 'The version of the consent words agreed to (private.whatsapp_consent_version). The default is for numbers confirmed before it was recorded: version 1 then.';

comment on table public.alert_preferences is 'A player''s choice of push and WhatsApp per alert event; no row means on for each channel the player turned on.';
create table public.alert_preferences (
  user_id uuid not null,
  kind text not null,
  push boolean default true not null,
  whatsapp boolean default true not null,
  constraint alert_preferences_pkey PRIMARY KEY (user_id, kind),
  constraint alert_preferences_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint alert_preferences_kind_known CHECK ((kind = ANY (private.alert_kinds())))
);
alter table public.alert_preferences enable row level security;

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- Rows of private.outbox_kinds ------------------------------------------------------------------------

insert into private.outbox_kinds (kind, area, label, kept_fields, details_function, answer_function, retry_for, gave_up_tells_staff) values
  ('story_news_email', 'notifications', 'a story news e-mail', '{message}', 'private.story_news_email_details', null, null, false),
  ('web_push', 'notifications', 'a push notification', '{kind}', null, null, null, true),
  ('whatsapp', 'notifications', 'a WhatsApp message', '{kind,template}', null, null, null, true)
on conflict (kind) do update set area = excluded.area, label = excluded.label, kept_fields = excluded.kept_fields,
  details_function = excluded.details_function, answer_function = excluded.answer_function, retry_for = excluded.retry_for,
  gave_up_tells_staff = excluded.gave_up_tells_staff;

-- Rows of private.due_work_steps ----------------------------------------------------------------------

insert into private.due_work_steps (name, area, function_name, run_order, every_minutes) values
  ('check_in_announcements', 'notifications', 'private.run_due_notification_work', '300', '1')
on conflict (name) do update set area = excluded.area, function_name = excluded.function_name, run_order = excluded.run_order,
  every_minutes = excluded.every_minutes;

-- Rows of private.message_catalog ---------------------------------------------------------------------

insert into private.message_catalog (key, language, title, body) values
  ('check_in_open', 'en', 'Check-in is open for {tournament}', 'Check in before {closes:datetime}, or your entry is withdrawn without a refund.'),
  ('check_in_open', 'hi', '{tournament} के लिए चेक-इन खुल गया है', '{closes:datetime} से पहले चेक-इन करें, वरना आपकी एंट्री बिना रिफ़ंड के हटा दी जाएगी।'),
  ('dispute_opened', 'en', 'Dispute opened on your match in {tournament}', 'Staff will decide it; the deadline is on the match page.'),
  ('dispute_opened', 'hi', '{tournament} में आपके मैच पर विवाद खुला', 'स्टाफ़ इसका फ़ैसला करेगा; डेडलाइन मैच पेज पर है।'),
  ('dispute_settled_replay', 'en', 'Dispute settled in {tournament}', 'The match will be replayed: see the new time.'),
  ('dispute_settled_replay', 'hi', '{tournament} में विवाद का फ़ैसला हो गया', 'मैच दोबारा खेला जाएगा: नया समय देखें।'),
  ('dispute_settled_winner', 'en', 'Dispute settled in {tournament}', '{winner|phrase.winner} goes through.'),
  ('dispute_settled_winner', 'hi', '{tournament} में विवाद का फ़ैसला हो गया', '{winner|phrase.winner} आगे बढ़ता है।'),
  ('draw_made_bracket', 'en', 'The draw for {tournament} is made', 'See the bracket on the tournament page.'),
  ('draw_made_bracket', 'hi', '{tournament} का ड्रॉ हो गया', 'ब्रैकेट टूर्नामेंट पेज पर देखें।'),
  ('draw_made_bye', 'en', 'The draw for {tournament} is made', 'You have a bye in round 1: see your next match in the bracket.'),
  ('draw_made_bye', 'hi', '{tournament} का ड्रॉ हो गया', 'राउंड 1 में आपको बाई मिली है: अपना अगला मैच ब्रैकेट में देखें।'),
  ('draw_made_first_match', 'en', 'The draw for {tournament} is made', 'Your first match: {time:datetime} against {opponent|phrase.opponent_object}.'),
  ('draw_made_first_match', 'hi', '{tournament} का ड्रॉ हो गया', 'आपका पहला मैच: {time:datetime}, {opponent|phrase.opponent_object} के ख़िलाफ़।'),
  ('draw_made_group_first_match', 'en', 'The draw for {tournament} is made', 'Group {group}: {matches} matches. Your first match: {time:datetime} against {opponent|phrase.opponent_object}.'),
  ('draw_made_group_first_match', 'hi', '{tournament} का ड्रॉ हो गया', 'ग्रुप {group}: {matches} मैच। आपका पहला मैच: {time:datetime}, {opponent|phrase.opponent_object} के ख़िलाफ़।'),
  ('entry_invitation', 'en', 'You are invited to play {tournament} on Golazo Arena', E'A player on Golazo Arena bought a place in {tournament} for you.\n\nAccept it before check-in closes ({closes:datetime}). You need a complete profile on Golazo Arena{condition:phrase}.\n\nIf you do not know this player, ignore this e-mail: nothing happens unless you accept.'),
  ('entry_invitation', 'hi', '{tournament} खेलने के लिए आपको Golazo Arena पर न्योता मिला है', E'Golazo Arena पर एक खिलाड़ी ने {tournament} में आपके लिए एक जगह ख़रीदी है।\n\nचेक-इन बंद होने ({closes:datetime}) से पहले इसे स्वीकार करें। इसके लिए Golazo Arena पर आपकी प्रोफ़ाइल पूरी होनी चाहिए{condition:phrase}।\n\nअगर आप इस खिलाड़ी को नहीं जानते, तो इस ई-मेल को अनदेखा करें: जब तक आप स्वीकार नहीं करते, कुछ नहीं होगा।'),
  ('entry_invitation_named', 'en', 'You are invited to play {tournament} on Golazo Arena', E'A player on Golazo Arena (in-game name "{buyer}") bought a place in {tournament} for you.\n\nAccept it before check-in closes ({closes:datetime}). You need a complete profile on Golazo Arena{condition:phrase}.\n\nIf you do not know this player, ignore this e-mail: nothing happens unless you accept.'),
  ('entry_invitation_named', 'hi', '{tournament} खेलने के लिए आपको Golazo Arena पर न्योता मिला है', E'Golazo Arena पर एक खिलाड़ी (इन-गेम नाम "{buyer}") ने {tournament} में आपके लिए एक जगह ख़रीदी है।\n\nचेक-इन बंद होने ({closes:datetime}) से पहले इसे स्वीकार करें। इसके लिए Golazo Arena पर आपकी प्रोफ़ाइल पूरी होनी चाहिए{condition:phrase}।\n\nअगर आप इस खिलाड़ी को नहीं जानते, तो इस ई-मेल को अनदेखा करें: जब तक आप स्वीकार नहीं करते, कुछ नहीं होगा।'),
  ('grievance_received', 'en', 'Grievance {ticket} received', E'We received your grievance "{subject}".\n\nTicket: {ticket}\nWe acknowledge it by {acknowledge_by}\nand resolve it by {resolve_by}.\n\nQuote the ticket number when you write to the grievance officer.'),
  ('grievance_received', 'hi', 'शिकायत {ticket} मिल गई', E'हमें आपकी शिकायत "{subject}" मिल गई है।\n\nटिकट: {ticket}\nहम {acknowledge_by} तक इसकी पावती देंगे\nऔर {resolve_by} तक इसका समाधान करेंगे।\n\nशिकायत अधिकारी को लिखते समय टिकट नंबर ज़रूर बताएँ।'),
  ('grievance_received_other', 'en', 'Grievance {ticket} received', E'A grievance about personal data held by Golazo Arena was filed giving this e-mail address for our answer.\n\nTicket: {ticket}\nWe acknowledge it by {acknowledge_by}\nand resolve it by {resolve_by}.\n\nQuote the ticket number when you write to the grievance officer.\nIf you did not file it, ignore this e-mail.'),
  ('grievance_received_other', 'hi', 'शिकायत {ticket} मिल गई', E'Golazo Arena के पास रखे निजी डेटा के बारे में एक शिकायत दर्ज की गई है, जिसमें जवाब के लिए यही ई-मेल पता दिया गया है।\n\nटिकट: {ticket}\nहम {acknowledge_by} तक इसकी पावती देंगे\nऔर {resolve_by} तक इसका समाधान करेंगे।\n\nशिकायत अधिकारी को लिखते समय टिकट नंबर ज़रूर बताएँ।\nअगर यह शिकायत आपने दर्ज नहीं की, तो इस ई-मेल को अनदेखा करें।'),
  ('kyc_rejected', 'en', 'Your KYC was not accepted', '{reason}'),
  ('kyc_rejected', 'hi', 'आपका KYC स्वीकार नहीं हुआ', '{reason_phrase:phrase|phrase.kyc_not_verified}'),
  ('kyc_verified', 'en', 'Your KYC is verified', 'You can now withdraw your winnings.'),
  ('kyc_verified', 'hi', 'आपका KYC वेरिफ़ाई हो गया', 'अब आप अपनी विनिंग्स निकाल सकते हैं।'),
  ('next_match_guest', 'en', 'Your match in {tournament}: {time:datetime}', 'You play {opponent|phrase.opponent_object}. They host and post the room on the match page.'),
  ('next_match_guest', 'hi', '{tournament} में आपका मैच: {time:datetime}', 'आपका मुक़ाबला {opponent|phrase.opponent_object} से है। होस्ट वे हैं और वही मैच पेज पर रूम पोस्ट करेंगे।'),
  ('next_match_host', 'en', 'Your match in {tournament}: {time:datetime}', 'You play {opponent|phrase.opponent_object}. You host: post the room on the match page.'),
  ('next_match_host', 'hi', '{tournament} में आपका मैच: {time:datetime}', 'आपका मुक़ाबला {opponent|phrase.opponent_object} से है। होस्ट आप हैं: मैच पेज पर रूम पोस्ट करें।'),
  ('opponent_ready', 'en', '{opponent|phrase.opponent_subject} is ready', 'Your opponent is ready in {tournament}.'),
  ('opponent_ready', 'hi', '{opponent|phrase.opponent_subject} तैयार है', '{tournament} में आपका विरोधी तैयार है।'),
  ('opponent_reported', 'en', 'Your opponent reported the result', 'Confirm it or open a dispute within 10 minutes on the match page.'),
  ('opponent_reported', 'hi', 'आपके विरोधी ने रिज़ल्ट रिपोर्ट किया', 'मैच पेज पर 10 मिनट के भीतर इसे कन्फ़र्म करें या विवाद खोलें।'),
  ('parental_consent_declaration', 'en', '', 'I am the parent or legal guardian of this player. I consent to Golazo Arena processing their account data so that they can join free tournaments (no paid entry, no prizes paid out to them while they are under 18), and I know I can withdraw this consent at any time with the link in the e-mail that confirms it.'),
  ('parental_consent_declaration', 'hi', '', 'मैं इस खिलाड़ी के माता-पिता में से एक या उनका कानूनी अभिभावक हूँ। मैं सहमति देता/देती हूँ कि Golazo Arena उनके अकाउंट का डेटा प्रोसेस करे, ताकि वे फ़्री टूर्नामेंट में हिस्सा ले सकें (18 साल से कम उम्र रहने तक उनके लिए न कोई पेड एंट्री होगी, न उन्हें कोई प्राइज़ दिया जाएगा), और मैं जानता/जानती हूँ कि इस सहमति की पुष्टि करने वाले ई-मेल के लिंक से मैं इसे कभी भी वापस ले सकता/सकती हूँ।'),
  ('payment_receipt_cup_many', 'en', 'Payment received: {amount:money} for {tournament}', 'Receipt for {tournament}: {slots} entries (you play the first; invite players to the others from My Tournaments), {amount:money} paid, payment id {payment_id}. Next: check in on the tournament page from {opens:moment} to {closes:moment} IST; an entry not checked in is withdrawn and its fee is not refunded.'),
  ('payment_receipt_cup_many', 'hi', '{tournament} के लिए {amount:money} का पेमेंट मिला', '{tournament} की रसीद: {slots} एंट्री (पहली में आप खेलेंगे; बाक़ी के लिए "मेरे टूर्नामेंट" से खिलाड़ियों को इनवाइट करें), {amount:money} का पेमेंट, पेमेंट ID {payment_id}। आगे: टूर्नामेंट पेज पर {opens:moment} से {closes:moment} IST के बीच चेक-इन करें; जिस एंट्री का चेक-इन नहीं होगा, वह हटा दी जाएगी और उसकी फ़ीस रिफ़ंड नहीं होगी।'),
  ('payment_receipt_cup_one', 'en', 'Payment received: {amount:money} for {tournament}', 'Receipt for {tournament}: {slots} entry, {amount:money} paid, payment id {payment_id}. Next: check in on the tournament page from {opens:moment} to {closes:moment} IST; an entry not checked in is withdrawn and its fee is not refunded.'),
  ('payment_receipt_cup_one', 'hi', '{tournament} के लिए {amount:money} का पेमेंट मिला', '{tournament} की रसीद: {slots} एंट्री, {amount:money} का पेमेंट, पेमेंट ID {payment_id}। आगे: टूर्नामेंट पेज पर {opens:moment} से {closes:moment} IST के बीच चेक-इन करें; जिस एंट्री का चेक-इन नहीं होगा, वह हटा दी जाएगी और उसकी फ़ीस रिफ़ंड नहीं होगी।'),
  ('payment_receipt_pod_many', 'en', 'Payment received: {amount:money} for {tournament}', 'Receipt for {tournament}: {slots} entries (you play the first; invite players to the others from My Tournaments), {amount:money} paid, payment id {payment_id}. Next: the pod starts when its last place is taken; check in on the pod page as soon as it fills.'),
  ('payment_receipt_pod_many', 'hi', '{tournament} के लिए {amount:money} का पेमेंट मिला', '{tournament} की रसीद: {slots} एंट्री (पहली में आप खेलेंगे; बाक़ी के लिए "मेरे टूर्नामेंट" से खिलाड़ियों को इनवाइट करें), {amount:money} का पेमेंट, पेमेंट ID {payment_id}। आगे: आख़िरी जगह भरते ही पॉड शुरू होता है; पॉड भरते ही पॉड पेज पर चेक-इन करें।'),
  ('payment_receipt_pod_one', 'en', 'Payment received: {amount:money} for {tournament}', 'Receipt for {tournament}: {slots} entry, {amount:money} paid, payment id {payment_id}. Next: the pod starts when its last place is taken; check in on the pod page as soon as it fills.'),
  ('payment_receipt_pod_one', 'hi', '{tournament} के लिए {amount:money} का पेमेंट मिला', '{tournament} की रसीद: {slots} एंट्री, {amount:money} का पेमेंट, पेमेंट ID {payment_id}। आगे: आख़िरी जगह भरते ही पॉड शुरू होता है; पॉड भरते ही पॉड पेज पर चेक-इन करें।'),
  ('payout_failed', 'en', 'Withdrawal of {amount:money} did not go through', '{reason|phrase.transfer_failed} The amount and its tax are back in your balance.'),
  ('payout_failed', 'hi', '{amount:money} की निकासी नहीं हो सकी', '{reason|phrase.transfer_failed} रकम और उसका टैक्स आपके बैलेंस में वापस आ गए हैं।'),
  ('payout_sent', 'en', '{net:money} sent to {upi}', 'Your withdrawal of {gross:money} is paid; {tax:money} tax was withheld.'),
  ('payout_sent', 'hi', '{net:money} {upi} पर भेजे गए', 'आपकी {gross:money} की निकासी का पेमेंट हो गया; {tax:money} टैक्स (TDS) काटा गया।'),
  ('payout_sent_utr', 'en', '{net:money} sent to {upi}', 'Your withdrawal of {gross:money} is paid; {tax:money} tax was withheld. Bank reference (UTR): {utr}.'),
  ('payout_sent_utr', 'hi', '{net:money} {upi} पर भेजे गए', 'आपकी {gross:money} की निकासी का पेमेंट हो गया; {tax:money} टैक्स (TDS) काटा गया। बैंक रेफ़रेंस (UTR): {utr}।'),
  ('phrase.opponent_agent', 'en', '', 'Your opponent'),
  ('phrase.opponent_agent', 'hi', '', 'आपके विरोधी'),
  ('phrase.opponent_object', 'en', '', 'your opponent'),
  ('phrase.opponent_object', 'hi', '', 'आपके विरोधी'),
  ('phrase.opponent_subject', 'en', '', 'Your opponent'),
  ('phrase.opponent_subject', 'hi', '', 'आपका विरोधी'),
  ('phrase.pod_page', 'en', '', 'the pod page'),
  ('phrase.pod_page', 'hi', '', 'पॉड पेज'),
  ('phrase.tournament_page', 'en', '', 'the tournament page'),
  ('phrase.tournament_page', 'hi', '', 'टूर्नामेंट पेज'),
  ('phrase.transfer_failed', 'en', '', 'The transfer failed.'),
  ('phrase.transfer_failed', 'hi', '', 'ट्रांसफ़र नहीं हो सका।'),
  ('phrase.kyc_not_verified', 'en', '', 'We could not verify these details. Check them and send them again.'),
  ('phrase.kyc_not_verified', 'hi', '', 'हम ये जानकारी वेरिफ़ाई नहीं कर सके। इन्हें जाँचें और फिर से भेजें।'),
  ('phrase.kyc_pan_not_verified', 'en', '', 'This PAN could not be verified for your account. Check it against your PAN card, and that your legal name here is exactly as printed on it, then submit it again. If both are right, write to support.'),
  ('phrase.kyc_pan_not_verified', 'hi', '', 'यह PAN आपके अकाउंट के लिए वेरिफ़ाई नहीं हो सका। इसे अपने PAN कार्ड से मिलाएँ, और देखें कि यहाँ आपका कानूनी नाम ठीक वैसा ही है जैसा उस पर छपा है, फिर दोबारा भेजें। दोनों सही हों, तो सपोर्ट को लिखें।'),
  ('phrase.kyc_upi_not_verified', 'en', '', 'This UPI id could not be verified: check it in your UPI app and submit it again.'),
  ('phrase.kyc_upi_not_verified', 'hi', '', 'यह UPI id वेरिफ़ाई नहीं हो सका: इसे अपने UPI ऐप में देखें और दोबारा भेजें।'),
  ('phrase.invitation_free_condition', 'en', '', ''),
  ('phrase.invitation_free_condition', 'hi', '', ''),
  ('phrase.invitation_paid_condition', 'en', '', ', and to be 18 or over and live in India'),
  ('phrase.invitation_paid_condition', 'hi', '', ', आपकी उम्र 18 साल या उससे ज़्यादा होनी चाहिए और आपको भारत में रहना चाहिए'),
  ('phrase.winner', 'en', '', 'The winner'),
  ('phrase.winner', 'hi', '', 'विजेता'),
  ('pod_check_in_missed_one_place', 'en', 'Refunded: check-in missed in {tournament}', 'One of your places was not checked in when check-in closed, so it was withdrawn. Its fee, {amount:money}, is refunded in full to the way you paid.'),
  ('pod_check_in_missed_one_place', 'hi', 'रिफ़ंड: {tournament} में चेक-इन छूट गया', 'चेक-इन बंद होने तक आपकी एक जगह का चेक-इन नहीं हुआ था, इसलिए वह हटा दी गई। उसकी पूरी फ़ीस, {amount:money}, उसी तरीक़े से रिफ़ंड की गई है जिससे आपने पेमेंट किया था।'),
  ('pod_check_in_missed_place', 'en', 'Refunded: check-in missed in {tournament}', 'Check-in closed before you checked in, so your place was withdrawn. {amount:money} is refunded in full to the way you paid.'),
  ('pod_check_in_missed_place', 'hi', 'रिफ़ंड: {tournament} में चेक-इन छूट गया', 'आपके चेक-इन करने से पहले चेक-इन बंद हो गया, इसलिए आपकी जगह हटा दी गई। पूरे {amount:money} उसी तरीक़े से रिफ़ंड किए गए हैं जिससे आपने पेमेंट किया था।'),
  ('pod_check_in_missed_places', 'en', 'Refunded: check-in missed in {tournament}', '{places} of your places were not checked in when check-in closed, so they were withdrawn. Their fees, {amount:money}, are refunded in full to the way you paid.'),
  ('pod_check_in_missed_places', 'hi', 'रिफ़ंड: {tournament} में चेक-इन छूट गया', 'चेक-इन बंद होने तक आपकी {places} जगहों का चेक-इन नहीं हुआ था, इसलिए वे हटा दी गईं। उनकी पूरी फ़ीस, {amount:money}, उसी तरीक़े से रिफ़ंड की गई है जिससे आपने पेमेंट किया था।'),
  ('prize_credited', 'en', 'Prize credited: {amount:money}', 'You placed {place:place} in {tournament}. The prize is in your balance: withdraw it from your earnings page.'),
  ('prize_credited', 'hi', 'प्राइज़ मिला: {amount:money}', 'आप {tournament} में {place:place} पर रहे। प्राइज़ आपके बैलेंस में है: इसे "मेरी कमाई" पेज से निकालें।'),
  ('room_posted', 'en', 'Room posted for your match in {tournament}', '{host|phrase.opponent_subject} posted the room id and password. Check the settings: {settings}.'),
  ('room_posted', 'hi', '{tournament} में आपके मैच का रूम पोस्ट हो गया', '{host|phrase.opponent_agent} ने रूम ID और पासवर्ड पोस्ट कर दिए हैं। सेटिंग जाँच लें: {settings}।'),
  ('tournament_cancelled', 'en', '{tournament} has been cancelled', '{tournament} has been cancelled by the organisers.

Reason: {reason}

Every paid entry is refunded in full to the card, UPI or account it was paid with; banks usually show it within 5 to 7 working days.'),
  ('tournament_cancelled', 'hi', '{tournament} रद्द कर दिया गया है', 'आयोजकों ने {tournament} रद्द कर दिया है।

वजह: {reason}

हर पेड एंट्री का पूरा पैसा उसी कार्ड, UPI या अकाउंट में रिफ़ंड किया जाता है जिससे पेमेंट हुआ था; बैंक आम तौर पर इसे 5 से 7 कामकाजी दिनों में दिखाते हैं।'),
  ('tournament_finished', 'en', '{tournament} is finished', 'See the final standings on the tournament page.'),
  ('tournament_finished', 'hi', '{tournament} ख़त्म हुआ', 'आख़िरी स्टैंडिंग टूर्नामेंट पेज पर देखें।'),
  ('waitlist_joined', 'en', 'You are on the waitlist of {tournament}', 'Waitlist #{position}. Check in on {page:phrase} between {opens:moment} and {closes:moment} IST to move up if a place frees. You can leave the waitlist from My Tournaments until check-in closes.'),
  ('waitlist_joined', 'hi', 'आप {tournament} की वेटलिस्ट में हैं', 'वेटलिस्ट #{position}। कोई जगह ख़ाली हो तो आगे आने के लिए {opens:moment} से {closes:moment} IST के बीच {page:phrase} पर चेक-इन करें। चेक-इन बंद होने तक आप "मेरे टूर्नामेंट" से वेटलिस्ट छोड़ सकते हैं।'),
  ('waitlist_not_promoted_full', 'en', 'No place came free in {tournament}', 'Every place was taken at check-in close.'),
  ('waitlist_not_promoted_full', 'hi', '{tournament} में कोई जगह ख़ाली नहीं हुई', 'चेक-इन बंद होने पर हर जगह भरी हुई थी।'),
  ('waitlist_not_promoted_full_refunded', 'en', 'No place came free in {tournament}', 'Every place was taken at check-in close. Your payment is refunded in full.'),
  ('waitlist_not_promoted_full_refunded', 'hi', '{tournament} में कोई जगह ख़ाली नहीं हुई', 'चेक-इन बंद होने पर हर जगह भरी हुई थी। आपका पूरा पेमेंट रिफ़ंड किया गया है।'),
  ('waitlist_not_promoted_not_checked_in', 'en', 'No place came free in {tournament}', 'You did not check in before check-in closed, so you could not move up.'),
  ('waitlist_not_promoted_not_checked_in', 'hi', '{tournament} में कोई जगह ख़ाली नहीं हुई', 'चेक-इन बंद होने से पहले आपने चेक-इन नहीं किया था, इसलिए आप आगे नहीं आ सके।'),
  ('waitlist_not_promoted_not_checked_in_refunded', 'en', 'No place came free in {tournament}', 'You did not check in before check-in closed, so you could not move up. Your payment is refunded in full.'),
  ('waitlist_not_promoted_not_checked_in_refunded', 'hi', '{tournament} में कोई जगह ख़ाली नहीं हुई', 'चेक-इन बंद होने से पहले आपने चेक-इन नहीं किया था, इसलिए आप आगे नहीं आ सके। आपका पूरा पेमेंट रिफ़ंड किया गया है।'),
  ('waitlist_promoted', 'en', 'You''re in: {tournament}', 'A place came free at check-in close and you moved up from the waitlist. You are checked in for the draw.'),
  ('waitlist_promoted', 'hi', 'आपको जगह मिल गई: {tournament}', 'चेक-इन बंद होने पर एक जगह ख़ाली हुई और आप वेटलिस्ट से आगे आ गए। ड्रॉ के लिए आपका चेक-इन हो चुका है।'),
  ('waitlist_receipt', 'en', 'Payment received: {amount:money} for the waitlist of {tournament}', 'Receipt for {tournament}: a place on its waitlist (#{position}), {amount:money} paid, payment id {payment_id}. Next: check in on {page:phrase} between {opens:moment} and {closes:moment} IST to move up if a place frees. If none comes free for you, or you leave the waitlist from My Tournaments before check-in closes, your payment is refunded in full.'),
  ('waitlist_receipt', 'hi', '{tournament} की वेटलिस्ट के लिए {amount:money} का पेमेंट मिला', '{tournament} की रसीद: वेटलिस्ट में एक जगह (#{position}), {amount:money} का पेमेंट, पेमेंट ID {payment_id}। आगे: कोई जगह ख़ाली हो तो आगे आने के लिए {opens:moment} से {closes:moment} IST के बीच {page:phrase} पर चेक-इन करें। अगर आपके लिए कोई जगह ख़ाली नहीं होती, या चेक-इन बंद होने से पहले आप "मेरे टूर्नामेंट" से वेटलिस्ट छोड़ देते हैं, तो आपका पूरा पेमेंट रिफ़ंड किया जाएगा।'),
  ('whatsapp_consent', 'en', '', 'Send me match-day alerts from Golazo Arena on WhatsApp at this number. I can stop them at any time on my profile.'),
  ('whatsapp_consent', 'hi', '', 'Golazo Arena से मैच-डे अलर्ट मेरे इस नंबर पर WhatsApp पर भेजे जाएँ। ये अलर्ट मेरी प्रोफ़ाइल पर कभी भी बंद किए जा सकते हैं।')
on conflict (key, language) do update set title = excluded.title, body = excluded.body;

-- Rows of private.calendar_names ----------------------------------------------------------------------

insert into private.calendar_names (language, kind, number, name) values
  ('hi', 'month', '1', 'जनवरी'),
  ('hi', 'month', '2', 'फ़रवरी'),
  ('hi', 'month', '3', 'मार्च'),
  ('hi', 'month', '4', 'अप्रैल'),
  ('hi', 'month', '5', 'मई'),
  ('hi', 'month', '6', 'जून'),
  ('hi', 'month', '7', 'जुलाई'),
  ('hi', 'month', '8', 'अगस्त'),
  ('hi', 'month', '9', 'सितंबर'),
  ('hi', 'month', '10', 'अक्टूबर'),
  ('hi', 'month', '11', 'नवंबर'),
  ('hi', 'month', '12', 'दिसंबर'),
  ('hi', 'weekday', '1', 'सोमवार'),
  ('hi', 'weekday', '2', 'मंगलवार'),
  ('hi', 'weekday', '3', 'बुधवार'),
  ('hi', 'weekday', '4', 'गुरुवार'),
  ('hi', 'weekday', '5', 'शुक्रवार'),
  ('hi', 'weekday', '6', 'शनिवार'),
  ('hi', 'weekday', '7', 'रविवार')
on conflict (language, kind, number) do update set name = excluded.name;

-- Rows of private.whatsapp_template_languages ------------------------------------------------------------

insert into private.whatsapp_template_languages (template, language, approved) values
  ('golazo_check_in_open', 'en', 'true'),
  ('golazo_check_in_open', 'hi', 'false'),
  ('golazo_dispute_decided', 'en', 'true'),
  ('golazo_dispute_decided', 'hi', 'false'),
  ('golazo_match_ready', 'en', 'true'),
  ('golazo_match_ready', 'hi', 'false'),
  ('golazo_next_match', 'en', 'true'),
  ('golazo_next_match', 'hi', 'false'),
  ('golazo_opponent_reported', 'en', 'true'),
  ('golazo_opponent_reported', 'hi', 'false'),
  ('golazo_opt_in_code', 'en', 'true'),
  ('golazo_opt_in_code', 'hi', 'false'),
  ('golazo_payout_failed', 'en', 'true'),
  ('golazo_payout_failed', 'hi', 'false'),
  ('golazo_payout_paid', 'en', 'true'),
  ('golazo_payout_paid', 'hi', 'false'),
  ('golazo_prize_credited', 'en', 'true'),
  ('golazo_prize_credited', 'hi', 'false')
on conflict (template, language) do update set approved = excluded.approved;

-- Rows of private.alert_settings ----------------------------------------------------------------------

insert into private.alert_settings (id, whatsapp_message_cost_paise, whatsapp_code_minutes, whatsapp_code_tries, whatsapp_code_resend_seconds, extra_push_endpoint_pattern, whatsapp_codes_per_account_per_day, whatsapp_codes_per_number_per_day) values
  ('t', '12.00', '10', '5', '30', null, '5', '3')
on conflict (id) do update set whatsapp_message_cost_paise = excluded.whatsapp_message_cost_paise, whatsapp_code_minutes = excluded.whatsapp_code_minutes, whatsapp_code_tries = excluded.whatsapp_code_tries, whatsapp_code_resend_seconds = excluded.whatsapp_code_resend_seconds, extra_push_endpoint_pattern = excluded.extra_push_endpoint_pattern, whatsapp_codes_per_account_per_day = excluded.whatsapp_codes_per_account_per_day, whatsapp_codes_per_number_per_day = excluded.whatsapp_codes_per_number_per_day;

-- The message catalog: the WhatsApp side (the catalog's functions are shared helpers in foundation) ------

comment on function private.whatsapp_language(text,text) is 'The language a WhatsApp template goes in: the player''s when Meta approved the template in it (private.whatsapp_template_languages), else English.';
CREATE OR REPLACE FUNCTION private.whatsapp_language(p_template text, p_language text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_language <> 'en'
                   and exists (select 1 from private.whatsapp_template_languages t
                                where t.template = p_template and t.language = p_language and t.approved)
              then p_language else 'en' end;
$function$;

-- Notifications ---------------------------------------------------------------------------------------

-- Where notifications come from
CREATE OR REPLACE FUNCTION private.player_of(p_entry_id uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select player_id from public.entries where id = p_entry_id;
$function$;

-- Tournaments: the draw (with each player's first match) and the end, one set each
CREATE OR REPLACE FUNCTION private.notify_on_tournament_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_messages private.player_message[];
begin
  if new.finished_at is not null and old.finished_at is null then
    select array_agg(row(e.player_id, 'tournament_finished', 'tournament_finished', jsonb_build_object('tournament', new.title),
                         '/pod/?id=' || new.id, new.id)::private.player_message)
      into v_messages
      from public.entries e
     where e.tournament_id = new.id and e.status = 'active' and e.player_id is not null;
    if v_messages is not null then
      perform private.deliver_messages(v_messages);
    end if;
  end if;
  return new;
end;
$function$;

-- Story news ------------------------------------------------------------------------------------------

comment on function private.story_news_email_details(private.outbox) is 'What a story news e-mail needs when the worker sends it: the address, its unsubscribe token and (until confirmed) its confirmation token; {stale: true} once unsubscribed, for a confirmation of a confirmed address, or news to one never confirmed.';
CREATE OR REPLACE FUNCTION private.story_news_email_details(p_job private.outbox)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_signup public.story_notification_signups;
begin
  select * into v_signup from public.story_notification_signups where id = (p_job.payload ->> 'signup_id')::uuid;
  if not found or (p_job.payload ->> 'message' = 'confirm') = (v_signup.confirmed_at is not null) then
    return jsonb_build_object('stale', true);
  end if;
  return jsonb_build_object('to', v_signup.email, 'signup_id', v_signup.id,
                            'unsubscribe_token', private.story_news_token(v_signup.id, 'unsubscribe'))
         || case when v_signup.confirmed_at is null
                 then jsonb_build_object('confirm_token', private.story_news_token(v_signup.id, 'confirm'))
                 else '{}'::jsonb end;
end;
$function$;

comment on function private.queue_story_news(text,text,text,text) is 'The one way to send story news (or any marketing e-mail): to confirmed addresses only, each message with its unsubscribe link, not at night.';
CREATE OR REPLACE FUNCTION private.queue_story_news(p_key text, p_subject text, p_text text, p_link text DEFAULT NULL::text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_queued integer;
begin
  -- Confirmed addresses only; the worker adds each message's unsubscribe link.
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  select 'story_news_email', 'story-news-' || p_key || '-' || s.id,
         jsonb_build_object('signup_id', s.id, 'message', 'news', 'subject', left(p_subject, 140), 'text', p_text, 'link', p_link),
         private.email_not_before(private.clock_now(), false)
    from public.story_notification_signups s
   where s.confirmed_at is not null
  on conflict (idempotency_key) do nothing;
  get diagnostics v_queued = row_count;
  return v_queued;
end;
$function$;

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

comment on function private.alert_kinds() is 'The kinds of notification a player may also get as a push or a WhatsApp message, in the order the settings list them.';
CREATE OR REPLACE FUNCTION private.alert_kinds()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '{check_in_open,room_posted,opponent_reported,dispute_settled,next_match,prize_credited,payout_sent,payout_failed}'::text[] $function$;

comment on function private.alert_not_before(timestamp with time zone,text) is 'When a push or WhatsApp alert may go: at once, or at 08:00 IST when written in the quiet hours (not "match ready").';
CREATE OR REPLACE FUNCTION private.alert_not_before(p_now timestamp with time zone, p_kind text)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- Quiet hours as for e-mail, for every alert but "match ready": that one goes only to the guest of a
  -- match whose host just posted the room, so it is always for a match the player is in, now.
  select private.email_not_before(p_now, p_kind = 'room_posted');
$function$;

comment on function private.whatsapp_template(text) is 'The approved WhatsApp template each alert is sent with (opt_in_code: the authentication template of the opt-in).';
CREATE OR REPLACE FUNCTION private.whatsapp_template(p_kind text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.push_endpoint_allowed(text) is 'Whether a push subscription''s endpoint belongs to an allowed push service (FCM, Mozilla, Apple, Windows; the local double on the local stack): the worker sends nowhere else.';
CREATE OR REPLACE FUNCTION private.push_endpoint_allowed(p_endpoint text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p_endpoint is not null and char_length(p_endpoint) <= 1024 and p_endpoint !~ '\s'
     and (
       coalesce(substring(p_endpoint from '^https://([a-z0-9.-]+)(?::443)?/[^?#]') in
                  ('fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'), false)
       or coalesce(substring(p_endpoint from '^https://([a-z0-9.-]+)(?::443)?/[^?#]') ~ '^([a-z0-9-]+\.)+notify\.windows\.com$', false)
       or coalesce(p_endpoint ~ (select extra_push_endpoint_pattern from private.alert_settings), false)
     );
$function$;

comment on function private.may_get_alerts(uuid) is 'Whether a player may sign a phone up for alerts: known to be 18 or over, or with a parent''s consent given and not withdrawn.';
CREATE OR REPLACE FUNCTION private.may_get_alerts(p_user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((select private.profile_age(p) >= private.legal_paid_entry_age() from public.profiles p where p.id = p_user_id), false)
      or private.has_parental_consent(p_user_id);
$function$;

comment on function private.queue_alerts() is 'Queues a push per subscribed device and a WhatsApp template per confirmed number for each alert event the bell was told, as the player chose, after the quiet hours.';
CREATE OR REPLACE FUNCTION private.queue_alerts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
begin
  -- Most notices are no alert (the receipt of every paid confirmation is one): one look at the new rows
  -- then, instead of two inserts that find nothing to queue.
  if not exists (select 1 from new_rows n where n.kind = any (private.alert_kinds())) then
    return null;
  end if;
  -- What is the same for every alert of a kind (its time after the quiet hours, its template) and for every player
  -- of a language (the template's language) is worked out once per kind and language, not once per player.
  -- Each alert's time given, not left to the column's default (which asks the clock again for every row).
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at, created_at)
  select 'web_push', 'push-' || n.id || '-' || s.id,
         jsonb_build_object('subscription_id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth,
                            'kind', n.kind, 'title', n.title, 'body', n.body, 'url', coalesce(n.link, '/dashboard'),
                            -- A push that could not go within an hour of its time is no longer worth a buzz.
                            'expires_at', k.not_before + interval '1 hour'),
         k.not_before, v_now
    from new_rows n
    -- offset 0 keeps the subquery apart: pulled up into the join it would be worked out again for every row.
    join (select d.kind, private.alert_not_before(v_now, d.kind) as not_before
            from (select distinct r.kind from new_rows r where r.kind = any (private.alert_kinds())) as d offset 0) as k
      on k.kind = n.kind
    join public.push_subscriptions s on s.user_id = n.user_id
    left join public.alert_preferences p on p.user_id = n.user_id and p.kind = n.kind
   where coalesce(p.push, true)
  on conflict (idempotency_key) do nothing;

  -- WhatsApp in the player's language when Meta approved the template in it; else the English template, with the
  -- message written again in English from its catalog key and values (never Hindi words in an English template).
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at, created_at)
  select 'whatsapp', 'whatsapp-' || n.id,
         jsonb_build_object('to', c.phone, 'template', w.template,
                            'language', w.language,
                            'params', case when w.language = n.language or n.message_key is null
                                           then jsonb_build_array(n.title, n.body)
                                           else (select jsonb_build_array(left(e.title, 140), left(e.body, 1000))
                                                   from private.compose_message(n.message_key, w.language, n.message_params) as e) end,
                            'url', coalesce(n.link, '/dashboard'), 'kind', n.kind),
         w.not_before, v_now
    from new_rows n
    join (select d.kind, d.language as player_language, private.whatsapp_template(d.kind) as template,
                 private.whatsapp_language(private.whatsapp_template(d.kind), d.language) as language,
                 private.alert_not_before(v_now, d.kind) as not_before
            from (select distinct r.kind, r.language from new_rows r where r.kind = any (private.alert_kinds())) as d
          offset 0) as w
      on w.kind = n.kind and w.player_language is not distinct from n.language
    join public.whatsapp_contacts c on c.user_id = n.user_id
    left join public.alert_preferences p on p.user_id = n.user_id and p.kind = n.kind
   where coalesce(p.whatsapp, true)
  on conflict (idempotency_key) do nothing;
  return null;
end;
$function$;

-- Withdrawn consent: what waits for it is not sent (and, done, keeps no personal data).
CREATE OR REPLACE FUNCTION private.end_calls_for_withdrawn_push()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.whatsapp_consent_version() is 'The version of the WhatsApp consent words (the catalog''s whatsapp_consent, the same version in every language): a new version whenever they change, so each consent record says which words were agreed to (notifications-alerts.test.ts pins the words to it).';
CREATE OR REPLACE FUNCTION private.whatsapp_consent_version()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 1 $function$;

comment on function private.whatsapp_consent_text(text) is 'The words a player agrees to when confirming a WhatsApp number, in a language (the catalog''s whatsapp_consent; English for a language it lacks); the consent record keeps them with their language and version.';
CREATE OR REPLACE FUNCTION private.whatsapp_consent_text(p_language text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select (private.compose_message('whatsapp_consent', p_language, '{}'::jsonb)).body $function$;

comment on function private.consent_language(uuid,text) is 'The language a player reads consent words in: the page''s (en or hi) when it names one the catalog has, else the player''s own.';
CREATE OR REPLACE FUNCTION private.consent_language(p_user_id uuid, p_language text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_language in ('en', 'hi') then p_language else private.player_language(p_user_id) end;
$function$;

-- Notifications ---------------------------------------------------------------------------------------

CREATE TRIGGER notifications_queue_alerts AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.queue_alerts();

comment on function private.notification_kinds() is 'The kinds of notification, in the order a player''s notification settings list them.';
CREATE OR REPLACE FUNCTION private.notification_kinds()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '{check_in_open,draw_made,room_posted,opponent_ready,opponent_reported,dispute_opened,dispute_settled,next_match,tournament_finished,prize_credited,payout_sent,payout_failed,kyc_result,payment_receipt,waitlist_joined,waitlist_promoted,waitlist_not_promoted,pod_check_in_missed}'::text[] $function$;

comment on function private.match_link(uuid) is 'The site path of a match page.';
CREATE OR REPLACE FUNCTION private.match_link(p_match_id uuid)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select '/match/?id=' || p_match_id $function$;

comment on function private.notify_on_match_changes() is 'Statement trigger on matches: tells players when a room is posted, an opponent is ready or has reported, a dispute opens or settles, and of their next match.';
CREATE OR REPLACE FUNCTION private.notify_on_match_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_messages private.player_message[];
begin
  with changed as (
    select n.*, o.status as old_status, o.room_posted_at as old_room_posted_at, o.ready_a_at as old_ready_a_at,
           o.ready_b_at as old_ready_b_at,
           t.title as tournament_title, '/match/?id=' || n.id as link,
           pa.in_game_name as name_a, pb.in_game_name as name_b, ea.player_id as player_a, eb.player_id as player_b
      from new_rows n
      left join old_rows o on o.id = n.id
      join public.tournaments t on t.id = n.tournament_id
      left join public.entries ea on ea.id = n.entry_a
      left join public.entries eb on eb.id = n.entry_b
      left join public.profiles pa on pa.id = ea.player_id
      left join public.profiles pb on pb.id = eb.player_id
     -- The draw itself tells every player in one notice (tournaments trigger); its matches add nothing.
     where t.drawn_at is not null
  )
  select array_agg(message) into v_messages
    from (
      -- Both players known: the match is on. (Each message's words are in the catalog, in each language.)
      select row(player_a, 'next_match', 'next_match_host',
                 jsonb_build_object('tournament', tournament_title, 'time', scheduled_at, 'opponent', name_b), link,
                 id || '-' || scheduled_at)::private.player_message as message
        from changed where status = 'scheduled' and old_status = 'pending'
      union all
      select row(player_b, 'next_match', 'next_match_guest',
                 jsonb_build_object('tournament', tournament_title, 'time', scheduled_at, 'opponent', name_a), link,
                 id || '-' || scheduled_at)::private.player_message
        from changed where status = 'scheduled' and old_status = 'pending'
      union all
      -- To the player who did not post it (the guest may host once the host's minutes pass), with the game
      -- settings to check in the room (in the game's own words, which the game shows in English).
      select row(case room_host when 'a' then player_b else player_a end, 'room_posted', 'room_posted',
                 jsonb_build_object('tournament', tournament_title,
                                    'host', case room_host when 'a' then name_a else name_b end,
                                    'settings', private.match_settings_text(private.match_settings(changed_match))),
                 link, id || '-' || room_posted_at)::private.player_message
        from changed
        cross join lateral (select m from public.matches m where m.id = changed.id) as this(changed_match)
       where room_posted_at is not null and room_posted_at is distinct from old_room_posted_at
      union all
      select row(player_b, 'opponent_ready', 'opponent_ready',
                 jsonb_build_object('tournament', tournament_title, 'opponent', name_a), link, id || '-a')::private.player_message
        from changed where ready_a_at is not null and old_ready_a_at is null and old_status is not null
      union all
      select row(player_a, 'opponent_ready', 'opponent_ready',
                 jsonb_build_object('tournament', tournament_title, 'opponent', name_b), link, id || '-b')::private.player_message
        from changed where ready_b_at is not null and old_ready_b_at is null and old_status is not null
      union all
      -- The player who has not reported yet is asked to confirm or dispute.
      select row(case when exists (select 1 from private.match_reports r where r.match_id = c.id and r.entry_id = c.entry_a
                                                                       and r.superseded_at is null)
                      then player_b else player_a end,
                 'opponent_reported', 'opponent_reported', jsonb_build_object('tournament', tournament_title), link,
                 id || '-' || updated_at)::private.player_message
        from changed c where status = 'reported' and old_status is distinct from 'reported'
      union all
      select row(p, 'dispute_opened', 'dispute_opened', jsonb_build_object('tournament', tournament_title), link,
                 id || '-' || updated_at)::private.player_message
        from changed cross join lateral unnest(array[player_a, player_b]) as p
       where status = 'disputed' and old_status is distinct from 'disputed'
      union all
      select row(p, 'dispute_settled',
                 case status when 'confirmed' then 'dispute_settled_winner' else 'dispute_settled_replay' end,
                 jsonb_build_object('tournament', tournament_title,
                                    'winner', case when winner_entry_id = entry_a then name_a else name_b end),
                 link, id || '-' || updated_at)::private.player_message
        from changed cross join lateral unnest(array[player_a, player_b]) as p
       where old_status = 'disputed' and status <> 'disputed'
    ) as messages;
  if v_messages is not null then
    perform private.deliver_messages(v_messages);
  end if;
  return null;
end;
$function$;

comment on function private.run_due_notification_work() is 'Due work: announces check-in to every entered player of a tournament whose check-in has opened, once; returns the counts.';
CREATE OR REPLACE FUNCTION private.run_due_notification_work()
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_messages private.player_message[];
  v_told integer := 0;
begin
  for v_tournament in
    select * from public.tournaments t
     -- Not cancelled: what private.check_in_is_open says of a cancelled tournament, said where an index can read it.
     where t.check_in_announced_at is null and t.drawn_at is null and t.cancelled_at is null
       and private.check_in_is_open(t, v_now)
     for update skip locked
  loop
    select array_agg(row(e.player_id, 'check_in_open', 'check_in_open',
                         jsonb_build_object('tournament', v_tournament.title,
                                            'closes', private.tournament_check_in_closes_at(v_tournament)),
                         '/my-tournaments', v_tournament.id)::private.player_message)
      into v_messages
      from public.entries e
     where e.tournament_id = v_tournament.id and e.status = 'active' and e.player_id is not null and e.checked_in_at is null;
    if v_messages is not null then
      perform private.deliver_messages(v_messages);
    end if;
    update public.tournaments set check_in_announced_at = v_now where id = v_tournament.id;
    v_told := v_told + 1;
  end loop;
  return jsonb_build_object('check_in_announced', v_told);
end;
$function$;

-- Story news ------------------------------------------------------------------------------------------

comment on function private.story_news_token(uuid,text) is 'The token of a Notify Me sign-up''s link for one purpose (confirm or leave), signed with the story_news secret.';
CREATE OR REPLACE FUNCTION private.story_news_token(p_signup_id uuid, p_purpose text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.consent_secret('story_news', p_signup_id::text || ':' || p_purpose) $function$;

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

CREATE TRIGGER push_subscriptions_end_their_calls AFTER DELETE ON public.push_subscriptions FOR EACH ROW EXECUTE FUNCTION private.end_calls_for_withdrawn_push();

CREATE TRIGGER whatsapp_contacts_end_their_calls AFTER DELETE ON public.whatsapp_contacts FOR EACH ROW EXECUTE FUNCTION private.end_calls_for_withdrawn_whatsapp();

CREATE TRIGGER alert_preferences_end_calls_turned_off AFTER INSERT OR UPDATE OF push, whatsapp ON public.alert_preferences FOR EACH ROW WHEN (NOT new.push OR NOT new.whatsapp) EXECUTE FUNCTION private.end_calls_for_alerts_turned_off();

comment on function private.end_calls_for_withdrawn_whatsapp() is 'Trigger on whatsapp_contacts: when a number is withdrawn, ends its pending WhatsApp calls and clears the number from calls given up on.';
CREATE OR REPLACE FUNCTION private.end_calls_for_withdrawn_whatsapp()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update private.outbox set status = 'done', done_at = private.clock_now(), last_answer = '{"consent_withdrawn": true}'
   where kind = 'whatsapp' and status = 'pending' and payload ->> 'to' = old.phone;
  update private.outbox set payload = private.outbox_payload_once_over(kind, payload), personal_data_cleared_at = private.clock_now()
   where kind = 'whatsapp' and status = 'gave_up' and personal_data_cleared_at is null and payload ->> 'to' = old.phone;
  return null;
end;
$function$;

comment on function private.end_calls_for_alerts_turned_off() is 'Trigger on alert_preferences: when a player turns push or WhatsApp off for a kind, ends the pending calls of that kind to them.';
CREATE OR REPLACE FUNCTION private.end_calls_for_alerts_turned_off()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function private.export_alerts(uuid) is 'Download my data, the alerts section: push devices, WhatsApp number and its consent history, and the choices per event.';
CREATE OR REPLACE FUNCTION private.export_alerts(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'push_devices', coalesce((select jsonb_agg(jsonb_build_object('endpoint', s.endpoint, 'since', s.created_at) order by s.created_at)
                                from public.push_subscriptions s where s.user_id = p_user), '[]'::jsonb),
    'whatsapp', (select jsonb_build_object('phone', c.phone, 'consent_text', c.consent_text, 'consented_at', c.consented_at,
                                           'consent_language', c.consent_language, 'consent_version', c.consent_version)
                   from public.whatsapp_contacts c where c.user_id = p_user),
    'whatsapp_consent_history', coalesce((select jsonb_agg(jsonb_build_object('phone', h.phone, 'action', h.action, 'at', h.at,
                                                                              'consent_language', h.consent_language, 'consent_version', h.consent_version) order by h.at, h.id)
                                            from private.whatsapp_consents h where h.user_id = p_user), '[]'::jsonb),
    'choices', coalesce((select jsonb_agg(jsonb_build_object('event', p.kind, 'push', p.push, 'whatsapp', p.whatsapp) order by p.kind)
                           from public.alert_preferences p where p.user_id = p_user), '[]'::jsonb));
$function$;

-- What players are told when a tournament is drawn or finished ----------------------------------------

-- On the tournaments table but declared here: notifications builds on tournaments, which never calls up into it.
CREATE TRIGGER tournaments_notify_players AFTER UPDATE OF finished_at, drawn_at ON public.tournaments FOR EACH ROW EXECUTE FUNCTION private.notify_on_tournament_change();

-- On the matches table, declared here for the same reason: notifications builds on matches (a notice words a match's settings).
CREATE TRIGGER matches_notify_players_on_update AFTER UPDATE ON public.matches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.notify_on_match_changes();

-- =====================================================================================================
-- Functions callers use (the API: public schema)
-- =====================================================================================================

-- Notifications ---------------------------------------------------------------------------------------

comment on function public.get_my_notifications(integer) is 'The caller''s latest notifications and the unread count.';
CREATE OR REPLACE FUNCTION public.get_my_notifications(p_limit integer DEFAULT 30)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  return jsonb_build_object(
    'unread', (select count(*) from public.notifications where user_id = v_user and read_at is null),
    'items', coalesce((select jsonb_agg(jsonb_build_object('id', id, 'kind', kind, 'title', title, 'body', body, 'link', link,
                                                           'created_at', created_at, 'read', read_at is not null)
                                        order by created_at desc, id desc)
                         from (select * from public.notifications where user_id = v_user
                                order by created_at desc, id desc limit least(greatest(coalesce(p_limit, 30), 1), 100)) n), '[]'::jsonb));
end;
$function$;

comment on function public.mark_notifications_read(bigint) is 'Marks the caller''s notifications read (all, or up to an id).';
CREATE OR REPLACE FUNCTION public.mark_notifications_read(p_up_to_id bigint DEFAULT NULL::bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_count integer;
begin
  update public.notifications set read_at = private.clock_now()
   where user_id = v_user and read_at is null and (p_up_to_id is null or id <= p_up_to_id);
  get diagnostics v_count = row_count;
  return jsonb_build_object('marked', v_count);
end;
$function$;

comment on function public.get_my_notification_settings() is 'Each kind of notification with whether the caller gets it by e-mail and whether it is urgent.';
CREATE OR REPLACE FUNCTION public.get_my_notification_settings()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  return (select jsonb_agg(jsonb_build_object('kind', k, 'email', coalesce(s.email, true),
                                              'urgent', private.notification_is_urgent(k)) order by ord)
            from unnest(private.notification_kinds()) with ordinality as kinds (k, ord)
            left join public.notification_settings s on s.user_id = v_user and s.kind = k);
end;
$function$;

comment on function public.set_my_notification_setting(text,boolean) is 'Turns e-mail for one kind of notification on or off for the caller.';
CREATE OR REPLACE FUNCTION public.set_my_notification_setting(p_kind text, p_email boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
begin
  if p_kind is null or not (p_kind = any (private.notification_kinds())) or p_email is null then
    raise exception 'Unknown kind of notification' using errcode = 'PT400', hint = 'invalid_notification_kind';
  end if;
  insert into public.notification_settings (user_id, kind, email) values (v_user, p_kind, p_email)
  on conflict (user_id, kind) do update set email = excluded.email;
  return jsonb_build_object('kind', p_kind, 'email', p_email);
end;
$function$;

-- Story news ------------------------------------------------------------------------------------------

comment on function public.sign_up_for_story_news(text,text) is 'Keeps an e-mail address (with the consent text shown) for blog story news, unconfirmed, and e-mails it a confirmation link: nothing else is sent until it is opened.';
CREATE OR REPLACE FUNCTION public.sign_up_for_story_news(p_email text, p_consent_text text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_consent text := btrim(coalesce(p_consent_text, ''));
  v_id uuid := gen_random_uuid();
  v_row public.story_notification_signups;
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    raise exception 'Enter a valid e-mail address' using errcode = 'PT400', hint = 'email_invalid';
  end if;
  if v_consent = '' then
    raise exception 'Tick the box to agree to hear from us' using errcode = 'PT400', hint = 'consent_required';
  end if;
  if char_length(v_consent) > 1000 then
    raise exception 'The consent text is too long' using errcode = 'PT400', hint = 'consent_text_too_long';
  end if;

  insert into public.story_notification_signups (id, email, consent_text, consented_at, confirm_token_sha256)
  values (v_id, v_email, v_consent, private.clock_now(), sha256(convert_to(private.story_news_token(v_id, 'confirm'), 'UTF8')))
  on conflict (email) do nothing
  returning * into v_row;
  -- One confirmation e-mail per sign-up: signing up again with the same address sends nothing more (no
  -- mail bombing a stranger's address through this form).
  if v_row.id is not null then
    perform private.enqueue_outside_call('story_news_email', 'story-news-confirm-' || v_row.id,
                                         jsonb_build_object('signup_id', v_row.id, 'message', 'confirm'));
  end if;

  -- The same answer whether the address was new or not: the form never tells whether an address is on the list.
  return jsonb_build_object('saved', true, 'email', v_email, 'confirm_by_email', true);
end;
$function$;

comment on function public.confirm_story_news(text) is 'The address owner opens the confirmation link: from now on story news may be e-mailed to it. No account needed.';
CREATE OR REPLACE FUNCTION public.confirm_story_news(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.story_notification_signups;
begin
  update public.story_notification_signups
     set confirmed_at = private.clock_now(), confirm_token_sha256 = null
   where confirm_token_sha256 = sha256(convert_to(coalesce(p_token, ''), 'UTF8'))
  returning * into v_row;
  if v_row.id is null then
    raise exception 'This confirmation link is not valid: it may have been used, or the sign-up was removed'
      using errcode = 'PT404', hint = 'news_link_invalid';
  end if;
  return jsonb_build_object('confirmed', true, 'email', v_row.email);
end;
$function$;

comment on function public.unsubscribe_story_news(uuid,text) is 'One click from any story news e-mail: deletes the address from the list. No account needed.';
CREATE OR REPLACE FUNCTION public.unsubscribe_story_news(p_signup_id uuid, p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_signup_id is null or coalesce(p_token, '') <> private.story_news_token(p_signup_id, 'unsubscribe') then
    raise exception 'This unsubscribe link is not valid' using errcode = 'PT404', hint = 'news_link_invalid';
  end if;
  delete from public.story_notification_signups where id = p_signup_id;
  -- Already gone (a second click) answers the same: the address is not on the list.
  return jsonb_build_object('unsubscribed', true);
end;
$function$;

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

comment on function public.save_push_subscription(jsonb) is 'Turns push on for the caller on one device: the browser''s subscription JSON ({ endpoint, keys: { p256dh, auth } }) → { id }. Endpoints of push services not allowed are refused (invalid_push_endpoint).';
CREATE OR REPLACE FUNCTION public.save_push_subscription(p_subscription jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.delete_push_subscription(text) is 'Turns push off for the caller on one device (its endpoint).';
CREATE OR REPLACE FUNCTION public.delete_push_subscription(p_endpoint text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_count integer;
begin
  delete from public.push_subscriptions where user_id = v_user and endpoint = p_endpoint;
  get diagnostics v_count = row_count;
  return jsonb_build_object('deleted', v_count > 0);
end;
$function$;

comment on function public.service_forget_push_subscription(text) is 'The push service answered 404 or 410 for an endpoint: the device is gone, its subscription and queued pushes with it. Service role only.';
CREATE OR REPLACE FUNCTION public.service_forget_push_subscription(p_endpoint text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.start_whatsapp_opt_in(text) is 'Sends a six-digit code to a WhatsApp number (+91 and ten digits, else invalid_phone) as an authentication template, for a player of 18 or over or with a parent''s consent; the code lasts 10 minutes and has 5 tries; one code per 30 seconds, at most 5 per account and 3 per number in 24 hours (private.alert_settings).';
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
                       'language', private.whatsapp_language(private.whatsapp_template('opt_in_code'), private.player_language(v_user)),
                       'url', null, 'kind', 'opt_in_code'));
  return jsonb_build_object('phone', v_phone, 'expires_at', v_now + make_interval(mins => v_settings.whatsapp_code_minutes),
                            'tries', v_settings.whatsapp_code_tries);
end;
$function$;

comment on function public.confirm_whatsapp_opt_in(text,text) is 'Confirms the caller''s WhatsApp number with the code sent to it and records their consent: the words in p_language (the page they confirmed on: en or hi; else their own language), with that language and the words'' version → { confirmed, phone } or { confirmed: false, tries_left }.';
CREATE OR REPLACE FUNCTION public.confirm_whatsapp_opt_in(p_code text, p_language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_pending private.whatsapp_opt_in_codes;
  -- The words the player saw beside the form, in the page's language: those are what they agree to.
  v_language text := private.consent_language(v_user, p_language);
  v_words text := private.whatsapp_consent_text(v_language);
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
  insert into public.whatsapp_contacts (user_id, phone, consent_text, consented_at, consent_language, consent_version)
  values (v_user, v_pending.phone, v_words, v_now, v_language, private.whatsapp_consent_version())
  on conflict (user_id) do update set phone = excluded.phone, consent_text = excluded.consent_text, consented_at = excluded.consented_at,
                                      consent_language = excluded.consent_language, consent_version = excluded.consent_version;
  insert into private.whatsapp_consents (user_id, phone, action, consent_text, at, consent_language, consent_version)
  values (v_user, v_pending.phone, 'given', v_words, v_now, v_language, private.whatsapp_consent_version());
  delete from private.whatsapp_opt_in_codes where user_id = v_user;
  return jsonb_build_object('confirmed', true, 'phone', v_pending.phone, 'consented_at', v_now);
end;
$function$;

comment on function public.withdraw_whatsapp_consent() is 'Stops WhatsApp alerts for the caller at once: the number is forgotten, the withdrawal recorded, queued messages dropped.';
CREATE OR REPLACE FUNCTION public.withdraw_whatsapp_consent()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.get_my_alerts(text) is 'The caller''s alerts: per event whether push and WhatsApp are on, how many devices have push, the WhatsApp number or the code waiting for it, and the consent words in p_language (the page''s: en or hi; else the player''s own language).';
CREATE OR REPLACE FUNCTION public.get_my_alerts(p_language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
      'consent_text', private.whatsapp_consent_text(private.consent_language(v_user, p_language))));
end;
$function$;

comment on function public.set_my_alert(text,text,boolean) is 'Turns one alert event on or off for the caller on one channel (push or whatsapp).';
CREATE OR REPLACE FUNCTION public.set_my_alert(p_kind text, p_channel text, p_on boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- Notifications ---------------------------------------------------------------------------------------

revoke all on table public.notifications from anon;
revoke all on table public.notifications from authenticated;
grant select on table public.notifications to authenticated;
alter publication supabase_realtime add table public.notifications;

revoke all on table public.notification_settings from anon;
revoke all on table public.notification_settings from authenticated;

-- Story news ------------------------------------------------------------------------------------------

revoke all on table public.story_notification_signups from anon;
revoke all on table public.story_notification_signups from authenticated;

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

revoke all on table public.push_subscriptions from anon;
revoke all on table public.push_subscriptions from authenticated;
grant select (id) on table public.push_subscriptions to authenticated;
grant select (endpoint) on table public.push_subscriptions to authenticated;
grant select (created_at) on table public.push_subscriptions to authenticated;

revoke all on table public.whatsapp_contacts from anon;
revoke all on table public.whatsapp_contacts from authenticated;
grant select on table public.whatsapp_contacts to authenticated;

revoke all on table public.alert_preferences from anon;
revoke all on table public.alert_preferences from authenticated;

-- Notifications ---------------------------------------------------------------------------------------

revoke all on function private.whatsapp_language(text,text) from public;

revoke all on function private.player_of(uuid) from public;

revoke all on function private.notify_on_tournament_change() from public;

-- Story news ------------------------------------------------------------------------------------------

revoke all on function private.story_news_email_details(private.outbox) from public;

revoke all on function private.queue_story_news(text,text,text,text) from public;

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

revoke all on function private.alert_kinds() from public;

revoke all on function private.alert_not_before(timestamp with time zone,text) from public;

revoke all on function private.whatsapp_template(text) from public;

revoke all on function private.push_endpoint_allowed(text) from public;

revoke all on function private.may_get_alerts(uuid) from public;

revoke all on function private.queue_alerts() from public;

revoke all on function private.end_calls_for_withdrawn_push() from public;

revoke all on function private.whatsapp_consent_version() from public;

revoke all on function private.whatsapp_consent_text(text) from public;

revoke all on function private.consent_language(uuid,text) from public;

-- Notifications ---------------------------------------------------------------------------------------

revoke all on function private.notification_kinds() from public;

revoke all on function private.match_link(uuid) from public;

revoke all on function private.notify_on_match_changes() from public;

revoke all on function private.run_due_notification_work() from public;

-- Story news ------------------------------------------------------------------------------------------

revoke all on function private.story_news_token(uuid,text) from public;

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

revoke all on function private.end_calls_for_withdrawn_whatsapp() from public;

revoke all on function private.end_calls_for_alerts_turned_off() from public;

revoke all on function private.export_alerts(uuid) from public;

-- Notifications ---------------------------------------------------------------------------------------

revoke all on function public.get_my_notifications(integer) from anon;
revoke all on function public.get_my_notifications(integer) from public;

revoke all on function public.mark_notifications_read(bigint) from anon;
revoke all on function public.mark_notifications_read(bigint) from public;

revoke all on function public.get_my_notification_settings() from anon;
revoke all on function public.get_my_notification_settings() from public;

revoke all on function public.set_my_notification_setting(text,boolean) from anon;
revoke all on function public.set_my_notification_setting(text,boolean) from public;

-- Story news ------------------------------------------------------------------------------------------

revoke all on function public.sign_up_for_story_news(text,text) from public;

revoke all on function public.confirm_story_news(text) from public;

revoke all on function public.unsubscribe_story_news(uuid,text) from public;

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

revoke all on function public.save_push_subscription(jsonb) from anon;
revoke all on function public.save_push_subscription(jsonb) from public;

revoke all on function public.delete_push_subscription(text) from anon;
revoke all on function public.delete_push_subscription(text) from public;

revoke all on function public.service_forget_push_subscription(text) from anon;
revoke all on function public.service_forget_push_subscription(text) from authenticated;
revoke all on function public.service_forget_push_subscription(text) from public;

revoke all on function public.start_whatsapp_opt_in(text) from anon;
revoke all on function public.start_whatsapp_opt_in(text) from public;

revoke all on function public.confirm_whatsapp_opt_in(text,text) from anon;
revoke all on function public.confirm_whatsapp_opt_in(text,text) from public;

revoke all on function public.withdraw_whatsapp_consent() from anon;
revoke all on function public.withdraw_whatsapp_consent() from public;

revoke all on function public.get_my_alerts(text) from anon;
revoke all on function public.get_my_alerts(text) from public;

revoke all on function public.set_my_alert(text,text,boolean) from anon;
revoke all on function public.set_my_alert(text,text,boolean) from public;

-- Notifications ---------------------------------------------------------------------------------------

create policy "Players read their own notifications" on public.notifications
  as permissive for select to authenticated
  using ((user_id = ( SELECT private.current_player_id() AS current_player_id)));

-- Alerts: push and WhatsApp ---------------------------------------------------------------------------

create policy "Players read their own devices" on public.push_subscriptions
  as permissive for select to authenticated
  using ((user_id = ( SELECT private.current_player_id() AS current_player_id)));

create policy "Players read their own WhatsApp number" on public.whatsapp_contacts
  as permissive for select to authenticated
  using ((user_id = ( SELECT private.current_player_id() AS current_player_id)));
