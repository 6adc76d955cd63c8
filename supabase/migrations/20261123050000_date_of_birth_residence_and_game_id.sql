-- =====================================================================================================
-- Profiles keep a date of birth (not an age), the player's confirmation that they live in India, and the
-- eFootball user id as the player typed it
-- =====================================================================================================
-- Age is computed on private.clock_now() in India's calendar, so a 17-year-old becomes eligible for paid
-- entry on the birthday itself. Rows completed before this change keep their stored age until the player
-- gives a date of birth (asked for before their next paid entry, through set_my_eligibility_details()).
-- The ages below are the ones of src/lib/legal.ts; supabase/tests/eligibility.test.ts fails when they
-- differ. The game id rule is the one of src/features/profile/game-user-id.ts, checked the same way.

-- -----------------------------------------------------------------------------------------------------
-- The legal ages (a lawyer must confirm them before real money moves: README, "Eligibility")
-- -----------------------------------------------------------------------------------------------------
create function private.legal_min_player_age() returns integer
  language sql immutable set search_path = '' as $$ select 13 $$;
create function private.legal_max_player_age() returns integer
  language sql immutable set search_path = '' as $$ select 100 $$;
create function private.legal_paid_entry_age() returns integer
  language sql immutable set search_path = '' as $$ select 18 $$;

-- Whole years between the birth date and `p_today` (29 February birthdays count from 1 March).
create function private.age_on(p_date_of_birth date, p_today date) returns integer
  language sql immutable set search_path = ''
as $$ select extract(year from age(p_today, p_date_of_birth))::integer $$;

-- Today in India, on the one clock.
create function private.today_in_india() returns date
  language sql stable set search_path = ''
as $$ select (private.clock_now() at time zone 'Asia/Kolkata')::date $$;

revoke execute on function private.legal_min_player_age(), private.legal_max_player_age(),
  private.legal_paid_entry_age(), private.age_on(date, date), private.today_in_india()
  from public;

-- -----------------------------------------------------------------------------------------------------
-- Columns
-- -----------------------------------------------------------------------------------------------------
alter table public.profiles
  add column date_of_birth date
    constraint profiles_date_of_birth_plausible check (date_of_birth >= date '1900-01-01'),
  add column lives_in_india_confirmed_at timestamptz;

comment on column public.profiles.date_of_birth is
  'Given once by the player; age is computed from it (private.profile_age). Null on rows completed before it was asked.';
comment on column public.profiles.lives_in_india_confirmed_at is
  'When the player confirmed they live in India (paid entry is for residents of India). Null: not confirmed.';
comment on column public.profiles.age is
  'Age typed before dates of birth were asked; cleared once the player gives a date of birth.';

-- A profile's age today: from the date of birth when given, else the age stored before dates of birth.
create function private.profile_age(p_profile public.profiles) returns integer
  language sql stable set search_path = ''
as $$
  select case
    when p_profile.date_of_birth is not null then private.age_on(p_profile.date_of_birth, private.today_in_india())
    else p_profile.age
  end
$$;
revoke execute on function private.profile_age(public.profiles) from public;

alter table public.profiles
  drop constraint profiles_completed_means_filled_in,
  add constraint profiles_completed_means_filled_in check (
    not profile_completed
    or (legal_name is not null and in_game_name is not null and game_user_id is not null
        and (age is not null or date_of_birth is not null))
  );

-- -----------------------------------------------------------------------------------------------------
-- eFootball user id: as typed (trimmed), 6 to 20 letters, digits or dashes
-- -----------------------------------------------------------------------------------------------------
-- Rows stored under the old rule (13 upper-case letters and digits) already satisfy the new one.
update public.profiles set game_user_id = btrim(game_user_id) where game_user_id <> btrim(game_user_id);
alter table public.profiles
  drop constraint profiles_game_user_id_format,
  add constraint profiles_game_user_id_format check (game_user_id ~ '^[A-Za-z0-9-]{6,20}$');

