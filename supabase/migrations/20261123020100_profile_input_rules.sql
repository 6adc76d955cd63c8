-- =====================================================================================================
-- Profile input: visible names and PostgREST-style refusals
-- =====================================================================================================
-- A name made only of spaces, zero-width or direction-control characters shows as a blank (or passes for
-- another player's name) in brackets and payouts: refused by update_my_profile() with a clear message and
-- by the table itself. The character class is the one the profile form uses (name-rule.ts).
-- Refusals follow the shared convention: PT400 invalid input, PT401/PT403 (private.require_player),
-- PT404 no profile, PT409 profile already completed; each with a stable hint.

create function private.is_visible_name(name text) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select regexp_replace(
    name,
    '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]',
    '', 'g'
  ) <> '';
$$;

revoke execute on function private.is_visible_name(text) from public;

-- Inline in the constraints: a check runs with the writer's privileges (the service role included),
-- and they have no business calling into `private`. NOT VALID: rows already stored are left for support.
alter table public.profiles
  add constraint profiles_legal_name_visible check (
    legal_name is null
    or regexp_replace(legal_name, '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]', '', 'g') <> ''
  ) not valid,
  add constraint profiles_in_game_name_visible check (
    in_game_name is null
    or regexp_replace(in_game_name, '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]', '', 'g') <> ''
  ) not valid;

-- -----------------------------------------------------------------------------------------------------
-- get_my_profile()
-- -----------------------------------------------------------------------------------------------------
create or replace function public.get_my_profile()
  returns public.profiles
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  player_id uuid := private.require_player();
  found_profile public.profiles;
begin
  select * into found_profile from public.profiles where id = player_id;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  return found_profile;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- update_my_profile()
-- -----------------------------------------------------------------------------------------------------
create or replace function public.update_my_profile(
  p_legal_name text,
  p_in_game_name text,
  p_age integer,
  p_game_user_id text,
  p_profile_image_url text default null
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
  clean_game_user_id text := upper(regexp_replace(coalesce(p_game_user_id, ''), '[\s-]', '', 'g'));
  clean_image_url text := nullif(btrim(p_profile_image_url), '');
  current_profile public.profiles;
  saved_profile public.profiles;
begin
  if coalesce(clean_legal_name, '') = '' and coalesce(clean_in_game_name, '') = '' and p_age is null then
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
  if p_age is null then
    raise exception 'Please fill in all required fields'
      using errcode = 'PT400', detail = 'Age is required.', hint = 'required_fields_missing';
  end if;
  if p_age < 13 then
    raise exception 'Must be at least 13 years old' using errcode = 'PT400', hint = 'age_too_low';
  end if;
  if p_age > 100 then
    raise exception 'Must be under 100 years old' using errcode = 'PT400', hint = 'age_too_high';
  end if;
  if clean_game_user_id = '' then
    raise exception 'eFootball User ID is required' using errcode = 'PT400', hint = 'game_user_id_required';
  end if;
  if clean_game_user_id !~ '^[A-Z0-9]{13}$' then
    raise exception 'eFootball User ID must be exactly 13 letters or digits' using errcode = 'PT400', hint = 'game_user_id_invalid';
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
         age = p_age,
         game_user_id = clean_game_user_id,
         profile_image_url = clean_image_url,
         profile_completed = true,
         updated_at = now()
   where id = player_id
  returning * into saved_profile;
  return saved_profile;
end;
$$;
