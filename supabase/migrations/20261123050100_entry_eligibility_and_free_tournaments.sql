-- =====================================================================================================
-- Who may enter what: paid entry for adults resident in India, free tournaments with one button
-- =====================================================================================================
-- private.entry_settings           the deployment's switch for paid entry (the database is the authority;
--                                  the site's PUBLIC_PAID_ENTRY only hides the offer early)
-- private.paid_entry_refusal()     why a player may not pay for an entry now (null: they may)
-- private.free_entry_refusal()     why a player may not enter a free tournament now (null: they may)
-- service_prepare_tournament_entry the order function refuses ineligible players with PT403 before any
--                                  order exists, and sends free tournaments to enter_free_tournament()
-- enter_free_tournament()          fee 0: one entry per account, same status rules and capacity lock as a
--                                  paid confirmation, no checkout
-- get_entry_settings()             what the site shows before sign-in
-- get_my_entry_eligibility()       what the pay panel's button says, from the same functions
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The deployment's switch
-- -----------------------------------------------------------------------------------------------------
create table private.entry_settings (
  id boolean primary key default true constraint entry_settings_one_row check (id),
  paid_entry_enabled boolean not null default true,
  updated_at timestamptz not null default now()
);
insert into private.entry_settings (id) values (true);

comment on table private.entry_settings is
  'One row. paid_entry_enabled = false turns paid entry off for the whole deployment (set by the operator).';

create function public.get_entry_settings() returns jsonb
  language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('paid_entry_enabled', coalesce((select paid_entry_enabled from private.entry_settings where id), true));
$$;
revoke execute on function public.get_entry_settings() from public;
grant execute on function public.get_entry_settings() to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Parental consent (players of 13 to 17, free tournaments only)
-- -----------------------------------------------------------------------------------------------------
-- A player asks; the parent's e-mail carries a link with a token (only its hash is kept); the consent is
-- recorded when the parent opens it. A token is good once, for a limited time.
create table private.parental_consents (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references auth.users (id) on delete cascade,
  parent_email text not null
    constraint parental_consents_email_shape check (parent_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(parent_email) <= 254),
  token_sha256 bytea not null constraint parental_consents_token_unique unique,
  requested_at timestamptz not null,
  expires_at timestamptz not null,
  confirmed_at timestamptz
);
create index parental_consents_player on private.parental_consents (player_id, confirmed_at);

create function private.parental_consent_lifetime() returns interval
  language sql immutable set search_path = '' as $$ select interval '7 days' $$;

create function private.has_parental_consent(p_user_id uuid) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (select 1 from private.parental_consents where player_id = p_user_id and confirmed_at is not null);
$$;

-- -----------------------------------------------------------------------------------------------------
-- The rules
-- -----------------------------------------------------------------------------------------------------
create function private.profile_is_complete(p_profile public.profiles) returns boolean
  language sql stable set search_path = ''
as $$
  select coalesce(p_profile.profile_completed and p_profile.game_user_id is not null and p_profile.date_of_birth is not null, false);
$$;

-- Same order as paidEntryRefusal() in src/lib/legal.ts.
create function private.paid_entry_refusal(p_user_id uuid) returns text
  language plpgsql stable set search_path = ''
as $$
declare
  v_profile public.profiles;
begin
  if not coalesce((select paid_entry_enabled from private.entry_settings where id), true) then
    return 'paid_entry_disabled';
  end if;
  select * into v_profile from public.profiles where id = p_user_id;
  if not found or not private.profile_is_complete(v_profile) then
    return 'profile_incomplete';
  end if;
  if private.profile_age(v_profile) < private.legal_paid_entry_age() then
    return 'too_young_for_paid_entry';
  end if;
  if v_profile.lives_in_india_confirmed_at is null then
    return 'residence_required';
  end if;
  return null;
end;
$$;

-- Same order as freeEntryRefusal() in src/lib/legal.ts.
create function private.free_entry_refusal(p_user_id uuid) returns text
  language plpgsql stable set search_path = ''
as $$
declare
  v_profile public.profiles;
begin
  select * into v_profile from public.profiles where id = p_user_id;
  if not found or not private.profile_is_complete(v_profile) then
    return 'profile_incomplete';
  end if;
  if private.profile_age(v_profile) < private.legal_paid_entry_age() and not private.has_parental_consent(p_user_id) then
    return 'parental_consent_required';
  end if;
  return null;
end;
$$;

-- One raise per refusal code, so every caller answers with the same status, message and hint.
create function private.raise_entry_refusal(p_code text) returns void
  language plpgsql immutable set search_path = ''
as $$
begin
  case p_code
    when 'paid_entry_disabled' then
      raise exception 'Paid entry is switched off on this site for now' using errcode = 'PT403', hint = 'paid_entry_disabled';
    when 'profile_incomplete' then
      raise exception 'Complete your profile (eFootball user ID and date of birth included) to enter'
        using errcode = 'PT403', hint = 'profile_incomplete';
    when 'too_young_for_paid_entry' then
      raise exception 'Paid entry is for players 18 and over' using errcode = 'PT403', hint = 'too_young_for_paid_entry';
    when 'residence_required' then
      raise exception 'Paid entry is for players who live in India: confirm it on your profile'
        using errcode = 'PT403', hint = 'residence_required';
    when 'parental_consent_required' then
      raise exception 'Players under 18 need a parent''s consent to enter' using errcode = 'PT403', hint = 'parental_consent_required';
    else
      null;
  end case;
