-- =====================================================================================================
-- PAN encrypted at rest: the ciphertext, the last four characters, and the HMAC that keeps it unique
-- =====================================================================================================
-- kyc_records.pan (clear text) becomes:
--   pan_ciphertext   extensions.pgp_sym_encrypt(PAN, key): readable only by private.decrypt_pan(), which
--                    only the functions that need the PAN call (the PAN check when it is made, the tax
--                    register and certificates for platform admins at aal2), each call audited;
--   pan_last4        the last four characters, all that is ever shown (private.masked_pan);
--   pan_hmac         unchanged: one PAN per verified account, and whether a new submission changes it.
-- The key is never in the database or its dump: private.pan_encryption_key() reads it from Supabase Vault
-- (vault.decrypted_secrets, name 'pan_encryption_key'). A hosted project creates that secret once; the
-- local stack's Vault stand-in (supabase/local/shim.sql) serves the key the stack keeps in
-- .data/pan-encryption.key. Without the key, nothing stores or reads a PAN (the call fails loudly).
-- The format is checked on the clear PAN in submit_kyc before it is encrypted; the table keeps the shape
-- of its last four characters.
-- The outbox's PAN and UPI checks carry only the player and the submission: the worker reads the PAN and
-- the legal name when it makes the call (service_outside_call_details, next migration).
-- =====================================================================================================

create or replace function private.pan_encryption_key() returns text
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_key text;
begin
  -- plpgsql: vault.decrypted_secrets is looked up when the key is needed, not when this is created.
  select s.decrypted_secret into v_key from vault.decrypted_secrets s where s.name = 'pan_encryption_key' limit 1;
  if v_key is null or char_length(v_key) < 32 then
    raise exception 'The PAN encryption key is not set: create the Vault secret pan_encryption_key (README, PAN encryption)'
      using errcode = '55000';
  end if;
  return v_key;
end;
$$;
comment on function private.pan_encryption_key() is 'The key PANs are encrypted with, from Supabase Vault (secret pan_encryption_key; locally the stack''s .data/pan-encryption.key through the Vault stand-in). Never stored in a table of this database.';
revoke all on function private.pan_encryption_key() from public, anon, authenticated, service_role;

create or replace function private.encrypt_pan(p_pan text) returns bytea
  language sql volatile
  security definer
  set search_path = ''
as $$ select extensions.pgp_sym_encrypt(upper(btrim(p_pan)), private.pan_encryption_key(), 'cipher-algo=aes256') $$;
comment on function private.encrypt_pan(text) is 'A PAN encrypted under the Vault key (pgp_sym_encrypt, AES-256): what kyc_records keeps.';
revoke all on function private.encrypt_pan(text) from public, anon, authenticated, service_role;

create or replace function private.decrypt_pan(p_ciphertext bytea) returns text
  language sql stable
  security definer
  set search_path = ''
as $$ select case when p_ciphertext is not null then extensions.pgp_sym_decrypt(p_ciphertext, private.pan_encryption_key()) end $$;
comment on function private.decrypt_pan(bytea) is 'The clear PAN, for the functions that need it only (the PAN check when it is made, the tax register and certificates); each of them audits its use. supabase/tests/privacy-pan-encryption.test.ts lists who calls it.';
revoke all on function private.decrypt_pan(bytea) from public, anon, authenticated, service_role;

create or replace function private.audit_pan_reads(p_actor uuid, p_purpose text, p_user_ids uuid[]) returns void
  language sql
  set search_path = ''
as $$
  select private.audit(null, 'pan_decrypted', 'PAN read in clear for ' || p_purpose, null, null,
                       jsonb_build_object('purpose', p_purpose, 'user_ids', to_jsonb(coalesce(p_user_ids, '{}'::uuid[])),
                                          'count', coalesce(cardinality(p_user_ids), 0)),
                       false, p_actor);
$$;
comment on function private.audit_pan_reads(uuid,text,uuid[]) is 'One audit row for each use of clear PANs: who (null: the PAN check), what for, whose.';
revoke all on function private.audit_pan_reads(uuid,text,uuid[]) from public, anon, authenticated, service_role;