-- -----------------------------------------------------------------------------------------------------
-- Locked once completed, except what was never asked
-- -----------------------------------------------------------------------------------------------------
-- A completed profile stays locked for players; the only changes they can make are the ones this change
-- introduces: giving a missing date of birth (the stored age is then cleared) and confirming residence.
create or replace function private.keep_completed_profile_locked() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if old.profile_completed and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    if new.legal_name is not distinct from old.legal_name
       and new.in_game_name is not distinct from old.in_game_name
       and new.game_user_id is not distinct from old.game_user_id
       and new.profile_image_url is not distinct from old.profile_image_url
       and new.profile_completed
       and new.email is not distinct from old.email
       and (new.date_of_birth is not distinct from old.date_of_birth
            or (old.date_of_birth is null and new.age is null))
       and (new.age is not distinct from old.age or (old.date_of_birth is null and new.date_of_birth is not null))
       and (new.lives_in_india_confirmed_at is not distinct from old.lives_in_india_confirmed_at
            or old.lives_in_india_confirmed_at is null)
    then
      return new;
    end if;
    raise exception 'Profile is completed and locked'
      using errcode = '42501', hint = 'Contact support to change a completed profile.';
  end if;
  return new;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Profile input checks shared by the functions below
-- -----------------------------------------------------------------------------------------------------
create function private.check_date_of_birth(p_date_of_birth date) returns void
  language plpgsql stable set search_path = ''
as $$
declare
  v_age integer;
begin
  if p_date_of_birth is null then
    raise exception 'Date of birth is required' using errcode = 'PT400', hint = 'date_of_birth_required';
  end if;
  if p_date_of_birth > private.today_in_india() then
    raise exception 'Date of birth cannot be in the future' using errcode = 'PT400', hint = 'date_of_birth_in_future';
  end if;
  v_age := private.age_on(p_date_of_birth, private.today_in_india());
  if v_age < private.legal_min_player_age() then
    raise exception 'Must be at least 13 years old' using errcode = 'PT400', hint = 'age_too_low';
  end if;
  if v_age > private.legal_max_player_age() then
    raise exception 'Must be under 100 years old' using errcode = 'PT400', hint = 'age_too_high';
  end if;
end;
$$;
revoke execute on function private.check_date_of_birth(date) from public;

-- -----------------------------------------------------------------------------------------------------
-- update_my_profile(): now with date of birth and residence
-- -----------------------------------------------------------------------------------------------------
-- The old five-argument calls keep working (an age instead of a date of birth), so a site still in
-- caches can save; a profile saved that way is asked for its date of birth before a paid entry.
drop function public.update_my_profile(text, text, integer, text, text);

create function public.update_my_profile(
  p_legal_name text,
  p_in_game_name text,
  p_age integer,
  p_game_user_id text,
  p_profile_image_url text default null,
  p_date_of_birth date default null,
  p_lives_in_india boolean default false
)
  returns public.profiles
  language plpgsql volatile
  security definer
  set search_path = ''
as $$
declare
  player_id uuid := private.require_player();
  clean_legal_name text := btrim(p_legal_name);
  clean_in_game_name text := btrim(p_in_game_name);
  clean_game_user_id text := btrim(coalesce(p_game_user_id, ''));
  clean_image_url text := nullif(btrim(p_profile_image_url), '');
  current_profile public.profiles;
  saved_profile public.profiles;
