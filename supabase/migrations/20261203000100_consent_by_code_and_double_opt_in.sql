-- =====================================================================================================
-- Consent done right: a parent's consent by one-time code and declaration, withdrawn in one click; story
-- news by double opt-in with an unsubscribe link in every message
-- =====================================================================================================
-- Parental consent (players of 13 to 17, free tournaments only)
--   request_parental_consent(p_parent_email)  as before; the e-mail now carries a link and a six-digit code.
--     The outbox row names the consent only: the worker reads the address, the link and the code when it
--     sends (service_outside_call_details). Link, code and withdrawal link are keyed HMACs of the consent id
--     under the 'parental_consent' key of private.secret_keys: only their SHA-256 (link, withdrawal) is kept,
--     and the code is recomputed, so nothing that opens a consent is stored in clear or queued.
--   get_parental_consent_request(p_token)     (no account) who asks and until when, for the parent's page.
--   confirm_parental_consent(p_token, p_code, p_parent_name, p_relation, p_declaration)
--     (no account) the code from the e-mail (5 tries), the parent's name, their relation to the child and
--     the declaration they ticked. Records when (confirmed_at) and how (method: 'email_code'; the methods
--     are rows of private.parental_consent_methods, so another one, a DigiLocker-style check say, is a row
--     and its own evidence jsonb, not a schema change). The used link is deleted; the parent is e-mailed a
--     one-click withdrawal link.
--   withdraw_parental_consent(p_token)        (no account) the parent's one click from that e-mail.
--   withdraw_my_parental_consent()            the player's own one click.
--   private.has_parental_consent              confirmed and not withdrawn.
--   private.may_process_player(user)          false for a player under 18 without a standing consent: the
--     bell and e-mails (private.deliver) skip them, as entry already did (free_entry_refusal). The consent
--     e-mails to the parent are the only messages about such a child.
-- Story news ("Notify Me")
--   sign_up_for_story_news                    keeps the address unconfirmed and e-mails a confirmation link.
--   confirm_story_news(p_token)               confirms it; only confirmed addresses are ever sent news.
--   unsubscribe_story_news(p_token)           deletes the address (one click, from any message).
--   private.queue_story_news(...)             the one way to send news: confirmed addresses only, each
--     message with its unsubscribe link (the worker adds it from service_outside_call_details).
--   Addresses kept before this change are unconfirmed and get a confirmation e-mail now.
-- =====================================================================================================

insert into private.secret_keys (name, key) values ('parental_consent', extensions.gen_random_bytes(32)), ('story_news', extensions.gen_random_bytes(32))
on conflict (name) do nothing;

create or replace function private.consent_secret(p_key_name text, p_what text) returns text
  language sql stable
  security definer
  set search_path = ''
as $$
  select encode(extensions.hmac(pg_catalog.convert_to(p_what, 'UTF8'), k.key, 'sha256'), 'hex')
    from private.secret_keys k where k.name = p_key_name;
$$;
comment on function private.consent_secret(text,text) is 'A link token for a consent, an HMAC of what it opens under a key no API role reads: recomputed when the message is sent, so the outbox never carries it.';
revoke all on function private.consent_secret(text,text) from public, anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Parental consent
-- -----------------------------------------------------------------------------------------------------

create table private.parental_consent_methods (
  name text primary key constraint parental_consent_methods_name_format check (name ~ '^[a-z][a-z0-9_]*$'),
  description text not null,
  active boolean not null default true
);
comment on table private.parental_consent_methods is 'How a parent may give consent. email_code: the code e-mailed to them, with their name, relation and declaration. Another method (a DigiLocker-style check) is a new row; what it proves goes to parental_consents.evidence.';
revoke all on table private.parental_consent_methods from public, anon, authenticated, service_role;
insert into private.parental_consent_methods (name, description)
values ('email_code', 'A six-digit code e-mailed to the parent, typed with their name, relation and declaration on the consent page');

alter table private.parental_consents
  alter column token_sha256 drop not null,
  add column method text references private.parental_consent_methods (name),
  add column parent_name text,
  add column relation text,
  add column declaration text,
  add column evidence jsonb not null default '{}'::jsonb,
  add column code_attempts integer not null default 0,
  add column withdraw_token_sha256 bytea,
  add column withdrawn_at timestamptz,
  add column withdrawn_by text,
  add constraint parental_consents_withdraw_token_unique unique (withdraw_token_sha256),
  add constraint parental_consents_relation_known check (relation in ('mother', 'father', 'legal_guardian')),
  add constraint parental_consents_parent_name_length check (char_length(btrim(parent_name)) between 2 and 120),
  add constraint parental_consents_declaration_length check (char_length(declaration) between 1 and 2000),
  add constraint parental_consents_withdrawn_by_known check (withdrawn_by in ('parent', 'player')),
  add constraint parental_consents_withdrawn_when_confirmed check (withdrawn_at is null or confirmed_at is not null),
  add constraint parental_consents_withdrawn_by_whom check ((withdrawn_at is null) = (withdrawn_by is null)),
  add constraint parental_consents_recorded_how check (
    confirmed_at is null
    or (method is not null and parent_name is not null and relation is not null and declaration is not null));
