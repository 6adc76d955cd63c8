-- Deleting an account (the right to erasure of India's Digital Personal Data Protection Act 2023, s.12).
--
-- A player asks (request_account_deletion), a grace period passes (a setting, 7 days) during which they can
-- cancel, then the periodic work erases: their personal data leaves every working table, their Auth user
-- (sessions, refresh tokens, password) goes, and the same e-mail address signs up afresh as a new account.
--
-- The profile row stays, keyed by the old user id, as the pseudonymous subject of what must outlive the
-- person's data: entries, matches, payments, the ledger, payouts and tax records keep pointing at it, so
-- brackets, standings and books stay whole, and every public name reads 'Deleted player'. What the law
-- keeps with a name (books of account and tax withheld with the PAN: 8 years; logs of processing: 1 year)
-- is copied first to a restricted store, private.kept_records, which only platform admins at aal2 read,
-- one audited read at a time, and which the periodic work empties when each period ends.
--
-- Which columns are personal is read from the catalog: every personal column's comment starts
-- 'personal: <kind>' (20261201000000_personal_data_tagged.sql), so a column tagged later is erased too.

-- =====================================================================================================
-- The pseudonymous subject: the profile outlives the Auth user
-- =====================================================================================================

alter table public.profiles add column erased_at timestamptz;
comment on column public.profiles.erased_at is
  'When the account was erased: the row stays as the pseudonymous subject of what must be kept (entries, money records), with every personal column empty and the in-game name ''Deleted player''.';

alter table public.profiles drop constraint profiles_id_fkey;

-- Tables whose rows outlive the person point at the profile instead of the Auth user.
alter table public.entries drop constraint entries_buyer_id_fkey,
  add constraint entries_buyer_id_fkey foreign key (buyer_id) references public.profiles (id);
alter table public.entries drop constraint entries_player_id_fkey,
  add constraint entries_player_id_fkey foreign key (player_id) references public.profiles (id);
alter table private.match_rooms drop constraint match_rooms_posted_by_fkey,
  add constraint match_rooms_posted_by_fkey foreign key (posted_by) references public.profiles (id);
alter table private.match_reports drop constraint match_reports_reported_by_fkey,
  add constraint match_reports_reported_by_fkey foreign key (reported_by) references public.profiles (id);
alter table public.match_disputes drop constraint match_disputes_settled_by_fkey,
  add constraint match_disputes_settled_by_fkey foreign key (settled_by) references public.profiles (id);
alter table private.match_dispute_statements drop constraint match_dispute_statements_player_id_fkey,
  add constraint match_dispute_statements_player_id_fkey foreign key (player_id) references public.profiles (id);
alter table public.payments drop constraint payments_user_id_fkey,
  add constraint payments_user_id_fkey foreign key (user_id) references public.profiles (id);
alter table public.tournament_registrations drop constraint tournament_registrations_user_id_fkey,
  add constraint tournament_registrations_user_id_fkey foreign key (user_id) references public.profiles (id);
alter table private.prize_awards drop constraint prize_awards_player_id_fkey,
  add constraint prize_awards_player_id_fkey foreign key (player_id) references public.profiles (id);
alter table private.tax_withholdings drop constraint tax_withholdings_user_id_fkey,
  add constraint tax_withholdings_user_id_fkey foreign key (user_id) references public.profiles (id);
alter table public.payouts drop constraint payouts_user_id_fkey,
  add constraint payouts_user_id_fkey foreign key (user_id) references public.profiles (id);
alter table public.payout_approvals drop constraint payout_approvals_admin_id_fkey,
  add constraint payout_approvals_admin_id_fkey foreign key (admin_id) references public.profiles (id);
alter table private.chargebacks drop constraint chargebacks_user_id_fkey,
  add constraint chargebacks_user_id_fkey foreign key (user_id) references public.profiles (id);
alter table public.audit_log drop constraint audit_log_actor_id_fkey,
  add constraint audit_log_actor_id_fkey foreign key (actor_id) references public.profiles (id);

-- Kept rows lose their personal columns, so those may be empty.
alter table public.payouts alter column upi_id drop not null;
alter table private.match_reports alter column screenshot_path drop not null;

-- =====================================================================================================
-- Settings
-- =====================================================================================================

insert into private.settings (key, value, note) values
  ('account_deletion_grace', '"7 days"', 'How long a deletion request waits before the account is erased; the player can cancel meanwhile.'),
  ('account_deletion_reminder_before', '"48 hours"', 'The second e-mail about a deletion request goes this long before the erasure.'),
  ('account_deletion_forfeit_max_paise', '100',
   'A balance up to this (RazorpayX sends no UPI transfer below ₹1) may be given up with the player''s consent when they delete their account.'),
  ('kept_books_of_account', '"8 years"',
   'How long payments, the ledger and tax withheld with the PAN of an erased account are kept (Companies Act s.128(5); a chartered accountant confirms).'),
  ('kept_processing_logs', '"1 year"', 'How long logs of processing about an erased account are kept (DPDP Rules r.8(3)).'),
  ('recent_sign_in_minutes', '10', 'Deleting an account needs a sign-in (e-mail code or password) this recent.');

-- =====================================================================================================
-- Requests and the restricted store
-- =====================================================================================================

create table private.account_deletions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id),
  requested_at timestamptz not null,
  erase_at timestamptz not null,
  forfeit_consented_at timestamptz,
  reminded_at timestamptz,
  cancelled_at timestamptz,
  erased_at timestamptz,
  constraint account_deletions_erase_after_request check (erase_at > requested_at),
  constraint account_deletions_cancelled_or_erased check (cancelled_at is null or erased_at is null)
);
comment on table private.account_deletions is
  'Deletion requests: scheduled until erase_at, unless cancelled. One scheduled request per player; erased ones stay as the record that the erasure was done.';
