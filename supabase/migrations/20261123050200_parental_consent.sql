-- =====================================================================================================
-- A parent's consent for players of 13 to 17 (free tournaments only)
-- =====================================================================================================
-- request_parental_consent(email)   the player names a parent; an e-mail with a one-time link goes out
--                                   through the outbox (kind parental_consent_email)
-- confirm_parental_consent(token)   the page the link opens calls this: the consent is recorded once,
--                                   while the link is fresh (private.parental_consent_lifetime())
-- Only the token's SHA-256 is stored with the consent; the outbox row carries the link until it is sent.
-- =====================================================================================================

alter table private.outbox
  drop constraint outbox_kind_known,
  add constraint outbox_kind_known check (kind in ('razorpay_refund', 'razorpay_order_check', 'parental_consent_email'));

create function public.request_parental_consent(p_parent_email text) returns jsonb
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_email text := lower(btrim(coalesce(p_parent_email, '')));
  v_profile public.profiles;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_consent_id uuid;
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

  insert into private.parental_consents (player_id, parent_email, token_sha256, requested_at, expires_at)
  values (v_player, v_email, sha256(convert_to(v_token, 'UTF8')), v_now, v_now + private.parental_consent_lifetime())
  returning id into v_consent_id;

  insert into private.outbox (kind, idempotency_key, payload)
  values ('parental_consent_email', 'parental_consent_' || v_consent_id::text,
          jsonb_build_object('to', v_email, 'token', v_token, 'player_name', v_profile.legal_name,
                             'in_game_name', v_profile.in_game_name, 'expires_at', v_now + private.parental_consent_lifetime()));

  return jsonb_build_object('parent_email', v_email, 'expires_at', v_now + private.parental_consent_lifetime());
end;
$$;
revoke execute on function public.request_parental_consent(text) from public, anon;
grant execute on function public.request_parental_consent(text) to authenticated, service_role;

-- Opened by the parent, who has no account: callable without sign-in; the token is the proof.
create function public.confirm_parental_consent(p_token text) returns jsonb
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_consent private.parental_consents;
  v_name text;
begin
  select * into v_consent from private.parental_consents
   where token_sha256 = sha256(convert_to(coalesce(p_token, ''), 'UTF8'))
     for update;
  if not found then
    raise exception 'This consent link is not valid' using errcode = 'PT404', hint = 'consent_link_invalid';
  end if;
  if v_consent.confirmed_at is not null then
    raise exception 'This consent link has already been used' using errcode = 'PT409', hint = 'consent_link_used';
  end if;
  if v_consent.expires_at <= v_now then
    raise exception 'This consent link has expired: your child can send a new one' using errcode = 'PT409', hint = 'consent_link_expired';
  end if;
  update private.parental_consents set confirmed_at = v_now where id = v_consent.id;
  select in_game_name into v_name from public.profiles where id = v_consent.player_id;
  return jsonb_build_object('confirmed', true, 'in_game_name', v_name);
end;
$$;
revoke execute on function public.confirm_parental_consent(text) from public;
grant execute on function public.confirm_parental_consent(text) to anon, authenticated, service_role;
