-- =====================================================================================================
-- The account-deletion code in its own e-mail
-- =====================================================================================================
-- Deleting an account asked for a fresh sign-in code, and the player got Auth's "Your sign-in code": an
-- e-mail that does not say it deletes anything (a player who did not ask would not know to worry, one who
-- did would not know it is the right mail). The deletion now sends its own code through the outbox, as every
-- e-mail goes, in a mail that says what the code does, for how long it works, and what to do if they did not
-- ask. A fresh sign-in still counts as proof too (the stack and a staff tool use it).
--
-- private.account_deletion_codes              one code per player: its hash, when it expires, wrong tries.
-- public.send_account_deletion_code()         e-mails a new code (one a minute): { status: sent, expires_at }.
-- public.confirm_account_deletion_code(code)  checks it: { status: confirmed }; PT403 deletion_code_wrong /
--                                             deletion_code_expired / deletion_code_locked (five wrong tries).
-- public.request_account_deletion             takes a code confirmed within recent_sign_in_minutes as a recent
--                                             sign-in, and uses it up.
-- =====================================================================================================

create table private.account_deletion_codes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- sha256 of the user id and the code: the outbox holds the code only until the mail is sent.
  code_hash text not null,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0,
  confirmed_at timestamptz
);

comment on table private.account_deletion_codes is 'The code of the account-deletion e-mail, hashed; one per player, gone with the Auth user.';

create function private.account_deletion_code_hash(p_user uuid, p_code text) returns text
language sql
immutable
set search_path = ''
as $$ select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(p_user::text || ':' || p_code, 'UTF8')), 'hex') $$;

create function public.send_account_deletion_code() returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_to text := (select u.email from auth.users u where u.id = private.require_player());
  v_code text;
  v_minutes int := (private.setting('recent_sign_in_minutes') #>> '{}')::int;
  v_last timestamptz;
begin
  if v_to is null then
    raise exception 'Your account has no e-mail address to send the code to.' using errcode = 'PT409', hint = 'no_email';
  end if;
  select sent_at into v_last from private.account_deletion_codes where user_id = v_user;
  if v_last is not null and v_last > v_now - interval '1 minute' then
    raise exception 'We sent you a code less than a minute ago: check your inbox (and spam), or ask again in a minute.'
      using errcode = 'PT429', hint = 'code_sent_recently';
  end if;
  -- Six digits from the cryptographic generator (uuid v4 bytes), not random().
  v_code := lpad(((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))::bit(32)::bigint) % 1000000)::text, 6, '0');
  insert into private.account_deletion_codes (user_id, code_hash, sent_at, expires_at)
  values (v_user, private.account_deletion_code_hash(v_user, v_code), v_now, v_now + make_interval(mins => v_minutes))
  on conflict (user_id) do update
    set code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
        wrong_tries = 0, confirmed_at = null;
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  values ('email', 'account-deletion-code-' || v_user || '-' || extract(epoch from v_now)::bigint,
          jsonb_build_object(
            'to', v_to,
            'subject', 'Your code to delete your account',
            'text', 'Your code to delete your account is ' || v_code || '. Type it on your profile, under Delete my account, '
                    || 'within ' || v_minutes || ' minutes: your account is then scheduled for deletion, and you can cancel '
                    || 'until the date we give you. Did not ask to delete your account? Do not share this code with anyone; '
                    || 'without it nothing is deleted. If you did not sign in recently, change the password of your e-mail.',
            'link', '/profile'),
          v_now)
  on conflict (idempotency_key) do nothing;
  return jsonb_build_object('status', 'sent', 'expires_at', v_now + make_interval(mins => v_minutes));
end;
$function$;

comment on function public.send_account_deletion_code() is 'E-mails the caller a code that confirms deleting their account (its own mail, through the outbox): { status: sent, expires_at }; PT429 code_sent_recently within a minute.';
revoke all on function public.send_account_deletion_code() from public, anon;
grant execute on function public.send_account_deletion_code() to authenticated, service_role;