comment on column private.account_deletions.forfeit_consented_at is
  'When the player agreed to give up a balance too small to withdraw (account_deletion_forfeit_max_paise).';
create unique index account_deletions_one_scheduled on private.account_deletions (user_id)
  where cancelled_at is null and erased_at is null;
create index account_deletions_due on private.account_deletions (erase_at) where cancelled_at is null and erased_at is null;
alter table private.account_deletions enable row level security;
revoke all on private.account_deletions from public, anon, authenticated;

create table private.kept_records (
  id bigint generated always as identity primary key,
  subject_id uuid not null,
  source text not null,
  record jsonb not null,
  kept_because text not null,
  kept_until timestamptz not null,
  stored_at timestamptz not null,
  constraint kept_records_reason_known check (kept_because in ('books_of_account', 'processing_log'))
);
comment on table private.kept_records is
  'The restricted store: what the law keeps about an erased account, copied as it was (whole rows as JSON, PAN-bearing columns included as stored, never decrypted). Read only through admin_read_kept_records() (platform admins at aal2, each read audited); deleted when kept_until passes.';
comment on column private.kept_records.subject_id is 'The erased account''s profile id (its pseudonymous subject id).';
comment on column private.kept_records.source is 'The table the row was copied from (schema.table), or auth.users for the sign-in address.';
create index kept_records_of_subject on private.kept_records (subject_id);
create index kept_records_until on private.kept_records (kept_until);
alter table private.kept_records enable row level security;
revoke all on private.kept_records from public, anon, authenticated;

-- =====================================================================================================
-- The erased account is signed out everywhere, and 'Deleted player' is nobody's name
-- =====================================================================================================

create or replace function private.current_player_id() returns uuid
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  player_id uuid := auth.uid();
begin
  if player_id is null or private.second_step_missing(player_id) or private.is_erased(player_id) then
    return null;
  end if;
  return player_id;
end;
$$;

create or replace function private.require_player() returns uuid
  language plpgsql stable
  set search_path = ''
as $$
declare
  player_id uuid := auth.uid();
begin
  if player_id is null then
    raise exception 'Not logged in. Please sign in first.'
      using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  -- An access token signed before the erasure stays valid until it expires; the account behind it is gone.
  if private.is_erased(player_id) then
    raise exception 'This account was deleted. Sign in again to start a new one.'
      using errcode = 'PT401', hint = 'account_deleted';
  end if;
  if private.second_step_missing(player_id) then
    raise exception 'Enter the code from your authenticator app to finish signing in.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  return player_id;
end;
$$;