comment on table private.parental_consents is 'Consents of a parent for a player of 13 to 17 (free tournaments only): when and how (method) the parent confirmed, their name, relation and declaration, and any withdrawal. Link tokens are keyed HMACs of the id; only their hashes are kept, and a used or expired one is deleted.';
comment on column private.parental_consents.token_sha256 is 'SHA-256 of the consent link''s token while it may still be used; null once used (and the row is deleted when it expires unused).';
comment on column private.parental_consents.evidence is 'What the method proved, for methods that prove more than the e-mailed code (kept with the consent).';

create or replace function private.parental_consent_link_token(p_consent_id uuid) returns text
  language sql stable set search_path = ''
as $$ select private.consent_secret('parental_consent', p_consent_id::text || ':link') $$;
revoke all on function private.parental_consent_link_token(uuid) from public, anon, authenticated, service_role;

create or replace function private.parental_consent_withdraw_token(p_consent_id uuid) returns text
  language sql stable set search_path = ''
as $$ select private.consent_secret('parental_consent', p_consent_id::text || ':withdraw') $$;
revoke all on function private.parental_consent_withdraw_token(uuid) from public, anon, authenticated, service_role;

create or replace function private.parental_consent_code(p_consent_id uuid) returns text
  language sql stable set search_path = ''
as $$
  select lpad((('x' || substr(private.consent_secret('parental_consent', p_consent_id::text || ':code'), 1, 8))::bit(32)::bigint
               % 1000000)::text, 6, '0');
$$;
revoke all on function private.parental_consent_code(uuid) from public, anon, authenticated, service_role;

create or replace function private.parental_consent_declaration() returns text
  language sql immutable set search_path = ''
as $$
  select 'I am the parent or legal guardian of this player. I consent to Golazo Arena processing their account data so that they can join free tournaments (no paid entry, no prizes paid out to them while they are under 18), and I know I can withdraw this consent at any time with the link in the e-mail that confirms it.'::text
$$;
comment on function private.parental_consent_declaration() is 'The declaration a parent confirms (wording to be confirmed by a lawyer: README, Consent). Stored word for word with each consent.';
revoke all on function private.parental_consent_declaration() from public, anon, authenticated, service_role;

create or replace function private.has_parental_consent(p_user_id uuid) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (select 1 from private.parental_consents
                  where player_id = p_user_id and confirmed_at is not null and withdrawn_at is null);
$$;

create or replace function private.may_process_player(p_user_id uuid) returns boolean
  language sql stable
  security definer
  set search_path = ''
as $$
  -- Age unknown (a profile not complete yet): nothing but the sign-up exists to process.
  select coalesce((select private.profile_age(p) >= private.legal_paid_entry_age()
                     from public.profiles p where p.id = p_user_id), true)
      or private.has_parental_consent(p_user_id);
$$;
comment on function private.may_process_player(uuid) is 'Whether anything beyond the sign-up may be processed for a player: false for a player under 18 without a standing parental consent (no entries, no notifications).';
revoke all on function private.may_process_player(uuid) from public, anon, authenticated, service_role;

