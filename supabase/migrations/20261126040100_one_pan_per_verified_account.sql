-- =====================================================================================================
-- One PAN per verified account, kept as a keyed HMAC; every check's answer names the submission it checked
-- =====================================================================================================
-- Three gaps in KYC:
--   - one PAN per account was a unique index over every record, verified or not: anyone who typed a
--     stranger's PAN (and was rejected, the name on it not being theirs) kept it from its real owner
--     forever;
--   - submit_kyc answered pan_in_use at once, so anyone could learn whether a PAN has an account here;
--   - a provider's answer named only the player: an answer to an older submission (a PAN since changed)
--     could verify or reject the newer one.
--
-- private.secret_keys     keys the database uses and nobody reads through the API (no grant to any API
--                         role; the private schema is not exposed).
-- private.pan_hmac        HMAC-SHA256 of a PAN under the 'pan_hmac' key: the one way PANs are compared
--                         (uniqueness now, and whatever keeps the PAN itself encrypted later).
-- kyc_records.pan_hmac    the HMAC of the record's PAN; a unique index over the records ever verified (their
--                         verified_at, kept while a new UPI id is checked; a verified PAN never changes)
--                         is the rule "one PAN per verified account".
-- kyc_records.pan_check_submission, upi_check_submission
--                         the submission each check was last asked for. The outbox payload carries it,
--                         the answer hands it back, and an answer for any other submission is ignored.
-- submit_kyc              no longer tells whether a PAN is used elsewhere: every well-formed PAN is
--                         queued for the check.
-- service_record_kyc_check(p_user_id, p_check, p_ok, p_reason, p_submission)
--                         when both checks pass but another account has this PAN verified, the record is
--                         rejected with the same words as any PAN that failed its check. Every PAN
--                         failure reads the same (the provider's own words stay in the outbox answers for
--                         support), so the outcome never tells whether a PAN is registered here.
-- =====================================================================================================

create table private.secret_keys (
  name text primary key,
  key bytea not null,
  created_at timestamptz not null default now(),
  constraint secret_keys_key_long_enough check (octet_length(key) >= 32)
);
comment on table private.secret_keys is 'Keys the database itself uses (the PAN HMAC key). No API role has a grant; losing a key makes every value made with it unmatchable, so it is never replaced in place.';
revoke all on table private.secret_keys from public, anon, authenticated, service_role;

insert into private.secret_keys (name, key) values ('pan_hmac', extensions.gen_random_bytes(32));

create function private.pan_hmac(p_pan text) returns bytea
  language sql stable
  security definer
  set search_path = ''
as $$
  select extensions.hmac(pg_catalog.convert_to(upper(btrim(p_pan)), 'UTF8'), k.key, 'sha256')
    from private.secret_keys k where k.name = 'pan_hmac';
$$;
comment on function private.pan_hmac(text) is 'The keyed HMAC-SHA256 of a PAN (upper case, trimmed): how PANs are compared without reading them, under a key no API role can read.';
revoke all on function private.pan_hmac(text) from public, anon, authenticated;

alter table public.kyc_records
  add column pan_hmac bytea,
  add column pan_check_submission integer,
  add column upi_check_submission integer;
update public.kyc_records
   set pan_hmac = private.pan_hmac(pan), pan_check_submission = submission, upi_check_submission = submission;
alter table public.kyc_records
  alter column pan_hmac set not null,
  alter column pan_check_submission set not null,
  alter column upi_check_submission set not null;
comment on column public.kyc_records.pan_hmac is 'private.pan_hmac(pan): one PAN per verified account is a unique index on it over the records with a verified_at.';
comment on column public.kyc_records.pan_check_submission is 'The submission the PAN check was last asked for; an answer for another submission is ignored.';
comment on column public.kyc_records.upi_check_submission is 'The submission the UPI check was last asked for; an answer for another submission is ignored.';

-- Checks queued before this change carry their submission in their key only ('pan-check-<user>-<n>').
update private.outbox
   set payload = payload || jsonb_build_object('submission', (regexp_match(idempotency_key, '-([0-9]+)$'))[1]::integer)
 where kind in ('pan_verification', 'upi_validation') and not payload ? 'submission'
   and idempotency_key ~ '-[0-9]+$';

drop index public.kyc_records_one_account_per_pan;
create unique index kyc_records_one_verified_account_per_pan on public.kyc_records (pan_hmac) where verified_at is not null;

