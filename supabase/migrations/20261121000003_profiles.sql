-- =====================================================================================================
-- Profiles: one per player, the details Auth does not keep
-- =====================================================================================================
-- Created by a trigger when Auth creates the user, completed once by the player through
-- public.update_my_profile(), then locked. The rules of the profile form hold here too.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  legal_name text
    constraint profiles_legal_name_length check (char_length(btrim(legal_name)) between 2 and 100),
  in_game_name text
    constraint profiles_in_game_name_length check (char_length(btrim(in_game_name)) between 2 and 40),
  age integer
    constraint profiles_age_range check (age between 13 and 100),
  -- eFootball shows the user ID as 13 letters and digits in groups (e.g. ABCD-123-456-789);
  -- it is stored without separators, upper-case.
  game_user_id text
    constraint profiles_game_user_id_format check (game_user_id ~ '^[A-Z0-9]{13}$'),
  profile_completed boolean not null default false,
  profile_image_url text
    constraint profiles_image_url_length check (char_length(profile_image_url) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_completed_means_filled_in check (
    not profile_completed
    or (legal_name is not null and in_game_name is not null and age is not null and game_user_id is not null)
  )
);

comment on table public.profiles is
  'One row per auth user, created by trigger. Changed only through update_my_profile(); locked once completed.';

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- -----------------------------------------------------------------------------------------------------
-- A profile for every new user
-- -----------------------------------------------------------------------------------------------------
create function private.create_profile_for_new_user() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.profiles (id, email) values (new.id, new.email)
  on conflict (id) do nothing;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

-- A changed sign-in email shows on the profile too.
create function private.copy_email_to_profile() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.copy_email_to_profile();

-- -----------------------------------------------------------------------------------------------------
-- Locked once completed
-- -----------------------------------------------------------------------------------------------------
-- A player's request carries the anon or authenticated role claim. Such requests can never change a
-- completed profile, whichever function they go through; support staff (service role, or a direct
-- database session without claims) still can, e.g. to correct a legal name on request.
create function private.keep_completed_profile_locked() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if old.profile_completed and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    raise exception 'Profile is completed and locked'
      using errcode = '42501', hint = 'Contact support to change a completed profile.';
  end if;
  return new;
end;
$$;

create trigger profiles_keep_completed_locked
  before update on public.profiles
  for each row execute function private.keep_completed_profile_locked();

-- -----------------------------------------------------------------------------------------------------
-- Security
-- -----------------------------------------------------------------------------------------------------
alter table public.profiles enable row level security;

-- Reads only (Realtime needs SELECT to deliver a player's own UPDATE events); changes go through
-- update_my_profile().
revoke all on public.profiles from anon;
revoke insert, update, delete, truncate, references, trigger on public.profiles from authenticated;

create policy "Players can read their own profile"
  on public.profiles for select
  to authenticated
  using ((select auth.uid()) = id);

-- -----------------------------------------------------------------------------------------------------
-- Realtime: the profile page updates live when the row changes
-- -----------------------------------------------------------------------------------------------------
alter publication supabase_realtime add table public.profiles;
