-- =====================================================================================================
-- profile: profiles, the date of birth and residence, parental consent, profile pictures
-- =====================================================================================================
-- Generated from supabase/migrations by `npm run schema` (scripts/schema-dump.ts): do not edit. The current
-- definition of every object of this area; change one with a new migration, then run `npm run schema`.
-- Areas are assigned in scripts/schema/areas.ts.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Profiles
-- -----------------------------------------------------------------------------------------------------

comment on table public.profiles is 'One row per auth user, created by trigger. Changed only through update_my_profile(); locked once completed.';
create table public.profiles (
  id uuid not null,
  email text,
  legal_name text,
  in_game_name text,
  age integer,
  game_user_id text,
  profile_completed boolean default false not null,
  profile_image_url text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  date_of_birth date,
  lives_in_india_confirmed_at timestamp with time zone,
  constraint profiles_pkey PRIMARY KEY (id),
  constraint profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint profiles_age_range CHECK (((age >= 13) AND (age <= 100))),
  constraint profiles_completed_means_filled_in CHECK (((NOT profile_completed) OR ((legal_name IS NOT NULL) AND (in_game_name IS NOT NULL) AND (game_user_id IS NOT NULL) AND ((age IS NOT NULL) OR (date_of_birth IS NOT NULL))))),
  constraint profiles_date_of_birth_plausible CHECK ((date_of_birth >= '1900-01-01'::date)),
  constraint profiles_game_user_id_format CHECK ((game_user_id ~ '^[A-Za-z0-9-]{6,20}$'::text)),
  constraint profiles_image_url_length CHECK ((char_length(profile_image_url) <= 2048)),
  constraint profiles_in_game_name_length CHECK (((char_length(btrim(in_game_name)) >= 2) AND (char_length(btrim(in_game_name)) <= 40))),
  constraint profiles_in_game_name_visible CHECK (((in_game_name IS NULL) OR (regexp_replace(in_game_name, '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]'::text, ''::text, 'g'::text) <> ''::text))) NOT VALID,
  constraint profiles_in_game_name_without_hidden_controls CHECK ((in_game_name !~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]'::text)) NOT VALID,
  constraint profiles_legal_name_length CHECK (((char_length(btrim(legal_name)) >= 2) AND (char_length(btrim(legal_name)) <= 100))),
  constraint profiles_legal_name_visible CHECK (((legal_name IS NULL) OR (regexp_replace(legal_name, '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]'::text, ''::text, 'g'::text) <> ''::text))) NOT VALID,
  constraint profiles_legal_name_without_hidden_controls CHECK ((legal_name !~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]'::text)) NOT VALID
);
alter table public.profiles enable row level security;
grant maintain, select on table public.profiles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.profiles to service_role;
alter publication supabase_realtime add table public.profiles;
comment on column public.profiles.email is 'personal: email';
comment on column public.profiles.legal_name is 'personal: legal_name. The name on the player''s PAN.';
comment on column public.profiles.in_game_name is 'personal: name. Shown publicly in brackets, standings and prizes.';
comment on column public.profiles.age is 'personal: age. Age typed before dates of birth were asked; cleared once the player gives a date of birth.';
comment on column public.profiles.game_user_id is 'personal: game_id. The player''s eFootball user id.';
comment on column public.profiles.profile_image_url is 'personal: picture';
comment on column public.profiles.date_of_birth is 'personal: date_of_birth. Given once by the player; age is computed from it (private.profile_age). Null on rows completed before it was asked.';
comment on column public.profiles.lives_in_india_confirmed_at is 'personal: residence. When the player confirmed they live in India (paid entry is for residents of India). Null: not confirmed.';
create policy "Players can read their own profile" on public.profiles
  as permissive for select to authenticated
  using ((( SELECT private.current_player_id() AS current_player_id) = id));
CREATE TRIGGER profiles_keep_completed_locked BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.keep_completed_profile_locked();
CREATE TRIGGER profiles_set_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.create_profile_for_new_user();

CREATE TRIGGER on_auth_user_email_changed AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (old.email::text IS DISTINCT FROM new.email::text) EXECUTE FUNCTION private.copy_email_to_profile();

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.create_profile_for_new_user()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.profiles (id, email) values (new.id, new.email)
  on conflict (id) do nothing;
  return new;
end;
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.copy_email_to_profile()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.keep_completed_profile_locked()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if old.profile_completed and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    if (new.in_game_name is not distinct from old.in_game_name
        or coalesce(current_setting('golazo.in_game_name_change_for', true), '') = old.id::text)
       and new.legal_name is not distinct from old.legal_name
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
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.is_visible_name(name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select regexp_replace(
    name,
    '[\s\u00A0\u00AD\u034F\u115F\u1160\u1680\u17B4\u17B5\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFEFF\uFFA0]',
    '', 'g'
  ) <> '';
$function$;

comment on function private.has_hidden_controls(text) is 'Whether a name holds a hidden control character (direction overrides and isolates, other format and control characters) that would change how it or the text after it reads. The profile form applies the same class (name-rule.ts).';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.has_hidden_controls(name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select name ~ '[\u0001-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]';
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.profile_is_complete(p_profile public.profiles)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(p_profile.profile_completed and p_profile.game_user_id is not null and p_profile.date_of_birth is not null, false);
$function$;

comment on function public.get_my_profile() is 'The caller''s profile. PT404 when there is none.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.get_my_profile()
 RETURNS public.profiles
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

comment on function public.update_my_profile(text,text,integer,text,text,date,boolean) is 'Completes the caller''s profile once (names, eFootball user id, date of birth, residence, picture), then it is locked. Refusals carry the profile form''s own messages and a stable hint; the picture must be the caller''s own upload.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.update_my_profile(p_legal_name text, p_in_game_name text, p_age integer, p_game_user_id text, p_profile_image_url text DEFAULT NULL::text, p_date_of_birth date DEFAULT NULL::date, p_lives_in_india boolean DEFAULT false)
 RETURNS public.profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

-- -----------------------------------------------------------------------------------------------------
-- Changing the in-game name
-- -----------------------------------------------------------------------------------------------------

comment on function private.in_game_name_change_days() is 'How many days apart a player may change the in-game name of a completed profile: the rule''s one number.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.in_game_name_change_days()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 30 $function$;

comment on function private.in_game_name_changed_at(uuid) is 'The player''s last in-game name change, read from the audit log so the 30-day rule has one record.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.in_game_name_changed_at(p_player uuid)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select max(a.at) from public.audit_log a where a.actor_id = p_player and a.action = 'in_game_name_changed';
$function$;

comment on function private.running_tournament_of(uuid,timestamp with time zone) is 'The title of a tournament in check-in or play where the player holds an active entry: no renaming then.';
-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.running_tournament_of(p_player uuid, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select t.title
    from public.entries e
    join public.tournaments t on t.id = e.tournament_id
   where e.player_id = p_player and e.status = 'active'
     and private.tournament_status(t, p_now) in ('check-in', 'live')
   order by t.starts_at
   limit 1;
$function$;

comment on function public.get_my_in_game_name_rule() is 'Whether the caller may change their in-game name now; if not, the date the 30 days end or the running tournament.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.get_my_in_game_name_rule()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_changed timestamptz := private.in_game_name_changed_at(v_player);
  v_next timestamptz := v_changed + make_interval(days => private.in_game_name_change_days());
  v_running text := private.running_tournament_of(v_player, v_now);
begin
  return jsonb_build_object(
    'every_days', private.in_game_name_change_days(),
    'last_changed_at', v_changed,
    'next_change_at', case when v_next > v_now then v_next end,
    'running_tournament', v_running,
    'can_change', (v_next is null or v_next <= v_now) and v_running is null
                  and coalesce((select profile_completed from public.profiles where id = v_player), false));
end;
$function$;

comment on function public.change_my_in_game_name(text) is 'The caller renames themselves: once every 30 days, not while a tournament of theirs is in check-in or play; audited.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.change_my_in_game_name(p_in_game_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_name text := btrim(p_in_game_name);
  v_profile public.profiles%rowtype;
  v_changed timestamptz;
  v_running text;
begin
  select * into v_profile from public.profiles where id = v_player for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', hint = 'profile_not_found';
  end if;
  if not v_profile.profile_completed then
    raise exception 'Complete your profile first' using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if char_length(coalesce(v_name, '')) < 2 then
    raise exception 'In-Game Name is required' using errcode = 'PT400', hint = 'in_game_name_required';
  end if;
  if char_length(v_name) > 40 then
    raise exception 'In-Game Name must be at most 40 characters' using errcode = 'PT400', hint = 'in_game_name_too_long';
  end if;
  if not private.is_visible_name(v_name) then
    raise exception 'In-Game Name must contain visible letters, not only spaces or invisible characters'
      using errcode = 'PT400', hint = 'in_game_name_invisible';
  end if;
  if v_name = v_profile.in_game_name then
    raise exception 'That is already your in-game name' using errcode = 'PT400', hint = 'in_game_name_unchanged';
  end if;
  v_changed := private.in_game_name_changed_at(v_player);
  if v_changed is not null and v_changed + make_interval(days => private.in_game_name_change_days()) > v_now then
    raise exception 'You changed your in-game name on %; the next change is possible from %',
                    to_char(v_changed at time zone 'Asia/Kolkata', 'DD/MM/YYYY'),
                    to_char((v_changed + make_interval(days => private.in_game_name_change_days())) at time zone 'Asia/Kolkata', 'DD/MM/YYYY')
      using errcode = 'PT409', hint = 'in_game_name_changed_recently';
  end if;
  v_running := private.running_tournament_of(v_player, v_now);
  if v_running is not null then
    raise exception 'Your in-game name cannot change while % is under way', v_running
      using errcode = 'PT409', hint = 'in_game_name_in_running_tournament';
  end if;

  perform set_config('golazo.in_game_name_change_for', v_player::text, true);
  update public.profiles set in_game_name = v_name where id = v_player;
  perform set_config('golazo.in_game_name_change_for', '', true);
  perform private.audit(null, 'in_game_name_changed', v_profile.in_game_name || ' is now ' || v_name, null,
                        jsonb_build_object('in_game_name', v_profile.in_game_name),
                        jsonb_build_object('in_game_name', v_name), false, v_player);
  return jsonb_build_object('in_game_name', v_name,
                            'next_change_at', v_now + make_interval(days => private.in_game_name_change_days()));
end;
$function$;

-- -----------------------------------------------------------------------------------------------------
-- Date of birth and residence
-- -----------------------------------------------------------------------------------------------------

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.check_date_of_birth(p_date_of_birth date)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.age_on(p_date_of_birth date, p_today date)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select extract(year from age(p_today, p_date_of_birth))::integer $function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.profile_age(p_profile public.profiles)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when p_profile.date_of_birth is not null then private.age_on(p_profile.date_of_birth, private.today_in_india())
    else p_profile.age
  end
$function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.legal_min_player_age()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 13 $function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.legal_max_player_age()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 100 $function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.legal_paid_entry_age()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 18 $function$;

comment on function public.set_my_eligibility_details(date,boolean) is 'What a completed profile may still add, once each: a date of birth when none was asked, and residence in India.';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.set_my_eligibility_details(p_date_of_birth date DEFAULT NULL::date, p_lives_in_india boolean DEFAULT false)
 RETURNS public.profiles
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

-- -----------------------------------------------------------------------------------------------------
-- Parental consent
-- -----------------------------------------------------------------------------------------------------

comment on table private.parental_consents is 'Consents of a parent for a player of 13 to 17 (free tournaments only). The e-mailed link carries a token of which only the hash is kept; it is good once, for a limited time.';
create table private.parental_consents (
  id uuid default gen_random_uuid() not null,
  player_id uuid not null,
  parent_email text not null,
  token_sha256 bytea not null,
  requested_at timestamp with time zone not null,
  expires_at timestamp with time zone not null,
  confirmed_at timestamp with time zone,
  constraint parental_consents_pkey PRIMARY KEY (id),
  constraint parental_consents_token_unique UNIQUE (token_sha256),
  constraint parental_consents_player_id_fkey FOREIGN KEY (player_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint parental_consents_email_shape CHECK (((parent_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text) AND (char_length(parent_email) <= 254)))
);
CREATE INDEX parental_consents_player ON private.parental_consents USING btree (player_id, confirmed_at);
comment on column private.parental_consents.parent_email is 'personal: email. The parent who confirms a child''s account.';

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.parental_consent_lifetime()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '7 days' $function$;

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.has_parental_consent(p_user_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from private.parental_consents where player_id = p_user_id and confirmed_at is not null);
$function$;

comment on function public.request_parental_consent(text) is 'A player of 13 to 17 asks a parent for consent: e-mails the parent a one-time link (rate limited per day).';
-- Callable by: authenticated, service_role
CREATE OR REPLACE FUNCTION public.request_parental_consent(p_parent_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_player uuid := private.require_player();
  v_now timestamptz := private.clock_now();
  v_email text := lower(btrim(coalesce(p_parent_email, '')));
  v_profile public.profiles;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_consent_id uuid;
begin
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    raise exception 'Enter your parent''s e-mail address' using errcode = 'PT400', hint = 'parent_email_invalid';
  end if;
  select * into v_profile from public.profiles where id = v_player;
  if not found or not private.profile_is_complete(v_profile) then
    raise exception 'Complete your profile (eFootball user ID and date of birth included) to enter'
      using errcode = 'PT403', hint = 'profile_incomplete';
  end if;
  if private.profile_age(v_profile) >= private.legal_paid_entry_age() or private.has_parental_consent(v_player) then
    raise exception 'No parental consent is needed for your account' using errcode = 'PT409', hint = 'parental_consent_not_needed';
  end if;
  if v_email = lower(coalesce(v_profile.email, '')) then
    raise exception 'Enter your parent''s e-mail address, not your own' using errcode = 'PT400', hint = 'parent_email_invalid';
  end if;
  -- At most three requests a day: each one e-mails a stranger's address.
  if (select count(*) from private.parental_consents
       where player_id = v_player and requested_at > v_now - interval '1 day') >= 3 then
    raise exception 'Too many consent requests today. Try again tomorrow.' using errcode = 'PT429', hint = 'parental_consent_rate_limited';
  end if;

  insert into private.parental_consents (player_id, parent_email, token_sha256, requested_at, expires_at)
  values (v_player, v_email, sha256(convert_to(v_token, 'UTF8')), v_now, v_now + private.parental_consent_lifetime())
  returning id into v_consent_id;

  insert into private.outbox (kind, idempotency_key, payload)
  values ('parental_consent_email', 'parental_consent_' || v_consent_id::text,
          jsonb_build_object('to', v_email, 'token', v_token, 'player_name', v_profile.legal_name,
                             'in_game_name', v_profile.in_game_name, 'expires_at', v_now + private.parental_consent_lifetime()));

  return jsonb_build_object('parent_email', v_email, 'expires_at', v_now + private.parental_consent_lifetime());
end;
$function$;

comment on function public.confirm_parental_consent(text) is 'The parent opens the e-mailed link: records the consent. Callable without signing in; the token is the proof.';
-- Callable by: anon, authenticated, service_role
CREATE OR REPLACE FUNCTION public.confirm_parental_consent(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_now timestamptz := private.clock_now();
  v_consent private.parental_consents;
  v_name text;
begin
  select * into v_consent from private.parental_consents
   where token_sha256 = sha256(convert_to(coalesce(p_token, ''), 'UTF8'))
     for update;
  if not found then
    raise exception 'This consent link is not valid' using errcode = 'PT404', hint = 'consent_link_invalid';
  end if;
  if v_consent.confirmed_at is not null then
    raise exception 'This consent link has already been used' using errcode = 'PT409', hint = 'consent_link_used';
  end if;
  if v_consent.expires_at <= v_now then
    raise exception 'This consent link has expired: your child can send a new one' using errcode = 'PT409', hint = 'consent_link_expired';
  end if;
  update private.parental_consents set confirmed_at = v_now where id = v_consent.id;
  select in_game_name into v_name from public.profiles where id = v_consent.player_id;
  return jsonb_build_object('confirmed', true, 'in_game_name', v_name);
end;
$function$;

-- -----------------------------------------------------------------------------------------------------
-- Profile pictures
-- -----------------------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('profile-pictures', 'profile-pictures', true, 2097152, '{image/jpeg,image/png,image/webp}');

create policy "Players can see their own profile pictures" on storage.objects
  as permissive for select to authenticated
  using (((bucket_id = 'profile-pictures'::text) AND starts_with(name, ((( SELECT private.current_player_id() AS current_player_id))::text || '-'::text))));

create policy "Players can delete their own profile pictures" on storage.objects
  as permissive for delete to authenticated
  using (((bucket_id = 'profile-pictures'::text) AND starts_with(name, ((( SELECT private.current_player_id() AS current_player_id))::text || '-'::text))));

CREATE TRIGGER profile_pictures_within_quota BEFORE INSERT OR UPDATE OF name, metadata ON storage.objects FOR EACH ROW EXECUTE FUNCTION private.keep_profile_pictures_within_quota();

-- Callable by: none of the API roles (only its owner and the functions that call it)
CREATE OR REPLACE FUNCTION private.keep_profile_pictures_within_quota()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  owner_prefix text := substring(new.name from '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-');
  other_objects integer;
  other_bytes bigint;
begin
  if new.bucket_id <> 'profile-pictures' or owner_prefix is null then
    return new;
  end if;
  -- One player's uploads are counted one at a time.
  perform pg_advisory_xact_lock(hashtext('profile-pictures:' || owner_prefix));
  select count(*), coalesce(sum((metadata ->> 'size')::bigint), 0)
    into other_objects, other_bytes
    from storage.objects
   where bucket_id = 'profile-pictures' and starts_with(name, owner_prefix) and name <> new.name;
  if other_objects >= 3 then
    raise exception 'You already have 3 pictures stored. Remove one before uploading another.'
      using errcode = 'PT429', hint = 'profile_picture_quota';
  end if;
  if other_bytes + coalesce((new.metadata ->> 'size')::bigint, 0) > 6 * 1024 * 1024 then
    raise exception 'Your pictures may take up at most 6 MB. Remove one before uploading another.'
      using errcode = 'PT429', hint = 'profile_picture_quota';
  end if;
  return new;
end;
$function$;
