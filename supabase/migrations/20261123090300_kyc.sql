-- =====================================================================================================
-- KYC before the first withdrawal: PAN, age, legal name and a UPI id
-- =====================================================================================================
-- submit_kyc(p_pan, p_upi_id) checks at once what can be checked here (formats, 18+, one PAN per account,
-- a complete profile with a legal name) and queues the two outside checks in the outbox:
--   'pan_verification' {user_id, pan, legal_name}   the PAN is operative and its name is the legal name
--   'upi_validation'   {user_id, upi_id, legal_name} RazorpayX validates the UPI id (VPA)
-- service_record_kyc_check(user, 'pan'|'upi', ok, reason) records each answer: verified when both are
-- ok, rejected (with the reason) as soon as one is not; the player is told.
-- Changing the UPI id of a verified KYC needs the second sign-in step and holds payouts for 24 hours
-- (setting it before KYC is verified is not a change).
-- =====================================================================================================

create table public.kyc_records (
  user_id uuid primary key references auth.users (id) on delete cascade,
  pan text not null
    constraint kyc_records_pan_format check (pan ~ '^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$'),
  pan_name_status text not null default 'pending'
    constraint kyc_records_pan_name_status_known check (pan_name_status in ('pending', 'ok', 'failed')),
  upi_id text not null
    constraint kyc_records_upi_id_format
      check (upi_id ~ '^[a-zA-Z0-9._-]{2,}@[a-zA-Z]{2,64}$' and char_length(split_part(upi_id, '@', 1)) <= 256),
  upi_status text not null default 'pending'
    constraint kyc_records_upi_status_known check (upi_status in ('pending', 'ok', 'failed')),
  status text not null default 'pending'
    constraint kyc_records_status_known check (status in ('pending', 'verified', 'rejected')),
  reason text,
  -- Each submission's outside calls carry its number in their idempotency keys.
  submission integer not null default 1,
  submitted_at timestamptz not null,
  verified_at timestamptz,
  upi_changed_at timestamptz,
  payouts_held_until timestamptz,
  updated_at timestamptz not null
);

create unique index kyc_records_one_account_per_pan on public.kyc_records (pan);

comment on table public.kyc_records is
  'PAN and UPI id checks before withdrawals. Written only by submit_kyc and service_record_kyc_check.';

alter table public.kyc_records enable row level security;
revoke all on public.kyc_records from anon;
revoke insert, update, delete, truncate, references, trigger on public.kyc_records from authenticated;

-- An admin with a grant for the whole site.
create function private.is_admin(p_user_id uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.staff_roles where user_id = p_user_id and role = 'admin' and tournament_id is null);
$$;

create policy "Players read their own KYC, admins read all"
  on public.kyc_records for select
  to authenticated
  using (user_id = (select private.current_player_id())
         or ((select private.current_player_id()) is not null and (select private.is_admin(auth.uid()))));

create function private.masked_pan(p_pan text) returns text
  language sql immutable set search_path = ''
as $$ select case when p_pan is null then null else repeat('•', 6) || right(p_pan, 4) end $$;

create function private.kyc_answer(p_record public.kyc_records) returns jsonb
  language sql stable set search_path = ''
as $$
  select jsonb_build_object('status', p_record.status, 'reason', p_record.reason, 'pan_masked', private.masked_pan(p_record.pan),
                            'upi_id', p_record.upi_id,
                            'payouts_held_until', case when p_record.payouts_held_until > private.clock_now()
                                                       then p_record.payouts_held_until end);
$$;

-- get_my_kyc(): {status, reason, pan_masked, upi_id, payouts_held_until}; every field null before a
-- first submission.
create function public.get_my_kyc() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_record public.kyc_records%rowtype;
begin
  select * into v_record from public.kyc_records where user_id = v_user;
  if not found then
    return jsonb_build_object('status', null, 'reason', null, 'pan_masked', null, 'upi_id', null, 'payouts_held_until', null);
  end if;
  return private.kyc_answer(v_record);
end;
$$;

