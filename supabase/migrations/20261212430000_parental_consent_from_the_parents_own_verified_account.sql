-- =====================================================================================================
-- Parental consent comes from the parent's own signed-in account, holder of a verified PAN
-- =====================================================================================================
-- Consent rested on control of an e-mail address the child typed: a child who typed an address of their
-- own (me+parent@gmail.com, m.e@googlemail.com) received the link and the code and consented for
-- themselves, and nothing checked that an adult stood behind the address.
--
-- The child now names the e-mail address of the parent's own Golazo Arena account, which may never be the
-- child's own address, compared after folding (lowercase, a "+tag" dropped, and for Gmail dots dropped and
-- googlemail.com read as gmail.com), nor the address of the child's account. The parent opens the link,
-- signs in with that account (or creates it) and gives consent with the e-mailed code, their name,
-- relation and the declaration. The account must hold a PAN verified by the PAN check (the check
-- withdrawals need: the PAN matches the holder's name, one verified account per PAN, and the holder
-- declared a date of birth of 18 or more to submit it). The consent's method is parent_account_pan and
-- its evidence names the parent's account; consent by code alone is no longer offered.
--
-- private.canonical_email            new: an address folded as above.
-- private.holds_verified_pan         new: whether an account's PAN passed the PAN check.
-- private.parental_consent_methods   parent_account_pan added; email_code no longer active.
-- public.request_parental_consent    refuses the child's own addresses, folded.
-- public.confirm_parental_consent    signed in as the named parent, with a verified PAN; no longer for anon.
-- =====================================================================================================

create function private.canonical_email(p_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when x.domain in ('gmail.com', 'googlemail.com')
              then replace(split_part(x.local, '+', 1), '.', '') || '@gmail.com'
              else split_part(x.local, '+', 1) || '@' || x.domain end
    from (select split_part(e, '@', 1) as local, split_part(e, '@', 2) as domain
            from (select lower(btrim(coalesce(p_email, ''))) as e) as typed) as x;
$$;
comment on function private.canonical_email(text) is
  'An e-mail address as the mailbox that receives it: lowercase, a +tag dropped, and for gmail.com and googlemail.com (read as gmail.com) the dots of the name dropped. Two addresses of one mailbox fold to one.';
revoke execute on function private.canonical_email(text) from public;

create function private.holds_verified_pan(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.kyc_records k where k.user_id = p_user_id and k.pan_name_status = 'ok');
$$;
comment on function private.holds_verified_pan(uuid) is
  'Whether an account''s PAN passed the PAN check (the holder''s name, one verified account per PAN, 18 or over to submit it): what a parent''s account needs to give consent.';
revoke execute on function private.holds_verified_pan(uuid) from public;

insert into private.parental_consent_methods (name, description)
values ('parent_account_pan',
        'The parent signed in with their own account, at the address the child named, whose PAN passed the PAN check; with the e-mailed code, their name, relation and declaration');
update private.parental_consent_methods set active = false where name = 'email_code';
comment on table private.parental_consent_methods is
  'How a parent may give consent. parent_account_pan: the parent''s own signed-in account, holder of a verified PAN, with the e-mailed code, their name, relation and declaration. email_code (no longer offered): the code alone. Another method (an age token) is a new row; what it proves goes to parental_consents.evidence.';

create or replace function public.request_parental_consent(p_parent_email text)
returns jsonb
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
    raise exception 'Enter the e-mail address of your parent''s account' using errcode = 'PT400', hint = 'parent_email_invalid';
  end if;
  select * into v_profile from public.profiles where id = v_player;
  if not found or not private.profile_is_complete(v_profile) then
    raise exception 'Complete your profile (eFootball user ID and date of birth included) to enter'
      using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if private.profile_age(v_profile) >= private.legal_paid_entry_age() or private.has_parental_consent(v_player) then
    raise exception 'No parental consent is needed for your account' using errcode = 'PT409', hint = 'parental_consent_not_needed';
  end if;
  -- Never an address of the child's own: the same mailbox written another way included.
  if private.canonical_email(v_email) in (select private.canonical_email(a.email)
                                            from (select v_profile.email as email
                                                  union all select u.email from auth.users u where u.id = v_player) as a
                                           where a.email is not null) then
    raise exception 'Enter your parent''s e-mail address, not your own' using errcode = 'PT400', hint = 'parent_email_is_own';
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
comment on function public.request_parental_consent(text) is
  'A player of 13 to 17 names the e-mail address of a parent''s account (never one of their own, folded): e-mails the parent a link and a one-time code (rate limited per day).';

create or replace function public.confirm_parental_consent(p_token text, p_code text, p_parent_name text, p_relation text,
                                                           p_declaration boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_parent uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_consent private.parental_consents := private.open_consent_request(p_token);
  v_name text := regexp_replace(btrim(coalesce(p_parent_name, '')), '\s+', ' ', 'g');
begin
  if v_parent = v_consent.player_id
     or private.canonical_email((select u.email from auth.users u where u.id = v_parent))
        is distinct from private.canonical_email(v_consent.parent_email) then
    raise exception 'Sign in with your own account, the one at the address this consent e-mail was sent to'
      using errcode = 'PT403', hint = 'consent_parent_account_required';
  end if;
  if not private.holds_verified_pan(v_parent) then
    raise exception 'Your account needs a verified PAN before you can give consent: add your PAN on My Earnings'
      using errcode = 'PT403', hint = 'consent_parent_pan_required';
  end if;
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
     set confirmed_at = v_now, method = 'parent_account_pan', parent_name = v_name, relation = p_relation,
         declaration = private.parental_consent_declaration(),
         evidence = jsonb_build_object('parent_account', v_parent, 'pan_verified', true, 'checked_at', v_now),
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
comment on function public.confirm_parental_consent(text,text,text,text,boolean) is
  'The parent gives consent from the e-mailed link, signed in with their own account at the address the child named, whose PAN passed the PAN check: the one-time code (5 tries), their name, relation and the declaration. Records when and how; e-mails them a one-click withdrawal link.';
revoke execute on function public.confirm_parental_consent(text,text,text,text,boolean) from anon;
