-- =====================================================================================================
-- Names without hidden control characters
-- =====================================================================================================
-- A legal or in-game name could carry text-direction embeddings, overrides and isolates (U+202A–U+202E,
-- U+2066–U+2069) between visible letters: "Ravi<U+202E>nuK" shows as another name in brackets,
-- leaderboards, payout records and staff screens, and the same trick reorders whatever text follows
-- the name. Only names made of nothing visible were refused.
--
-- private.has_hidden_controls   whether a name holds a character that changes how text around it reads
--                               without showing itself: C0 and C1 controls (tabs, new lines ...), the
--                               direction marks, embeddings, overrides and isolates, the zero-width space,
--                               word joiner and invisible operators, the soft hyphen, the byte-order mark
--                               and the interlinear annotation marks. The zero-width joiner and non-joiner
--                               stay allowed: Indic scripts and emoji need them. The profile form
--                               (src/features/profile/name-rule.ts) applies the same class; a test runs
--                               both over one table of inputs.
-- update_my_profile             refuses such a name with PT400 legal_name_control_characters or
--                               in_game_name_control_characters (after the blank-name checks).
-- profiles constraints          the table refuses them whoever writes. Names stored before are cleaned
--                               of these characters where what is left is still a valid name.
-- =====================================================================================================

create function private.has_hidden_controls(name text) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select name ~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]';
$$;
comment on function private.has_hidden_controls(text) is 'Whether a name holds a hidden control character (direction overrides and isolates, other format and control characters) that would change how it or the text after it reads. The profile form applies the same class (name-rule.ts).';
revoke all on function private.has_hidden_controls(text) from public;

-- Names stored before: drop the hidden controls where what is left is still a valid name.
update public.profiles
   set legal_name = regexp_replace(legal_name, '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g')
 where private.has_hidden_controls(legal_name)
   and char_length(btrim(regexp_replace(legal_name, '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g'))) >= 2
   and private.is_visible_name(regexp_replace(legal_name, '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g'));
update public.profiles
   set in_game_name = regexp_replace(in_game_name, '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g')
 where private.has_hidden_controls(in_game_name)
   and char_length(btrim(regexp_replace(in_game_name, '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g'))) >= 2
   and private.is_visible_name(regexp_replace(in_game_name, '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]', '', 'g'));

-- The class is written out (as in the visible-name constraints) so that any writer, the service role
-- included, is checked without needing to call a private function.
alter table public.profiles
  add constraint profiles_legal_name_without_hidden_controls check (legal_name !~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]') not valid,
  add constraint profiles_in_game_name_without_hidden_controls check (in_game_name !~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]') not valid;

create or replace function public.update_my_profile(
  p_legal_name text, p_in_game_name text, p_age integer, p_game_user_id text, p_profile_image_url text default null,
  p_date_of_birth date default null, p_lives_in_india boolean default false
) returns public.profiles
  language plpgsql
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
  if private.has_hidden_controls(clean_legal_name) then
    raise exception 'Legal Name must not contain hidden control characters, such as text-direction overrides'
      using errcode = 'PT400', hint = 'legal_name_control_characters';
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
  if private.has_hidden_controls(clean_in_game_name) then
    raise exception 'In-Game Name must not contain hidden control characters, such as text-direction overrides'
      using errcode = 'PT400', hint = 'in_game_name_control_characters';
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