alter table public.kyc_records
  add column pan_ciphertext bytea,
  add column pan_last4 text;

do $$
begin
  -- Only a database that already holds PANs needs the key now.
  if exists (select 1 from public.kyc_records) then
    update public.kyc_records set pan_ciphertext = private.encrypt_pan(pan), pan_last4 = right(pan, 4);
  end if;
end;
$$;

alter table public.kyc_records
  drop constraint kyc_records_pan_format,
  drop column pan,
  alter column pan_ciphertext set not null,
  alter column pan_last4 set not null,
  add constraint kyc_records_pan_last4_shape check (pan_last4 ~ '^[0-9]{3}[A-Z]$');
comment on column public.kyc_records.pan_ciphertext is 'The PAN encrypted under the Vault key (private.encrypt_pan); read only through private.decrypt_pan.';
comment on column public.kyc_records.pan_last4 is 'The PAN''s last four characters: all of it that is shown (private.masked_pan).';
comment on table public.kyc_records is 'PAN (encrypted, its last four characters and its keyed HMAC) and UPI id checks before withdrawals. Written only by submit_kyc and service_record_kyc_check.';

-- Checks queued before this change carried the PAN, the legal name and the UPI id: the worker now reads them
-- when it makes the call, so the queue keeps only whose check and which submission.
update private.outbox
   set payload = payload - 'pan' - 'legal_name' - 'upi_id'
 where kind in ('pan_verification', 'upi_validation');

-- ---------------------------------------------------------------- submit_kyc: format first, then encrypted

create or replace function public.submit_kyc(p_pan text, p_upi_id text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_pan text := upper(btrim(coalesce(p_pan, '')));
  v_upi text := btrim(coalesce(p_upi_id, ''));
  v_profile public.profiles%rowtype;
  v_record public.kyc_records%rowtype;
  v_check_pan boolean;
  v_hmac bytea;
  v_check_upi boolean;
begin
  if v_pan !~ '^[A-Z]{5}[0-9]{4}[A-Z]$' or substr(v_pan, 4, 1) <> 'P' then
    raise exception 'A PAN is five letters, four digits and a letter, the fourth letter P for a person (like ABCPE1234F)'
      using errcode = 'PT400', hint = 'invalid_pan';
  end if;
  -- The format is checked on the clear PAN, before it is encrypted; from here on only its HMAC compares it.
  v_hmac := private.pan_hmac(v_pan);
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
    insert into public.kyc_records (user_id, pan_ciphertext, pan_last4, pan_hmac, upi_id, submitted_at, updated_at, pan_check_submission, upi_check_submission)
    values (v_user, private.encrypt_pan(v_pan), right(v_pan, 4), v_hmac, v_upi, v_now, v_now, 1, 1)
    returning * into v_record;
    v_check_pan := true;
    v_check_upi := true;
  else
    -- Once verified, the PAN stays the account's, also while a new UPI id is being checked.
    if v_record.verified_at is not null and v_record.pan_hmac <> v_hmac then
      raise exception 'Your PAN is verified and cannot change; contact support if it is wrong'
        using errcode = 'PT409', hint = 'pan_locked';
    end if;
    v_check_pan := v_record.pan_hmac <> v_hmac or v_record.pan_name_status = 'failed';
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
       set pan_ciphertext = case when v_check_pan then private.encrypt_pan(v_pan) else pan_ciphertext end,
           pan_last4 = right(v_pan, 4), pan_hmac = v_hmac, upi_id = v_upi,
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
      -- The check reads the PAN and the legal name when it is made (service_outside_call_details), never from here.
      jsonb_build_object('user_id', v_user, 'submission', v_record.submission));
  end if;
  if v_check_upi then
    perform private.enqueue_outside_call('upi_validation', 'upi-check-' || v_user || '-' || v_record.submission,
      jsonb_build_object('user_id', v_user, 'submission', v_record.submission));
  end if;
  return private.kyc_answer(v_record);
end;
$$;