begin
  if coalesce(clean_legal_name, '') = '' and coalesce(clean_in_game_name, '') = '' and p_age is null and p_date_of_birth is null then
    raise exception 'Please fill in all required fields' using errcode = 'PT400', hint = 'required_fields_missing';
  end if;
  if char_length(coalesce(clean_legal_name, '')) < 2 then
    raise exception 'Legal Name is required' using errcode = 'PT400', hint = 'legal_name_required';
  end if;
  if char_length(clean_legal_name) > 100 then
    raise exception 'Legal Name must be at most 100 characters' using errcode = 'PT400', hint = 'legal_name_too_long';
  end if;
  if not private.is_visible_name(clean_legal_name) then
    raise exception 'Legal Name must contain visible letters, not only spaces or invisible characters'
      using errcode = 'PT400', hint = 'legal_name_invisible';
  end if;
  if char_length(coalesce(clean_in_game_name, '')) < 2 then
    raise exception 'In-Game Name is required' using errcode = 'PT400', hint = 'in_game_name_required';
  end if;
  if char_length(clean_in_game_name) > 40 then
    raise exception 'In-Game Name must be at most 40 characters' using errcode = 'PT400', hint = 'in_game_name_too_long';
  end if;
  if not private.is_visible_name(clean_in_game_name) then
    raise exception 'In-Game Name must contain visible letters, not only spaces or invisible characters'
      using errcode = 'PT400', hint = 'in_game_name_invisible';
  end if;
  if p_date_of_birth is not null then
    perform private.check_date_of_birth(p_date_of_birth);
  else
    if p_age is null then
      raise exception 'Please fill in all required fields'
        using errcode = 'PT400', detail = 'Date of birth is required.', hint = 'required_fields_missing';
    end if;
    if p_age < private.legal_min_player_age() then
      raise exception 'Must be at least 13 years old' using errcode = 'PT400', hint = 'age_too_low';
    end if;
    if p_age > private.legal_max_player_age() then
      raise exception 'Must be under 100 years old' using errcode = 'PT400', hint = 'age_too_high';
    end if;
  end if;
  if clean_game_user_id = '' then
    raise exception 'eFootball User ID is required' using errcode = 'PT400', hint = 'game_user_id_required';
  end if;
  if clean_game_user_id !~ '^[A-Za-z0-9-]{6,20}$' then
    raise exception 'eFootball User ID must be 6 to 20 letters, digits or dashes' using errcode = 'PT400', hint = 'game_user_id_invalid';
  end if;
  if clean_image_url is not null
     and clean_image_url !~ ('^https?://[^\s?#]+/storage/v1/object/public/profile-pictures/' || player_id::text || '-[^/\s?#]+$') then
    raise exception 'Profile picture must be your own upload to profile pictures'
      using errcode = 'PT400', hint = 'profile_picture_not_own';
  end if;

  select * into current_profile from public.profiles where id = player_id for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  if current_profile.profile_completed then
    raise exception 'Profile is completed and locked'
      using errcode = 'PT409', hint = 'profile_locked', detail = 'Contact support to change a completed profile.';
  end if;

  update public.profiles
     set legal_name = clean_legal_name,
         in_game_name = clean_in_game_name,
         age = case when p_date_of_birth is null then p_age end,
         date_of_birth = p_date_of_birth,
         lives_in_india_confirmed_at = case when coalesce(p_lives_in_india, false) then private.clock_now() end,
         game_user_id = clean_game_user_id,
         profile_image_url = clean_image_url,
         profile_completed = true,
         updated_at = now()
   where id = player_id
  returning * into saved_profile;
  return saved_profile;
end;
$$;

revoke execute on function public.update_my_profile(text, text, integer, text, text, date, boolean) from public, anon;
grant execute on function public.update_my_profile(text, text, integer, text, text, date, boolean) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- set_my_eligibility_details(): what a completed profile may still add
-- -----------------------------------------------------------------------------------------------------
-- A profile completed before dates of birth were asked gives one now (once); any player confirms
-- residence in India (once). Neither can be changed afterwards by the player.
create function public.set_my_eligibility_details(p_date_of_birth date default null, p_lives_in_india boolean default false)
  returns public.profiles
  language plpgsql volatile
  security definer
  set search_path = ''
as $$
declare
  player_id uuid := private.require_player();
  current_profile public.profiles;
  saved_profile public.profiles;
begin
  select * into current_profile from public.profiles where id = player_id for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  if p_date_of_birth is not null then
    if current_profile.date_of_birth is not null then
      raise exception 'Your date of birth is already recorded'
        using errcode = 'PT409', hint = 'profile_locked', detail = 'Contact support to change a completed profile.';
    end if;
    perform private.check_date_of_birth(p_date_of_birth);
  end if;

  update public.profiles
     set date_of_birth = coalesce(p_date_of_birth, date_of_birth),
         age = case when p_date_of_birth is not null then null else age end,
         lives_in_india_confirmed_at = case
           when coalesce(p_lives_in_india, false) and lives_in_india_confirmed_at is null then private.clock_now()
           else lives_in_india_confirmed_at
         end,
         updated_at = now()
   where id = player_id
  returning * into saved_profile;
  return saved_profile;
end;
$$;

revoke execute on function public.set_my_eligibility_details(date, boolean) from public, anon;
grant execute on function public.set_my_eligibility_details(date, boolean) to authenticated, service_role;