create function public.confirm_account_deletion_code(p_code text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_row private.account_deletion_codes%rowtype;
begin
  select * into v_row from private.account_deletion_codes where user_id = v_user for update;
  if not found or v_row.expires_at <= v_now then
    raise exception 'That code has expired: ask for a new one.' using errcode = 'PT403', hint = 'deletion_code_expired';
  end if;
  if v_row.wrong_tries >= 5 then
    raise exception 'Too many wrong codes: ask for a new one.' using errcode = 'PT403', hint = 'deletion_code_locked';
  end if;
  if v_row.code_hash <> private.account_deletion_code_hash(v_user, trim(coalesce(p_code, ''))) then
    update private.account_deletion_codes set wrong_tries = wrong_tries + 1 where user_id = v_user;
    -- The wrong try must count: answer without raising, so the update above stays.
    return jsonb_build_object('status', 'wrong', 'message', 'That code is not the one we e-mailed you: check it and try again.',
                              'tries_left', greatest(0, 5 - v_row.wrong_tries - 1));
  end if;
  update private.account_deletion_codes set confirmed_at = v_now where user_id = v_user;
  return jsonb_build_object('status', 'confirmed');
end;
$function$;

comment on function public.confirm_account_deletion_code(text) is 'Checks the code of the deletion e-mail: { status: confirmed } (request_account_deletion then takes it as a recent sign-in), { status: wrong, message, tries_left }, or PT403 deletion_code_expired / deletion_code_locked.';
revoke all on function public.confirm_account_deletion_code(text) from public, anon;
grant execute on function public.confirm_account_deletion_code(text) to authenticated, service_role;

create or replace function public.request_account_deletion(p_forfeit_small_balance boolean DEFAULT false)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_deletion private.account_deletions%rowtype;
  v_blocker jsonb;
  v_signed_in_at bigint;
begin
  -- Asking twice answers the first request.
  select * into v_deletion from private.account_deletions
   where user_id = v_user and cancelled_at is null and erased_at is null;
  if found then
    return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at);
  end if;

  if exists (select 1 from public.staff_roles where user_id = v_user) and not private.staff_has_second_step() then
    raise exception 'Staff accounts need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  -- A sign-in this recent proves the person at the keyboard owns the account, not a device left signed in.
  -- (Tokens keep real time, so this reads the real clock, not the movable one.)
  select max((m ->> 'timestamp')::bigint) into v_signed_in_at
    from jsonb_array_elements(coalesce(auth.jwt() -> 'amr', '[]'::jsonb)) as m
   where m ->> 'method' in ('otp', 'password', 'magiclink');
  -- Or the code of the deletion e-mail (send_account_deletion_code), typed within as many minutes.
  if (v_signed_in_at is null
      or to_timestamp(v_signed_in_at) < now() - make_interval(mins => (private.setting('recent_sign_in_minutes') #>> '{}')::int))
     and not exists (select 1 from private.account_deletion_codes c
                      where c.user_id = v_user and c.confirmed_at is not null
                        and c.confirmed_at >= v_now - make_interval(mins => (private.setting('recent_sign_in_minutes') #>> '{}')::int)) then
    raise exception 'Confirm it is you: enter the code we e-mail you, then delete your account.'
      using errcode = 'PT403', hint = 'recent_sign_in_required';
  end if;

  v_blocker := private.account_deletion_blocker(v_user, coalesce(p_forfeit_small_balance, false));
  -- The detail says what is open: for money what kind (payout, chargeback, prize, refund, balance,
  -- small_balance), for play the tournament's title.
  case v_blocker ->> 'hint'
    when 'open_money' then
      raise exception 'You still have money with us: settle it first, then delete your account.'
        using errcode = 'PT409', hint = 'open_money', detail = v_blocker ->> 'detail';
    when 'open_play' then
      if v_blocker ->> 'waitlist_tournament_id' is not null then
        raise exception 'You are on the waitlist of %: leave it, then delete your account.', v_blocker ->> 'detail'
          using errcode = 'PT409', hint = 'open_play', detail = v_blocker ->> 'detail';
      end if;
      raise exception 'You still play in %: delete your account once it is settled.', v_blocker ->> 'detail'
        using errcode = 'PT409', hint = 'open_play', detail = v_blocker ->> 'detail';
    when 'last_admin' then
      raise exception 'You are the last admin of the platform: grant the admin role to someone else first.'
        using errcode = 'PT409', hint = 'last_admin';
    else
      null;
  end case;

  insert into private.account_deletions (user_id, requested_at, erase_at, forfeit_consented_at)
  values (v_user, v_now, v_now + (private.setting('account_deletion_grace') #>> '{}')::interval,
          case when private.account_balance_paise(v_user) > 0 then v_now end)
  returning * into v_deletion;
  perform private.account_deletion_email(v_deletion, 'requested');
  -- A code schedules one deletion: a cancelled one needs a fresh code.
  delete from private.account_deletion_codes where user_id = v_user;
  return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at);
end;
$function$;