create or replace function private.kyc_answer(p_record public.kyc_records)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $$
  select jsonb_build_object('status', p_record.status, 'reason', p_record.reason, 'pan_masked', private.masked_pan(p_record.pan_last4),
                            'upi_id', p_record.upi_id,
                            'payouts_held_until', case when p_record.payouts_held_until > private.clock_now()
                                                       then p_record.payouts_held_until end);
$$;


create or replace function public.get_my_tax_statement(p_financial_year integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_user uuid := private.require_player();
  v_from timestamptz;
  v_to timestamptz;
begin
  if p_financial_year is null or p_financial_year < 2020 or p_financial_year > 2100 then
    raise exception 'Say which financial year (2027 is April 2027 to March 2028)' using errcode = 'PT400', hint = 'invalid_financial_year';
  end if;
  v_from := private.financial_year_start(p_financial_year);
  v_to := private.financial_year_start(p_financial_year + 1);
  return jsonb_build_object(
    'financial_year', p_financial_year,
    'legal_name', (select legal_name from public.profiles where id = v_user),
    'pan_masked', (select private.masked_pan(pan_last4) from public.kyc_records where user_id = v_user),
    'deductor_tan', private.setting('deductor_tan') #>> '{}',
    'winnings_paise', (select coalesce(sum(l.amount_paise), 0)
                         from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                        where l.account = private.player_account(v_user) and j.kind = 'prize'
                          and j.created_at >= v_from and j.created_at < v_to),
    'tax_withheld', coalesce((select jsonb_agg(jsonb_build_object('at', w.at, 'paise', w.tax_paise, 'payout_id', w.payout_id,
                                                                  'net_winnings_paise', w.net_winnings_paise, 'kind', w.kind)
                                               order by w.at, w.id)
                                from private.tax_withholdings w
                               where w.user_id = v_user and w.financial_year = p_financial_year and w.reversed_at is null
                                 and w.tax_paise > 0), '[]'::jsonb),
    -- The UTR is the bank's reference of a sent payout, when the payout row carries one.
    'payouts', coalesce((select jsonb_agg(jsonb_build_object('payout_id', p.id, 'at', p.created_at, 'gross_paise', p.gross_paise,
                                                             'tax_paise', p.tax_paise, 'net_paise', p.net_paise, 'status', p.status,
                                                             'utr', to_jsonb(p) ->> 'utr')
                                          order by p.created_at, p.id)
                           from public.payouts p
                          where p.user_id = v_user and p.created_at >= v_from and p.created_at < v_to), '[]'::jsonb),
    'opening_balance_paise', private.opening_balance(v_user, p_financial_year),
    'closing_balance_paise', private.player_balance(v_user, v_to)
  );
end;
$$;


create or replace function public.staff_list_payout_queue()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_admin uuid := private.require_staff('admin');
begin
  return coalesce((
    select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
             'user_id', p.user_id, 'upi_id', p.upi_id, 'created_at', p.created_at, 'needs_approvals', greatest(p.needs_approvals, 1),
             'approved_by', coalesce((select jsonb_agg(jsonb_build_object('admin_id', a.admin_id, 'at', a.at) order by a.at)
                                        from public.payout_approvals a where a.payout_id = p.id), '[]'::jsonb),
             'can_approve', p.user_id <> v_admin and p.status = 'awaiting_approval'
                            and not exists (select 1 from public.payout_approvals a where a.payout_id = p.id and a.admin_id = v_admin),
             'player', jsonb_build_object('legal_name', pr.legal_name, 'in_game_name', pr.in_game_name, 'email', pr.email),
             'kyc', jsonb_build_object('status', k.status, 'pan_masked', private.masked_pan(k.pan_last4), 'upi_id', k.upi_id,
                                       'verified_at', k.verified_at, 'upi_changed_at', k.upi_changed_at),
             'tax', (select jsonb_build_object('net_winnings_paise', w.net_winnings_paise, 'tax_paise', w.tax_paise,
                                               'financial_year', w.financial_year)
                       from private.tax_withholdings w where w.payout_id = p.id),
             'earnings', private.earnings_of(p.user_id),
             'winnings', coalesce((select jsonb_agg(jsonb_build_object('tournament_id', aw.tournament_id, 'title', t.title,
                                                                       'place', aw.place_label, 'amount_paise', aw.amount_paise,
                                                                       'at', aw.created_at) order by aw.created_at desc)
                                     from private.prize_awards aw join public.tournaments t on t.id = aw.tournament_id
                                    where aw.player_id = p.user_id and aw.status = 'credited'), '[]'::jsonb))
           order by p.created_at)
      from public.payouts p
      join public.profiles pr on pr.id = p.user_id
      left join public.kyc_records k on k.user_id = p.user_id
     where p.status in ('awaiting_approval', 'approved', 'queued', 'pending', 'scheduled', 'processing')), '[]'::jsonb);