create or replace function public.request_parental_consent(p_parent_email text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_email text := lower(btrim(coalesce(p_parent_email, '')));
  v_profile public.profiles;
  v_consent_id uuid := gen_random_uuid();
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    raise exception 'Enter your parent''s e-mail address' using errcode = 'PT400', hint = 'parent_email_invalid';
  end if;
  select * into v_profile from public.profiles where id = v_player;
  if not found or not private.profile_is_complete(v_profile) then
    raise exception 'Complete your profile (eFootball user ID and date of birth included) to enter'
      using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if private.profile_age(v_profile) >= private.legal_paid_entry_age() or private.has_parental_consent(v_player) then
    raise exception 'No parental consent is needed for your account' using errcode = 'PT409', hint = 'parental_consent_not_needed';
  end if;
  if v_email = lower(coalesce(v_profile.email, '')) then
    raise exception 'Enter your parent''s e-mail address, not your own' using errcode = 'PT400', hint = 'parent_email_invalid';
  end if;
  -- At most three requests a day: each one e-mails a stranger's address.
  if (select count(*) from private.parental_consents
       where player_id = v_player and requested_at > v_now - interval '1 day') >= 3 then
    raise exception 'Too many consent requests today. Try again tomorrow.' using errcode = 'PT429', hint = 'parental_consent_rate_limited';
  end if;

  insert into private.parental_consents (id, player_id, parent_email, token_sha256, requested_at, expires_at)
  values (v_consent_id, v_player, v_email,
          sha256(convert_to(private.parental_consent_link_token(v_consent_id), 'UTF8')),
          v_now, v_now + private.parental_consent_lifetime());

  -- Only the consent's id: the worker reads the address, the link and the code when it sends.
  perform private.enqueue_outside_call('parental_consent_email', 'parental_consent_' || v_consent_id::text,
                                       jsonb_build_object('consent_id', v_consent_id, 'message', 'request'));

  return jsonb_build_object('parent_email', v_email, 'expires_at', v_now + private.parental_consent_lifetime());
end;
$$;
comment on function public.request_parental_consent(text) is 'A player of 13 to 17 asks a parent for consent: e-mails the parent a link and a one-time code (rate limited per day).';

create or replace function private.open_consent_request(p_token text) returns private.parental_consents
  language plpgsql
  set search_path = ''
as $$
declare
  v_consent private.parental_consents;
begin
  select * into v_consent from private.parental_consents
   where token_sha256 = sha256(convert_to(coalesce(p_token, ''), 'UTF8'))
     for update;
  if not found then
    -- A used link's hash is deleted: say so when the consent it opened stands.
    raise exception 'This consent link is not valid (it may have been used already)' using errcode = 'PT404', hint = 'consent_link_invalid';
  end if;
  if v_consent.confirmed_at is not null then
    raise exception 'This consent link has already been used' using errcode = 'PT409', hint = 'consent_link_used';
  end if;
  if v_consent.expires_at <= private.clock_now() then
    raise exception 'This consent link has expired: your child can send a new one' using errcode = 'PT409', hint = 'consent_link_expired';
  end if;
  return v_consent;
end;
$$;
revoke all on function private.open_consent_request(text) from public, anon, authenticated, service_role;

create or replace function public.get_parental_consent_request(p_token text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_consent private.parental_consents := private.open_consent_request(p_token);
begin
  return jsonb_build_object('in_game_name', (select in_game_name from public.profiles where id = v_consent.player_id),
                            'expires_at', v_consent.expires_at,
                            'declaration', private.parental_consent_declaration(),
                            'relations', jsonb_build_array('mother', 'father', 'legal_guardian'));
end;
$$;
comment on function public.get_parental_consent_request(text) is 'The parent''s page: who asks for consent, until when, and the declaration to confirm. No account needed; the link''s token is the proof.';
revoke all on function public.get_parental_consent_request(text) from public;
grant execute on function public.get_parental_consent_request(text) to anon, authenticated, service_role;

drop function public.confirm_parental_consent(text);
create function public.confirm_parental_consent(p_token text, p_code text, p_parent_name text, p_relation text,
                                                p_declaration boolean default false) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_consent private.parental_consents := private.open_consent_request(p_token);
  v_name text := regexp_replace(btrim(coalesce(p_parent_name, '')), '\s+', ' ', 'g');
begin
  if char_length(v_name) < 2 or char_length(v_name) > 120 or v_name ~ '[[:cntrl:]]' then
    raise exception 'Enter your full name' using errcode = 'PT400', hint = 'parent_name_invalid';
  end if;
  if p_relation is null or p_relation not in ('mother', 'father', 'legal_guardian') then
    raise exception 'Say how you are related to the player' using errcode = 'PT400', hint = 'parent_relation_invalid';
  end if;
  if not coalesce(p_declaration, false) then
    raise exception 'Tick the declaration to give your consent' using errcode = 'PT400', hint = 'consent_declaration_required';
  end if;
  if v_consent.code_attempts >= 5 then
    raise exception 'Too many wrong codes: ask your child to send a new request' using errcode = 'PT429', hint = 'consent_code_attempts';
  end if;
  if coalesce(btrim(p_code), '') <> private.parental_consent_code(v_consent.id) then
    -- Counted, so the answer is not an error (an error would undo the count).
    update private.parental_consents set code_attempts = code_attempts + 1 where id = v_consent.id;
    return jsonb_build_object('confirmed', false, 'reason', 'consent_code_wrong', 'attempts_left', 4 - v_consent.code_attempts);
  end if;

  update private.parental_consents
     set confirmed_at = v_now, method = 'email_code', parent_name = v_name, relation = p_relation,
         declaration = private.parental_consent_declaration(),
         -- The used link is deleted; the withdrawal link stands as long as the consent.
         token_sha256 = null,
         withdraw_token_sha256 = sha256(convert_to(private.parental_consent_withdraw_token(v_consent.id), 'UTF8'))
   where id = v_consent.id;
  perform private.enqueue_outside_call('parental_consent_email', 'parental_consent_confirmed_' || v_consent.id::text,
                                       jsonb_build_object('consent_id', v_consent.id, 'message', 'confirmed'));
  return jsonb_build_object('confirmed', true,
                            'in_game_name', (select in_game_name from public.profiles where id = v_consent.player_id));
end;
$$;
comment on function public.confirm_parental_consent(text,text,text,text,boolean) is 'The parent gives consent from the e-mailed link: the one-time code (5 tries), their name, relation and the declaration. Records when and how; e-mails them a one-click withdrawal link. No account needed.';
revoke all on function public.confirm_parental_consent(text,text,text,text,boolean) from public;
grant execute on function public.confirm_parental_consent(text,text,text,text,boolean) to anon, authenticated, service_role;

create or replace function private.withdraw_parental_consent(p_consent_id uuid, p_by text) returns void
  language sql
  set search_path = ''
as $$
  update private.parental_consents
     set withdrawn_at = private.clock_now(), withdrawn_by = p_by, withdraw_token_sha256 = null
   where id = p_consent_id and withdrawn_at is null;
$$;
revoke all on function private.withdraw_parental_consent(uuid,text) from public, anon, authenticated, service_role;

create or replace function public.withdraw_parental_consent(p_token text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_consent private.parental_consents;
begin
  select * into v_consent from private.parental_consents
   where withdraw_token_sha256 = sha256(convert_to(coalesce(p_token, ''), 'UTF8')) for update;
  if not found then
    raise exception 'This link is not valid, or the consent was withdrawn already' using errcode = 'PT404', hint = 'consent_link_invalid';
  end if;
  perform private.withdraw_parental_consent(v_consent.id, 'parent');
  return jsonb_build_object('withdrawn', true,
                            'in_game_name', (select in_game_name from public.profiles where id = v_consent.player_id));
end;
$$;
comment on function public.withdraw_parental_consent(text) is 'The parent withdraws consent in one click from the link e-mailed when they gave it. No account needed.';
revoke all on function public.withdraw_parental_consent(text) from public;
grant execute on function public.withdraw_parental_consent(text) to anon, authenticated, service_role;

create or replace function public.withdraw_my_parental_consent() returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_consent_id uuid;
begin
  select id into v_consent_id from private.parental_consents
   where player_id = v_player and confirmed_at is not null and withdrawn_at is null
   for update;
  if v_consent_id is null then
    raise exception 'There is no parental consent to withdraw' using errcode = 'PT409', hint = 'no_parental_consent';
  end if;
  perform private.withdraw_parental_consent(v_consent_id, 'player');
  return jsonb_build_object('withdrawn', true);
end;
$$;
comment on function public.withdraw_my_parental_consent() is 'A player under 18 withdraws their parent''s consent in one click (free entry closes again).';
revoke all on function public.withdraw_my_parental_consent() from public, anon;
grant execute on function public.withdraw_my_parental_consent() to authenticated, service_role;

-- Nothing beyond the sign-up for a child without consent: no bell, no e-mail.
create or replace function private.deliver(p_notices private.notice[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $$
declare
  v_now timestamptz := private.clock_now();
begin
  insert into public.notifications (user_id, kind, title, body, link, created_at)
  select n.user_id, n.kind, left(n.title, 140), left(coalesce(n.body, ''), 1000), n.link, v_now
    from unnest(p_notices) as n
   where n.user_id is not null and private.may_process_player(n.user_id);

  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  select 'email', 'notify-' || n.kind || '-' || n.user_id || '-' || n.key,
         jsonb_build_object('to', u.email, 'subject', left(n.title, 140), 'text', coalesce(n.body, ''), 'link', n.link),
         private.email_not_before(v_now, private.notification_is_urgent(n.kind))
    from unnest(p_notices) as n
    join auth.users u on u.id = n.user_id and u.email is not null
    left join public.notification_settings s on s.user_id = n.user_id and s.kind = n.kind
   where coalesce(s.email, true) and private.may_process_player(n.user_id)
  on conflict (idempotency_key) do nothing;
end;
$$;


-- -----------------------------------------------------------------------------------------------------
-- Story news: double opt-in, an unsubscribe link in every message
-- -----------------------------------------------------------------------------------------------------

alter table public.story_notification_signups
  add column id uuid not null default gen_random_uuid(),
  add column confirmed_at timestamptz,
  add column confirm_token_sha256 bytea,
  add constraint story_notification_signups_id_unique unique (id),
  add constraint story_notification_signups_confirm_token_unique unique (confirm_token_sha256);
comment on table public.story_notification_signups is 'Blog "Notify me" sign-ups: unconfirmed until the address owner opens the confirmation link (double opt-in); only confirmed ones are sent news, each message with an unsubscribe link that deletes the row. Written only by the story news functions; no API role may read them.';
comment on column public.story_notification_signups.confirm_token_sha256 is 'SHA-256 of the confirmation link''s token while it may be used; null once confirmed.';

alter table private.outbox drop constraint outbox_kind_known;
alter table private.outbox add constraint outbox_kind_known check (kind = any (array[
  'razorpay_refund', 'razorpay_order_check', 'parental_consent_email', 'email', 'pan_verification', 'upi_validation',
  'razorpayx_payout', 'razorpayx_payout_check', 'provider_reconciliation', 'story_news_email', 'storage_deletion']));

create or replace function private.story_news_token(p_signup_id uuid, p_purpose text) returns text
  language sql stable set search_path = ''
as $$ select private.consent_secret('story_news', p_signup_id::text || ':' || p_purpose) $$;
revoke all on function private.story_news_token(uuid,text) from public, anon, authenticated, service_role;

create or replace function public.sign_up_for_story_news(p_email text, p_consent_text text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;
comment on function public.sign_up_for_story_news(text,text) is 'Keeps an e-mail address (with the consent text shown) for blog story news, unconfirmed, and e-mails it a confirmation link: nothing else is sent until it is opened.';

create or replace function public.confirm_story_news(p_token text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;
comment on function public.confirm_story_news(text) is 'The address owner opens the confirmation link: from now on story news may be e-mailed to it. No account needed.';
revoke all on function public.confirm_story_news(text) from public;
grant execute on function public.confirm_story_news(text) to anon, authenticated, service_role;

create or replace function public.unsubscribe_story_news(p_signup_id uuid, p_token text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if p_signup_id is null or coalesce(p_token, '') <> private.story_news_token(p_signup_id, 'unsubscribe') then
    raise exception 'This unsubscribe link is not valid' using errcode = 'PT404', hint = 'news_link_invalid';
  end if;
  delete from public.story_notification_signups where id = p_signup_id;
  -- Already gone (a second click) answers the same: the address is not on the list.
  return jsonb_build_object('unsubscribed', true);
end;
$$;
comment on function public.unsubscribe_story_news(uuid,text) is 'One click from any story news e-mail: deletes the address from the list. No account needed.';
revoke all on function public.unsubscribe_story_news(uuid,text) from public;
grant execute on function public.unsubscribe_story_news(uuid,text) to anon, authenticated, service_role;

create or replace function private.queue_story_news(p_key text, p_subject text, p_text text, p_link text default null) returns integer
  language plpgsql
  set search_path = ''
as $$
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
$$;
comment on function private.queue_story_news(text,text,text,text) is 'The one way to send story news (or any marketing e-mail): to confirmed addresses only, each message with its unsubscribe link, not at night.';
revoke all on function private.queue_story_news(text,text,text,text) from public, anon, authenticated, service_role;

-- Addresses kept before double opt-in never confirmed: they are asked now (and deleted after 30 days unconfirmed).
update public.story_notification_signups
   set confirm_token_sha256 = sha256(convert_to(private.story_news_token(id, 'confirm'), 'UTF8'))
 where confirmed_at is null;
insert into private.outbox (kind, idempotency_key, payload)
select 'story_news_email', 'story-news-confirm-' || s.id, jsonb_build_object('signup_id', s.id, 'message', 'confirm')
  from public.story_notification_signups s
on conflict (idempotency_key) do nothing;

-- Requests still open carried a random token in their e-mail: from now on their link is the keyed one, and
-- their queued e-mail (if not sent yet) names the consent only, so it goes out with the new link and a code.
update private.parental_consents
   set token_sha256 = sha256(convert_to(private.parental_consent_link_token(id), 'UTF8'))
 where confirmed_at is null and token_sha256 is not null;
update private.outbox
   set payload = jsonb_build_object('consent_id', substr(idempotency_key, char_length('parental_consent_') + 1), 'message', 'request')
 where kind = 'parental_consent_email' and idempotency_key like 'parental\_consent\_%' and status = 'pending';