create function public.submit_kyc(p_pan text, p_upi_id text) returns jsonb
  language plpgsql security definer set search_path = ''
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
  if exists (select 1 from public.kyc_records where pan = v_pan and user_id <> v_user) then
    raise exception 'This PAN is already used by another account' using errcode = 'PT409', hint = 'pan_in_use';
  end if;

  select * into v_record from public.kyc_records where user_id = v_user for update;
  if not found then
    insert into public.kyc_records (user_id, pan, upi_id, submitted_at, updated_at)
    values (v_user, v_pan, v_upi, v_now, v_now)
    returning * into v_record;
    v_check_pan := true;
    v_check_upi := true;
  else
    if v_record.status = 'verified' and v_record.pan <> v_pan then
      raise exception 'Your PAN is verified and cannot change; contact support if it is wrong'
        using errcode = 'PT409', hint = 'pan_locked';
    end if;
    v_check_pan := v_record.pan <> v_pan or v_record.pan_name_status = 'failed';
    v_check_upi := v_record.upi_id <> v_upi or v_record.upi_status = 'failed';
    if not v_check_pan and not v_check_upi then
      return private.kyc_answer(v_record);
    end if;
    if v_record.status = 'verified' and v_record.upi_id <> v_upi then
      if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
        raise exception 'Changing your UPI id needs two-step sign-in: enter the code from your authenticator app'
          using errcode = 'PT403', hint = 'needs_aal2';
      end if;
      v_record.upi_changed_at := v_now;
      v_record.payouts_held_until := v_now + interval '24 hours';
    end if;
    update public.kyc_records
       set pan = v_pan, upi_id = v_upi,
           pan_name_status = case when v_check_pan then 'pending' else pan_name_status end,
           upi_status = case when v_check_upi then 'pending' else upi_status end,
           status = 'pending', reason = null, submission = submission + 1, submitted_at = v_now,
           upi_changed_at = v_record.upi_changed_at, payouts_held_until = v_record.payouts_held_until, updated_at = v_now
     where user_id = v_user
    returning * into v_record;
  end if;

  if v_check_pan then
    perform private.enqueue_outside_call('pan_verification', 'pan-check-' || v_user || '-' || v_record.submission,
      jsonb_build_object('user_id', v_user, 'pan', v_pan, 'legal_name', v_profile.legal_name));
  end if;
  if v_check_upi then
    perform private.enqueue_outside_call('upi_validation', 'upi-check-' || v_user || '-' || v_record.submission,
      jsonb_build_object('user_id', v_user, 'upi_id', v_upi, 'legal_name', v_profile.legal_name));
  end if;
  return private.kyc_answer(v_record);
end;
$$;

-- The provider's answer to one check.
create function public.service_record_kyc_check(p_user_id uuid, p_check text, p_ok boolean, p_reason text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_record public.kyc_records%rowtype;
  v_before text;
  v_reason text;
begin
  if p_check is null or p_check not in ('pan', 'upi') or p_ok is null then
    raise exception 'A KYC check is pan or upi, with ok true or false' using errcode = 'PT400', hint = 'invalid_kyc_check';
  end if;
  select * into v_record from public.kyc_records where user_id = p_user_id for update;
  if not found then
    raise exception 'No KYC for this player' using errcode = 'PT404', hint = 'kyc_not_found';
  end if;
  v_before := v_record.status;
  v_reason := coalesce(nullif(btrim(p_reason), ''),
                       case p_check when 'pan' then 'The name on this PAN does not match your legal name, or the PAN is not operative.'
                                    else 'This UPI id could not be verified: check it in your UPI app and submit it again.' end);
  if p_check = 'pan' then
    update public.kyc_records set pan_name_status = case when p_ok then 'ok' else 'failed' end where user_id = p_user_id;
  else
    update public.kyc_records set upi_status = case when p_ok then 'ok' else 'failed' end where user_id = p_user_id;
  end if;
  update public.kyc_records
     set status = case when pan_name_status = 'failed' or upi_status = 'failed' then 'rejected'
                       when pan_name_status = 'ok' and upi_status = 'ok' then 'verified'
                       else 'pending' end,
         reason = case when not p_ok then left(v_reason, 500)
                       when pan_name_status = 'failed' or upi_status = 'failed' then reason end,
         verified_at = case when pan_name_status = 'ok' and upi_status = 'ok' then coalesce(verified_at, v_now) end,
         updated_at = v_now
   where user_id = p_user_id
  returning * into v_record;

  if v_record.status <> v_before and v_record.status in ('verified', 'rejected') then
    perform private.notify(p_user_id, 'kyc_result',
                           case v_record.status when 'verified' then 'Your KYC is verified' else 'Your KYC was not accepted' end,
                           case v_record.status when 'verified' then 'You can now withdraw your winnings.'
                                else v_record.reason end,
                           '/earnings/', 'kyc-' || v_record.submission || '-' || v_record.status);
  end if;
  return private.kyc_answer(v_record);
end;
$$;

revoke all on function private.is_admin(uuid) from public;
grant execute on function private.is_admin(uuid) to authenticated;
revoke all on function private.masked_pan(text) from public;
revoke all on function private.kyc_answer(public.kyc_records) from public;
revoke all on function public.get_my_kyc() from public, anon;
revoke all on function public.submit_kyc(text, text) from public, anon;
revoke all on function public.service_record_kyc_check(uuid, text, boolean, text) from public, anon, authenticated;
grant execute on function public.service_record_kyc_check(uuid, text, boolean, text) to service_role;
grant execute on function public.get_my_kyc() to authenticated;
grant execute on function public.submit_kyc(text, text) to authenticated;