create function private.is_erased(p_user uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from public.profiles where id = p_user and erased_at is not null);
$$;
comment on function private.is_erased(uuid) is 'Whether the account was erased (its profile stays as a pseudonymous subject).';

create function private.deleted_player_name() returns text
  language sql immutable
  set search_path = ''
as $$ select 'Deleted player' $$;
comment on function private.deleted_player_name() is 'The in-game name every erased account shows wherever a name is public; nobody else may take it.';

create function private.refuse_deleted_player_name() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.erased_at is null and lower(btrim(new.in_game_name)) = lower(private.deleted_player_name()) then
    raise exception 'The in-game name "%" is kept for deleted accounts: choose another', private.deleted_player_name()
      using errcode = 'PT400', hint = 'in_game_name_reserved';
  end if;
  return new;
end;
$$;
create trigger profiles_refuse_deleted_player_name before insert or update of in_game_name, erased_at on public.profiles
  for each row execute function private.refuse_deleted_player_name();

-- =====================================================================================================
-- What stands in the way: open money, open play, the last admin
-- =====================================================================================================

create function private.account_balance_paise(p_user uuid) returns bigint
  language sql stable
  set search_path = ''
as $$
  select coalesce(sum(l.amount_paise), 0)::bigint from private.ledger_lines l where l.account = private.player_account(p_user);
$$;