end;
$$;


-- ---------------------------------------------------------------- the tax registers: decrypted for admins at aal2, audited

create or replace function public.staff_tax_certificates(p_financial_year integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_admin uuid := private.require_staff('admin');
  v_rows jsonb;
begin
  if p_financial_year is null or p_financial_year < 2020 or p_financial_year > 2100 then
    raise exception 'Say which financial year (2027 is April 2027 to March 2028)' using errcode = 'PT400', hint = 'invalid_financial_year';
  end if;
  v_rows := coalesce((
    select jsonb_agg(q order by q ->> 'legal_name', q ->> 'user_id', (q ->> 'quarter')::integer)
      from (select jsonb_build_object('user_id', w.user_id, 'pan', private.decrypt_pan(k.pan_ciphertext), 'legal_name', pr.legal_name,
                                      'quarter', case when w.kind = 'year_end' then 4
                                                      else (extract(month from (w.at at time zone 'Asia/Kolkata') - interval '3 months')::integer - 1) / 3 + 1 end,
                                      'net_winnings_paise', sum(w.net_winnings_paise), 'tax_paise', sum(w.tax_paise),
                                      'withholdings', count(*)) as q
              from private.tax_withholdings w
              left join public.kyc_records k on k.user_id = w.user_id
              left join public.profiles pr on pr.id = w.user_id
             where w.financial_year = p_financial_year and w.reversed_at is null and w.tax_paise > 0
             group by w.user_id, k.pan_ciphertext, pr.legal_name,
                      case when w.kind = 'year_end' then 4
                           else (extract(month from (w.at at time zone 'Asia/Kolkata') - interval '3 months')::integer - 1) / 3 + 1 end
           ) as quarters), '[]'::jsonb);
  perform private.audit_pan_reads(v_admin, 'tax certificates ' || p_financial_year,
                                  array(select distinct (r ->> 'user_id')::uuid from jsonb_array_elements(v_rows) r where r ->> 'pan' is not null));
  return v_rows;
end;
$$;


create or replace function public.staff_withholding_register(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_admin uuid := private.require_staff('admin');
  v_rows jsonb;
begin
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'Give a start and an end date (the end on or after the start)' using errcode = 'PT400', hint = 'invalid_date_range';
  end if;
  v_rows := coalesce((
    select jsonb_agg(jsonb_build_object('user_id', w.user_id, 'pan', private.decrypt_pan(k.pan_ciphertext), 'legal_name', pr.legal_name,
                                        'date', (w.at at time zone 'Asia/Kolkata')::date, 'kind', w.kind, 'payout_id', w.payout_id,
                                        'gross_paise', w.gross_paise, 'net_winnings_paise', w.net_winnings_paise,
                                        'tax_paise', w.tax_paise, 'financial_year', w.financial_year)
                     order by w.at, w.id)
      from private.tax_withholdings w
      left join public.kyc_records k on k.user_id = w.user_id
      left join public.profiles pr on pr.id = w.user_id
     where w.reversed_at is null and w.tax_paise > 0
       and (w.at at time zone 'Asia/Kolkata')::date between p_from and p_to), '[]'::jsonb);
  perform private.audit_pan_reads(v_admin, 'withholding register ' || p_from || ' to ' || p_to,
                                  array(select distinct (r ->> 'user_id')::uuid from jsonb_array_elements(v_rows) r where r ->> 'pan' is not null));
  return v_rows;
end;
$$;

