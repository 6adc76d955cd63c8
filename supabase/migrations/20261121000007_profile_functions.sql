-- =====================================================================================================
-- Profile functions: how a player reads and completes their profile
-- =====================================================================================================
-- The profiles table grants browsers no writes; these functions are the only way in. Both act on the
-- caller (auth.uid()) and nobody else.

-- -----------------------------------------------------------------------------------------------------
-- get_my_profile(): the caller's profile row
-- -----------------------------------------------------------------------------------------------------
create function public.get_my_profile()
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
    raise exception 'Profile not found' using errcode = 'P0002';
  end if;
  return found_profile;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- update_my_profile(): completes the caller's profile once, then it is locked
-- -----------------------------------------------------------------------------------------------------
-- Messages are the profile form's own, so the page can show what the database says. The eFootball user
-- ID may be typed with its separators (ABCD-123-456-789); it is stored as 13 upper-case letters/digits.
-- The picture, when given, must be the caller's own upload in the profile-pictures bucket: a profile
-- never points at an image elsewhere.
create function public.update_my_profile(
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
    raise exception 'Please fill in all required fields' using errcode = '22023';
  end if;
  if char_length(coalesce(clean_legal_name, '')) < 2 then
    raise exception 'Legal Name is required' using errcode = '22023';
  end if;
  if char_length(clean_legal_name) > 100 then
    raise exception 'Legal Name must be at most 100 characters' using errcode = '22023';
  end if;
  if char_length(coalesce(clean_in_game_name, '')) < 2 then
    raise exception 'In-Game Name is required' using errcode = '22023';
  end if;
  if char_length(clean_in_game_name) > 40 then
    raise exception 'In-Game Name must be at most 40 characters' using errcode = '22023';
  end if;
  if p_age is null then
    raise exception 'Please fill in all required fields' using errcode = '22023', detail = 'Age is required.';
  end if;
  if p_age < 13 then
    raise exception 'Must be at least 13 years old' using errcode = '22023';
  end if;
  if p_age > 100 then
    raise exception 'Must be under 100 years old' using errcode = '22023';
  end if;
  if clean_game_user_id = '' then
    raise exception 'eFootball User ID is required' using errcode = '22023';
  end if;
  if clean_game_user_id !~ '^[A-Z0-9]{13}$' then
    raise exception 'eFootball User ID must be exactly 13 letters or digits' using errcode = '22023';
  end if;
  if clean_image_url is not null
     and clean_image_url !~ ('^https?://[^\s?#]+/storage/v1/object/public/profile-pictures/' || player_id::text || '-[^/\s?#]+$') then
    raise exception 'Profile picture must be your own upload to profile pictures' using errcode = '22023';
  end if;

  select * into current_profile from public.profiles where id = player_id for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'P0002';
  end if;
  if current_profile.profile_completed then
    raise exception 'Profile is completed and locked'
      using errcode = '42501', hint = 'Contact support to change a completed profile.';
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

-- -----------------------------------------------------------------------------------------------------
-- Who may call them: signed-in players (and the service role, e.g. for support tooling)
-- -----------------------------------------------------------------------------------------------------
revoke execute on function public.get_my_profile() from public, anon;
revoke execute on function public.update_my_profile(text, text, integer, text, text) from public, anon;
grant execute on function public.get_my_profile() to authenticated, service_role;
grant execute on function public.update_my_profile(text, text, integer, text, text) to authenticated, service_role;