create or replace function public.submit_kyc(p_pan text, p_upi_id text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_pan text := upper(btrim(coalesce(p_pan, '')));
  v_upi text := btrim(coalesce(p_upi_id, ''));
  v_profile public.profiles%rowtype;
  v_record public.kyc_records%rowtype;
  v_check_pan boolean;
  v_check_upi boolean;
begin
  if v_pan !~ '^[A-Z]{5}[0-9]{4}[A-Z]$' or substr(v_pan, 4, 1) <> 'P' then
    raise exception 'A PAN is five letters, four digits and a letter, the fourth letter P for a person (like ABCPE1234F)'
      using errcode = 'PT400', hint = 'invalid_pan';
  end if;
  -- ^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$ (PostgreSQL's regular expressions count to 255 at most).
  if v_upi !~ '^[a-zA-Z0-9._-]{2,}@[a-zA-Z]{2,64}$' or char_length(split_part(v_upi, '@', 1)) > 256 then
    raise exception 'A UPI id looks like name@bank (letters, digits, dots, dashes or underscores, then @ and the bank)'
      using errcode = 'PT400', hint = 'invalid_upi_id';
  end if;
  select * into v_profile from public.profiles where id = v_user;
  if not found or not v_profile.profile_completed or v_profile.legal_name is null or v_profile.date_of_birth is null then
    raise exception 'Complete your profile with your legal name (as on your PAN) and date of birth first'
      using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if private.age_on(v_profile.date_of_birth, (v_now at time zone 'Asia/Kolkata')::date) < 18 then
    raise exception 'Withdrawals are for players 18 and over' using errcode = 'PT403', hint = 'kyc_under_18';
  end if;
  -- Whether another account holds this PAN is decided when the checks would verify it, never here.

  select * into v_record from public.kyc_records where user_id = v_user for update;
  if not found then
    insert into public.kyc_records (user_id, pan, pan_hmac, upi_id, submitted_at, updated_at, pan_check_submission, upi_check_submission)
    values (v_user, v_pan, private.pan_hmac(v_pan), v_upi, v_now, v_now, 1, 1)
    returning * into v_record;
    v_check_pan := true;
    v_check_upi := true;
  else
    -- Once verified, the PAN stays the account's, also while a new UPI id is being checked.
    if v_record.verified_at is not null and v_record.pan <> v_pan then
      raise exception 'Your PAN is verified and cannot change; contact support if it is wrong'
        using errcode = 'PT409', hint = 'pan_locked';
    end if;
    v_check_pan := v_record.pan <> v_pan or v_record.pan_name_status = 'failed';
    v_check_upi := v_record.upi_id <> v_upi or v_record.upi_status = 'failed';
    if not v_check_pan and not v_check_upi then
      return private.kyc_answer(v_record);
    end if;
    -- A verified account's UPI id (also after a new one failed its check) changes only with the second step.
    if v_record.verified_at is not null and v_record.upi_id <> v_upi then
      if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
        raise exception 'Changing your UPI id needs two-step sign-in: enter the code from your authenticator app'
          using errcode = 'PT403', hint = 'needs_aal2';
      end if;
      v_record.upi_changed_at := v_now;
      v_record.payouts_held_until := v_now + interval '24 hours';
    end if;
    update public.kyc_records
       set pan = v_pan, pan_hmac = private.pan_hmac(v_pan), upi_id = v_upi,
           pan_name_status = case when v_check_pan then 'pending' else pan_name_status end,
           upi_status = case when v_check_upi then 'pending' else upi_status end,
           status = 'pending', reason = null, submission = submission + 1, submitted_at = v_now,
           pan_check_submission = case when v_check_pan then submission + 1 else pan_check_submission end,
           upi_check_submission = case when v_check_upi then submission + 1 else upi_check_submission end,
           upi_changed_at = v_record.upi_changed_at, payouts_held_until = v_record.payouts_held_until, updated_at = v_now
     where user_id = v_user
    returning * into v_record;
  end if;

  if v_check_pan then
    perform private.enqueue_outside_call('pan_verification', 'pan-check-' || v_user || '-' || v_record.submission,
      jsonb_build_object('user_id', v_user, 'submission', v_record.submission, 'pan', v_pan, 'legal_name', v_profile.legal_name));
  end if;
  if v_check_upi then
    perform private.enqueue_outside_call('upi_validation', 'upi-check-' || v_user || '-' || v_record.submission,
      jsonb_build_object('user_id', v_user, 'submission', v_record.submission, 'upi_id', v_upi, 'legal_name', v_profile.legal_name));
  end if;
  return private.kyc_answer(v_record);
end;
$$;
comment on function public.submit_kyc(text, text) is 'The caller submits their PAN and UPI id: formats and age 18+ are checked at once, the PAN and UPI checks are queued with the submission they check. Whether the PAN is verified on another account is decided when the checks pass, with the same outcome as a failed check. Changing a verified UPI id needs the second sign-in step and holds payouts for 24 hours.';

drop function public.service_record_kyc_check(uuid, text, boolean, text);

create function private.pan_not_verified_reason() returns text
  language sql immutable
  set search_path = ''
as $$
  select 'This PAN could not be verified for your account. Check it against your PAN card, and that your legal name here is exactly as printed on it, then submit it again. If both are right, write to support.'::text;
$$;
comment on function private.pan_not_verified_reason() is 'The one reason a player reads for any PAN that is not verified: a failed check and a PAN verified on another account read the same, so the answer never tells whether a PAN is registered here.';
revoke all on function private.pan_not_verified_reason() from public;

create function public.service_record_kyc_check(p_user_id uuid, p_check text, p_ok boolean, p_reason text, p_submission integer)
  returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_record public.kyc_records%rowtype;
  v_before text;
  v_reason text;
  v_pan_status text;
  v_upi_status text;
begin
  if p_check is null or p_check not in ('pan', 'upi') or p_ok is null or p_submission is null then
    raise exception 'A KYC check is pan or upi, with ok true or false and the submission it checked'
      using errcode = 'PT400', hint = 'invalid_kyc_check';
  end if;
  select * into v_record from public.kyc_records where user_id = p_user_id for update;
  if not found then
    raise exception 'No KYC for this player' using errcode = 'PT404', hint = 'kyc_not_found';
  end if;
  -- An answer about what the player submitted before: the check asked since then decides.
  if p_submission <> (case p_check when 'pan' then v_record.pan_check_submission else v_record.upi_check_submission end) then
    return private.kyc_answer(v_record) || jsonb_build_object('ignored', 'stale_submission');
  end if;
  v_before := v_record.status;
  v_pan_status := case when p_check = 'pan' then case when p_ok then 'ok' else 'failed' end else v_record.pan_name_status end;
  v_upi_status := case when p_check = 'upi' then case when p_ok then 'ok' else 'failed' end else v_record.upi_status end;
  v_reason := v_record.reason;
  if not p_ok then
    v_reason := case p_check when 'pan' then private.pan_not_verified_reason()
                             else coalesce(nullif(btrim(p_reason), ''),
                                           'This UPI id could not be verified: check it in your UPI app and submit it again.') end;
  end if;
  -- Both checks pass, but the PAN is verified on another account: the same outcome as a failed PAN check.
  if v_pan_status = 'ok' and v_upi_status = 'ok'
     and exists (select 1 from public.kyc_records k
                  where k.pan_hmac = v_record.pan_hmac and k.user_id <> p_user_id and k.verified_at is not null) then
    v_pan_status := 'failed';
    v_reason := private.pan_not_verified_reason();
  end if;
  begin
    update public.kyc_records
       set pan_name_status = v_pan_status, upi_status = v_upi_status,
           status = case when v_pan_status = 'failed' or v_upi_status = 'failed' then 'rejected'
                         when v_pan_status = 'ok' and v_upi_status = 'ok' then 'verified'
                         else 'pending' end,
           reason = case when v_pan_status = 'failed' or v_upi_status = 'failed' then left(v_reason, 500) end,
           -- Kept through a later UPI check: the account holds its verified PAN whatever its UPI id.
           verified_at = case when v_pan_status = 'ok' and v_upi_status = 'ok' then coalesce(verified_at, v_now)
                              when v_pan_status = 'ok' then verified_at end,
           updated_at = v_now
     where user_id = p_user_id
    returning * into v_record;
  exception when unique_violation then
    -- Another account's check verified the same PAN at the same moment.
    update public.kyc_records
       set pan_name_status = 'failed', upi_status = v_upi_status, status = 'rejected',
           reason = private.pan_not_verified_reason(), verified_at = null, updated_at = v_now
     where user_id = p_user_id
    returning * into v_record;
  end;

  if v_record.status <> v_before and v_record.status in ('verified', 'rejected') then
    perform private.notify(p_user_id, 'kyc_result',
                           case v_record.status when 'verified' then 'Your KYC is verified' else 'Your KYC was not accepted' end,
                           case v_record.status when 'verified' then 'You can now withdraw your winnings.'
                                else v_record.reason end,
                           '/my-earnings', 'kyc-' || v_record.submission || '-' || v_record.status);
  end if;
  return private.kyc_answer(v_record);
end;
$$;
comment on function public.service_record_kyc_check(uuid, text, boolean, text, integer) is 'A provider''s answer to the PAN or UPI check of one submission (an answer for another submission is ignored): verified once both pass and no other account has the PAN verified, rejected at the first failure (every PAN failure with the same words); the player is told. Service role only.';
revoke all on function public.service_record_kyc_check(uuid, text, boolean, text, integer) from public, anon, authenticated;
grant execute on function public.service_record_kyc_check(uuid, text, boolean, text, integer) to service_role;