end;
$$;

revoke execute on function private.parental_consent_lifetime(), private.has_parental_consent(uuid),
  private.profile_is_complete(public.profiles), private.paid_entry_refusal(uuid), private.free_entry_refusal(uuid),
  private.raise_entry_refusal(text)
  from public;

-- -----------------------------------------------------------------------------------------------------
-- Free tournaments: fee 0 allowed; their entries have no payment
-- -----------------------------------------------------------------------------------------------------
alter table public.tournaments
  drop constraint tournaments_entry_fee_positive,
  add constraint tournaments_entry_fee_not_negative check (entry_fee_paise >= 0);

alter table public.tournament_registrations
  alter column payment_id drop not null,
  add constraint tournament_registrations_free_entry_is_one_slot check (payment_id is not null or slots = 1);
comment on column public.tournament_registrations.payment_id is
  'The payment behind a paid entry; null for an entry into a free tournament (enter_free_tournament()).';

-- One free entry per account and tournament (a paid entry is checked in enter_free_tournament()).
create unique index tournament_registrations_one_free_entry
  on public.tournament_registrations (user_id, tournament_id)
  where payment_id is null and status <> 'cancelled';

-- -----------------------------------------------------------------------------------------------------
-- The order function refuses ineligible players before an order exists
-- -----------------------------------------------------------------------------------------------------
-- The checks before eligibility (slots, tournament, status, capacity, 24 hours) stay in the function this
-- wraps, whatever later migrations make of it.
alter function public.service_prepare_tournament_entry(uuid, text, integer)
  rename to service_prepare_tournament_entry_checked_for_capacity;
alter function public.service_prepare_tournament_entry_checked_for_capacity(uuid, text, integer) set schema private;
alter function private.service_prepare_tournament_entry_checked_for_capacity(uuid, text, integer)
  rename to prepare_tournament_entry_without_eligibility;
revoke execute on function private.prepare_tournament_entry_without_eligibility(uuid, text, integer) from public, anon, authenticated, service_role;

create function public.service_prepare_tournament_entry(p_user_id uuid, p_tournament_id text, p_slots integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_fee integer;
begin
  if p_user_id is null then
    raise exception 'Please log in to continue' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  select entry_fee_paise into v_fee from public.tournaments where id = p_tournament_id;
  if v_fee = 0 then
    raise exception 'This tournament is free: enter it without paying' using errcode = 'PT409', hint = 'free_entry_no_checkout';
  end if;
  if v_fee > 0 then
    perform private.raise_entry_refusal(private.paid_entry_refusal(p_user_id));
  end if;
  return private.prepare_tournament_entry_without_eligibility(p_user_id, p_tournament_id, p_slots);
end;
$$;
revoke execute on function public.service_prepare_tournament_entry(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.service_prepare_tournament_entry(uuid, text, integer) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- enter_free_tournament()
-- -----------------------------------------------------------------------------------------------------
create function public.enter_free_tournament(p_tournament_id text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_tournament public.tournaments%rowtype;
  v_registration_id uuid;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if not found then
    raise exception 'Unknown tournament' using errcode = 'PT404', hint = 'tournament_not_found';
  end if;
  if v_tournament.entry_fee_paise > 0 then
    raise exception 'This tournament has an entry fee: pay to enter' using errcode = 'PT409', hint = 'not_a_free_tournament';
  end if;
  if not private.tournament_takes_payments(v_tournament, v_now) then
    raise exception 'Registrations for this tournament are closed' using errcode = 'PT409', hint = 'registration_closed';
  end if;
  perform private.raise_entry_refusal(private.free_entry_refusal(v_player));

  -- The capacity lock every entry takes: concurrent entries wait here, and only those that fit get in.
  update public.tournaments
     set filled_slots = filled_slots + 1
   where id = p_tournament_id
     and filled_slots + 1 <= max_players
  returning * into v_tournament;
  if not found then
    raise exception 'This tournament is full' using errcode = 'PT409', hint = 'tournament_full';
  end if;

  -- Checked under the lock: two clicks of one player cannot both get in.
  if exists (select 1 from public.tournament_registrations
              where user_id = v_player and tournament_id = p_tournament_id and status <> 'cancelled') then
    raise exception 'You are already registered for this tournament' using errcode = 'PT409', hint = 'already_registered';
  end if;

  insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
  values (v_player, p_tournament_id, 1, null, v_now)
  returning id into v_registration_id;

  return jsonb_build_object('outcome', 'registered', 'registration_id', v_registration_id, 'tournament_id', p_tournament_id);
end;
$$;
revoke execute on function public.enter_free_tournament(text) from public, anon;
grant execute on function public.enter_free_tournament(text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- get_my_entry_eligibility(): what the pay panel's button says
-- -----------------------------------------------------------------------------------------------------
create function public.get_my_entry_eligibility() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
begin
  return jsonb_build_object(
    'paid_entry_refusal', private.paid_entry_refusal(v_player),
    'free_entry_refusal', private.free_entry_refusal(v_player),
    'parental_consent', private.has_parental_consent(v_player),
    'pending_parent_email', (select parent_email from private.parental_consents
                              where player_id = v_player and confirmed_at is null and expires_at > private.clock_now()
                              order by requested_at desc limit 1)
  );
end;
$$;
revoke execute on function public.get_my_entry_eligibility() from public, anon;
grant execute on function public.get_my_entry_eligibility() to authenticated, service_role;