create function private.account_open_money(p_user uuid, p_forfeit_small_balance boolean default false) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_balance bigint := private.account_balance_paise(p_user);
begin
  if exists (select 1 from public.payouts where user_id = p_user and private.payout_status_rank(status) < 5) then
    return 'payout';
  end if;
  if exists (select 1 from private.chargebacks where user_id = p_user and status = 'open') then
    return 'chargeback';
  end if;
  if exists (select 1 from private.prize_awards where player_id = p_user and status = 'held')
     or private.waiting_prizes_paise(p_user) > 0 then
    return 'prize';
  end if;
  if exists (select 1 from public.payments where user_id = p_user and status = 'refund_pending') then
    return 'refund';
  end if;
  if v_balance > (private.setting('account_deletion_forfeit_max_paise') #>> '{}')::bigint then
    return 'balance';
  end if;
  if v_balance > 0 and not p_forfeit_small_balance then
    return 'small_balance';
  end if;
  return null;
end;
$$;
comment on function private.account_open_money(uuid, boolean) is
  'What money is still open for the player, or null: a payout not final (payout), an open chargeback, a prize waiting or held (prize), a refund owed (refund), a balance to withdraw (balance) or one too small to withdraw that they have not agreed to give up (small_balance).';

create function private.account_open_play(p_user uuid) returns text
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_title text;
begin
  -- An entry (played or bought) in a tournament that is not settled or cancelled.
  select t.title into v_title
    from public.entries e join public.tournaments t on t.id = e.tournament_id
   where (e.player_id = p_user or e.buyer_id = p_user) and e.status = 'active'
     and private.tournament_status(t, v_now) not in ('settled', 'cancelled')
   order by t.starts_at
   limit 1;
  if v_title is not null then
    return v_title;
  end if;
  -- A dispute still open in one of their matches.
  select t.title into v_title
    from public.match_disputes d join public.matches m on m.id = d.match_id join public.tournaments t on t.id = m.tournament_id
    join public.entries e on e.id in (m.entry_a, m.entry_b)
   where d.settled_at is null and e.player_id = p_user
   limit 1;
  return v_title;
end;
$$;
comment on function private.account_open_play(uuid) is
  'The title of a tournament where the player still plays (an entry in a tournament not settled or cancelled, an open dispute), or null. Every kind of open play is added here.';

create function private.account_is_last_admin(p_user uuid) returns boolean
  language sql stable
  set search_path = ''
as $$
  select private.is_admin(p_user)
     and not exists (select 1 from public.staff_roles r
                      where r.role = 'admin' and r.tournament_id is null and r.user_id <> p_user
                        and not exists (select 1 from private.account_deletions d
                                         where d.user_id = r.user_id and d.cancelled_at is null and d.erased_at is null));
$$;

create function private.account_deletion_blocker(p_user uuid, p_forfeit_small_balance boolean default false) returns jsonb
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_reason text;
begin
  v_reason := private.account_open_money(p_user, p_forfeit_small_balance);
  if v_reason is not null then
    return jsonb_build_object('hint', 'open_money', 'detail', v_reason);
  end if;
  v_reason := private.account_open_play(p_user);
  if v_reason is not null then
    return jsonb_build_object('hint', 'open_play', 'detail', v_reason);
  end if;
  if private.account_is_last_admin(p_user) then
    return jsonb_build_object('hint', 'last_admin', 'detail', null);
  end if;
  return null;
end;
$$;
comment on function private.account_deletion_blocker(uuid, boolean) is
  'Why the account cannot be deleted now ({ hint, detail }), or null. Open money wins over open play.';

-- =====================================================================================================
-- Asking, cancelling, reading
-- =====================================================================================================

create function private.account_deletion_email(p_deletion private.account_deletions, p_step text) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_to text := (select coalesce(u.email, p.email) from public.profiles p left join auth.users u on u.id = p.id
                 where p.id = p_deletion.user_id);
  v_date text := to_char(p_deletion.erase_at at time zone 'Asia/Kolkata', 'FMDD Mon YYYY, HH24:MI') || ' IST';
begin
  if v_to is null then
    return;
  end if;
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  values ('email', 'account-deletion-' || p_deletion.id || '-' || p_step,
          jsonb_build_object(
            'to', v_to,
            'subject', case p_step when 'cancelled' then 'Your account will not be deleted'
                                   when 'reminder' then 'Your account will be deleted on ' || v_date
                                   else 'Your account will be deleted on ' || v_date end,
            'text', case p_step
                      when 'cancelled' then 'You cancelled the deletion of your account. Nothing changes.'
                      else 'You asked us to delete your account. On ' || v_date || ' we erase your profile, your sign-in and '
                           || 'your personal details; your place in past brackets reads "Deleted player". What the law '
                           || 'makes us keep (payments and tax records, 8 years) is stored apart and erased when that ends. '
                           || 'Changed your mind? Sign in and press Cancel before then.' end,
            'link', case when p_step = 'cancelled' then null else '/profile/?deletion=cancel' end),
          case when p_step = 'reminder' then private.email_not_before(private.clock_now(), false) else private.clock_now() end)
  on conflict (idempotency_key) do nothing;
end;
$$;

create function public.request_account_deletion(p_forfeit_small_balance boolean default false) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
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
  if v_signed_in_at is null
     or to_timestamp(v_signed_in_at) < now() - make_interval(mins => (private.setting('recent_sign_in_minutes') #>> '{}')::int) then
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
  return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at);
end;
$$;
comment on function public.request_account_deletion(boolean) is
  'The caller asks to delete their account: { status: scheduled, erase_at } after the grace period (asking again answers the same), or PT409 open_money / open_play / last_admin. Needs a recent sign-in (the page asks for a fresh e-mail code) and, for staff, aal2. p_forfeit_small_balance: the player agrees to give up a balance too small to withdraw.';

create function public.cancel_account_deletion() returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_deletion private.account_deletions%rowtype;
begin
  update private.account_deletions set cancelled_at = private.clock_now()
   where user_id = v_user and cancelled_at is null and erased_at is null
  returning * into v_deletion;
  if not found then
    raise exception 'No deletion of your account is scheduled' using errcode = 'PT404', hint = 'deletion_not_scheduled';
  end if;
  perform private.account_deletion_email(v_deletion, 'cancelled');
  return jsonb_build_object('status', 'cancelled');
end;
$$;
comment on function public.cancel_account_deletion() is 'The caller cancels their scheduled deletion: { status: cancelled }, or PT404 deletion_not_scheduled.';

create function public.get_my_account_deletion() returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_deletion private.account_deletions%rowtype;
  v_balance bigint := private.account_balance_paise(v_user);
begin
  select * into v_deletion from private.account_deletions
   where user_id = v_user and cancelled_at is null and erased_at is null;
  if found then
    return jsonb_build_object('status', 'scheduled', 'erase_at', v_deletion.erase_at, 'requested_at', v_deletion.requested_at);
  end if;
  return jsonb_build_object('status', 'none', 'blocked_by', private.account_deletion_blocker(v_user, false),
                            'balance_paise', v_balance,
                            'forfeit_max_paise', (private.setting('account_deletion_forfeit_max_paise') #>> '{}')::bigint,
                            'grace', private.setting('account_deletion_grace') #>> '{}');
end;
$$;
comment on function public.get_my_account_deletion() is
  'The caller''s deletion: { status: scheduled, erase_at, requested_at }, or { status: none, blocked_by: { hint, detail } | null, balance_paise, forfeit_max_paise, grace } for the page that offers it.';

-- =====================================================================================================
-- Erasing
-- =====================================================================================================

create function private.regex_literal(p_text text) returns text
  language sql immutable
  set search_path = ''
as $$
  select regexp_replace(p_text, '([.\\+*?\[^\]$(){}=!<>|:#/-])', '\\\1', 'g');
$$;

create function private.personal_value_pattern(p_value text) returns text
  language sql immutable
  set search_path = ''
as $$
  -- A value that starts or ends with a letter or digit matches only as a whole word ("Ravi" not in "Ravish").
  select case when p_value ~ '^\w' then '\m' else '' end || private.regex_literal(p_value)
         || case when p_value ~ '\w$' then '\M' else '' end;
$$;

create function private.redact_personal_text(p_text text, p_name text, p_values text[]) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  v_text text := p_text;
  v_value text;
begin
  if v_text is null then
    return null;
  end if;
  foreach v_value in array coalesce(p_values, '{}') loop
    v_text := regexp_replace(v_text, private.personal_value_pattern(v_value), '[removed]', 'gi');
  end loop;
  if p_name is not null then
    v_text := regexp_replace(v_text, private.personal_value_pattern(p_name), private.deleted_player_name(), 'g');
  end if;
  return v_text;
end;
$$;
comment on function private.redact_personal_text(text, text, text[]) is
  'Free text with an erased person''s name replaced by ''Deleted player'' and their other details (e-mail, legal name, PAN, UPI id, ...) by [removed].';

create function private.keep(p_subject uuid, p_source text, p_record jsonb, p_because text) returns void
  language sql
  set search_path = ''
as $$
  insert into private.kept_records (subject_id, source, record, kept_because, kept_until, stored_at)
  values (p_subject, p_source, p_record, p_because,
          private.clock_now() + (private.setting(case p_because when 'books_of_account' then 'kept_books_of_account'
                                                                  else 'kept_processing_logs' end) #>> '{}')::interval,
          private.clock_now());
$$;

create function private.erase_personal_data(p_user uuid) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_profile public.profiles%rowtype;
  v_email text;
  v_kyc jsonb;
  v_name text;
  v_values text[];
  v_pattern text;
  v_has_money boolean;
  v_column record;
  v_rows bigint;
  v_changed bigint := 0;
begin
  select * into v_profile from public.profiles where id = p_user for update;
  if not found or v_profile.erased_at is not null then
    return jsonb_build_object('erased', 0);
  end if;
  v_email := coalesce((select u.email from auth.users u where u.id = p_user), v_profile.email);
  select to_jsonb(k) into v_kyc from public.kyc_records k where k.user_id = p_user;

  -- Every value that identifies the person, to find it in free text and in every tagged column.
  v_name := nullif(btrim(v_profile.in_game_name), '');
  v_values := array(select distinct v from unnest(array[
                 v_email, v_profile.email, v_profile.legal_name, v_profile.game_user_id, v_profile.date_of_birth::text,
                 v_kyc ->> 'pan', v_kyc ->> 'upi_id']
                 || array(select p.upi_id from public.payouts p where p.user_id = p_user and p.upi_id is not null)) as v
                where v is not null and char_length(btrim(v)) >= 3);
  v_pattern := nullif(array_to_string(array(select private.personal_value_pattern(v)
                                              from unnest(v_values || array[v_name]) as v where v is not null), '|'), '');

  -- What the law keeps goes to the restricted store first, as it was.
  v_has_money := exists (select 1 from public.payments where user_id = p_user)
              or exists (select 1 from public.payouts where user_id = p_user)
              or exists (select 1 from private.ledger_lines where user_id = p_user)
              or exists (select 1 from private.tax_withholdings where user_id = p_user);
  if v_has_money then
    perform private.keep(p_user, 'public.profiles', to_jsonb(v_profile) || jsonb_build_object('sign_in_email', v_email),
                         'books_of_account');
    if v_kyc is not null then
      perform private.keep(p_user, 'public.kyc_records', v_kyc, 'books_of_account');
    end if;
    perform private.keep(p_user, 'public.payouts', to_jsonb(p), 'books_of_account')
       from public.payouts p where p.user_id = p_user;
  end if;
  if v_pattern is not null then
    perform private.keep(p_user, 'private.outbox',
                         to_jsonb(o) || jsonb_build_object('answers', (select coalesce(jsonb_agg(to_jsonb(a) order by a.id), '[]')
                                                                         from private.outbox_answers a where a.outbox_id = o.id)),
                         'processing_log')
       from private.outbox o
      where o.payload::text ~* v_pattern or coalesce(o.last_answer::text, '') ~* v_pattern
         or exists (select 1 from private.outbox_answers a where a.outbox_id = o.id and a.answer::text ~* v_pattern);
    perform private.keep(p_user, 'public.audit_log', to_jsonb(a), 'processing_log')
       from public.audit_log a
      where concat_ws(' ', a.summary, a.reason, a.before::text, a.after::text) ~* v_pattern;
  end if;

  -- Tables with nothing to keep lose the person's rows.
  delete from public.kyc_records where user_id = p_user;
  delete from public.notifications where user_id = p_user;
  delete from public.notification_settings where user_id = p_user;
  delete from private.parental_consents where player_id = p_user;
  delete from public.staff_roles where user_id = p_user;

  -- The profile: the pseudonymous subject, every personal column empty.
  update public.profiles
     set erased_at = private.clock_now(), in_game_name = private.deleted_player_name(), profile_completed = false,
         email = null, legal_name = null, age = null, date_of_birth = null, game_user_id = null,
         profile_image_url = null, lives_in_india_confirmed_at = null
   where id = p_user;

  -- Every other tagged column, read from the catalog: free text is redacted; any other personal column that
  -- holds one of the person's values (or, for stored files, their id in the path) is emptied, or its row goes
  -- when the column cannot be empty.
  if v_pattern is not null then
    for v_column in
      select n.nspname as schema_name, c.relname as table_name, a.attname as column_name, a.attnotnull as not_null,
             format_type(a.atttypid, a.atttypmod) as type_name,
             substring(col_description(c.oid, a.attnum) from '^personal: ([a-z0-9_]+)') as kind
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'private') and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
         and col_description(c.oid, a.attnum) like 'personal: %'
         and (n.nspname, c.relname) not in (('public', 'profiles'), ('private', 'kept_records'))
       order by 1, 2, 3
    loop
      if v_column.kind = 'free_text' then
        execute format('update %I.%I set %I = private.redact_personal_text(%I::text, $1, $2)::%s where %I::text ~* $3',
                       v_column.schema_name, v_column.table_name, v_column.column_name, v_column.column_name,
                       v_column.type_name, v_column.column_name)
          using v_name, v_values, v_pattern;
      elsif v_column.kind in ('screenshot_path', 'picture') then
        execute format(case when v_column.not_null then 'delete from %I.%I where %I::text like $1'
                            else 'update %I.%I set %3$I = null where %3$I::text like $1' end,
                       v_column.schema_name, v_column.table_name, v_column.column_name)
          using '%' || p_user::text || '%';
      else
        execute format(case when v_column.not_null then 'delete from %I.%I where lower(%I::text) = any ($1)'
                            else 'update %I.%I set %3$I = null where lower(%3$I::text) = any ($1)' end,
                       v_column.schema_name, v_column.table_name, v_column.column_name)
          using array(select lower(v) from unnest(v_values) as v);
      end if;
      get diagnostics v_rows = row_count;
      v_changed := v_changed + v_rows;
    end loop;
  end if;

  -- The person's stored files: profile pictures and match evidence. (A Storage that refuses deletes in SQL
  -- leaves them to its own API: the erasure itself must not fail over it.)
  begin
    delete from storage.objects
     where (bucket_id = 'profile-pictures' and name like p_user::text || '-%')
        or (bucket_id = 'match-evidence' and name like '%/' || p_user::text || '/%');
  exception when insufficient_privilege or raise_exception then
    perform private.audit(null, 'erased_files_left', 'Files of an erased account are left for the Storage API to remove',
                          null, null, jsonb_build_object('subject_id', p_user), false);
  end;

  return jsonb_build_object('erased', 1, 'cells', v_changed);
end;
$$;
comment on function private.erase_personal_data(uuid) is
  'Erases a person''s data from every working table (the profile stays as a pseudonymous subject named ''Deleted player''), after copying what the law keeps to private.kept_records. Reads the personal columns from their ''personal: <kind>'' tags.';

-- The audit log is append-only, except that erasure redacts the personal text in it (the original is kept
-- in the restricted store for the logs' period).
create or replace function private.refuse_audit_change() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  v_context text;
begin
  if tg_op = 'UPDATE' then
    get diagnostics v_context = pg_context;
    if strpos(v_context, E'\nPL/pgSQL function private.erase_personal_data(uuid)') > 0
       and (new.id, new.at, new.tournament_id, new.entry_id, new.match_id, new.actor_id, new.actor_role, new.action, new.is_public)
           is not distinct from
           (old.id, old.at, old.tournament_id, old.entry_id, old.match_id, old.actor_id, old.actor_role, old.action, old.is_public) then
      return new;
    end if;
  end if;
  raise exception 'The audit log is append-only: rows are never changed or removed'
    using errcode = 'PT403', hint = 'audit_log_append_only';
end;
$$;

-- An Auth user deleted any other way (the dashboard, an admin script) is erased the same way, before
-- the rows that cascade from it go.
create function private.erase_profile_of_deleted_user() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform private.erase_personal_data(old.id);
  update private.account_deletions set erased_at = private.clock_now()
   where user_id = old.id and cancelled_at is null and erased_at is null;
  return old;
end;
$$;
create trigger on_auth_user_deleted before delete on auth.users
  for each row execute function private.erase_profile_of_deleted_user();

create function private.erase_account(p_user uuid) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_balance bigint := private.account_balance_paise(p_user);
begin
  if v_balance > 0 then
    -- Only a balance the player agreed to give up reaches here (account_open_money).
    perform private.post_journal('balance_forfeited', 'account:' || p_user, jsonb_build_array(
      jsonb_build_object('account', private.player_account(p_user), 'amount_paise', -v_balance, 'user_id', p_user),
      jsonb_build_object('account', 'platform:forfeited_balances', 'amount_paise', v_balance, 'user_id', p_user)));
  end if;
  perform private.erase_personal_data(p_user);
  update private.account_deletions set erased_at = private.clock_now()
   where user_id = p_user and cancelled_at is null and erased_at is null;
  -- Sessions, refresh tokens, identities and factors go with the Auth user.
  delete from auth.users where id = p_user;
end;
$$;

-- The ledger learns the forfeit of a small balance and where it goes. Widened from whatever the constraints
-- say now, so kinds and accounts added by other migrations stay allowed.
do $$
declare
  v_def text;
begin
  select pg_get_constraintdef(oid) into v_def from pg_constraint
   where conname = 'ledger_journal_kind_known' and conrelid = 'private.ledger_journal'::regclass;
  execute 'alter table private.ledger_journal drop constraint ledger_journal_kind_known';
  execute format('alter table private.ledger_journal add constraint ledger_journal_kind_known check (%s or kind = %L)',
                 regexp_replace(v_def, '^CHECK ', ''), 'balance_forfeited');

  select pg_get_constraintdef(oid) into v_def from pg_constraint
   where conname = 'ledger_lines_account_known' and conrelid = 'private.ledger_lines'::regclass;
  execute 'alter table private.ledger_lines drop constraint ledger_lines_account_known';
  execute format('alter table private.ledger_lines add constraint ledger_lines_account_known check (%s or account = %L)',
                 regexp_replace(v_def, '^CHECK ', ''), 'platform:forfeited_balances');
end;
$$;

create function private.run_due_account_deletions() returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_deletion private.account_deletions%rowtype;
  v_reminded integer := 0;
  v_erased integer := 0;
  v_waiting integer := 0;
  v_expired integer;
begin
  for v_deletion in
    select * from private.account_deletions
     where cancelled_at is null and erased_at is null and reminded_at is null
       and erase_at - (private.setting('account_deletion_reminder_before') #>> '{}')::interval <= v_now
       and erase_at > v_now
     for update skip locked
  loop
    perform private.account_deletion_email(v_deletion, 'reminder');
    update private.account_deletions set reminded_at = v_now where id = v_deletion.id;
    v_reminded := v_reminded + 1;
  end loop;

  for v_deletion in
    select * from private.account_deletions
     where cancelled_at is null and erased_at is null and erase_at <= v_now
     order by erase_at
     limit 20
     for update skip locked
  loop
    -- Money or play that opened during the grace period waits: the erasure follows once it is settled.
    if private.account_deletion_blocker(v_deletion.user_id, v_deletion.forfeit_consented_at is not null) is not null then
      v_waiting := v_waiting + 1;
      continue;
    end if;
    perform private.erase_account(v_deletion.user_id);
    v_erased := v_erased + 1;
  end loop;

  delete from private.kept_records where kept_until <= v_now;
  get diagnostics v_expired = row_count;
  return jsonb_build_object('deletion_reminders', v_reminded, 'accounts_erased', v_erased,
                            'erasures_waiting', v_waiting, 'kept_records_expired', v_expired);
end;
$$;

select private.register_due_work('account_erasure', 'profile', 'private.run_due_account_deletions', 1210);

-- =====================================================================================================
-- The restricted store's one door
-- =====================================================================================================

create function public.admin_read_kept_records(p_subject_id uuid, p_reason text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin', null);
  v_reason text := private.require_reason(p_reason);
  v_records jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object('id', k.id, 'source', k.source, 'record', k.record,
                                               'kept_because', k.kept_because, 'kept_until', k.kept_until,
                                               'stored_at', k.stored_at) order by k.id), '[]'::jsonb)
    into v_records
    from private.kept_records k where k.subject_id = p_subject_id and k.kept_until > private.clock_now();
  perform private.audit(null, 'kept_records_read', 'Read ' || jsonb_array_length(v_records)
                        || ' kept records of an erased account', v_reason, null,
                        jsonb_build_object('subject_id', p_subject_id, 'records', jsonb_array_length(v_records)), false, v_admin);
  return v_records;
end;
$$;
comment on function public.admin_read_kept_records(uuid, text) is
  'Platform admins at aal2: what is kept about an erased account (p_subject_id: its profile id), with a reason; every read is written to the audit log.';

-- =====================================================================================================
-- Who may call what
-- =====================================================================================================

revoke execute on function public.request_account_deletion(boolean) from public, anon;
grant execute on function public.request_account_deletion(boolean) to authenticated, service_role;
revoke execute on function public.cancel_account_deletion() from public, anon;
grant execute on function public.cancel_account_deletion() to authenticated, service_role;
revoke execute on function public.get_my_account_deletion() from public, anon;
grant execute on function public.get_my_account_deletion() to authenticated, service_role;
revoke execute on function public.admin_read_kept_records(uuid, text) from public, anon;
grant execute on function public.admin_read_kept_records(uuid, text) to authenticated, service_role;
revoke execute on function private.is_erased(uuid) from public;
revoke execute on function private.deleted_player_name() from public;
revoke execute on function private.refuse_deleted_player_name() from public;
revoke execute on function private.account_balance_paise(uuid) from public;
revoke execute on function private.account_open_money(uuid, boolean) from public;
revoke execute on function private.account_open_play(uuid) from public;
revoke execute on function private.account_is_last_admin(uuid) from public;
revoke execute on function private.account_deletion_blocker(uuid, boolean) from public;
revoke execute on function private.account_deletion_email(private.account_deletions, text) from public;
revoke execute on function private.regex_literal(text) from public;
revoke execute on function private.personal_value_pattern(text) from public;
revoke execute on function private.redact_personal_text(text, text, text[]) from public;
revoke execute on function private.keep(uuid, text, jsonb, text) from public;
revoke execute on function private.erase_personal_data(uuid) from public;
revoke execute on function private.erase_profile_of_deleted_user() from public;
revoke execute on function private.erase_account(uuid) from public;
revoke execute on function private.run_due_account_deletions() from public;
