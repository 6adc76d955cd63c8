-- =====================================================================================================
-- Two-step sign-in, enforced by the database
-- =====================================================================================================
-- A player who enrolled an authenticator app is signed in only once the second step is done: their
-- access token then carries `aal: aal2`. Until then (`aal1`, e-mail step only) every "my ..." function
-- refuses them and row-level security shows them nothing, whatever the browser does. Players without a
-- verified factor are signed in at `aal1`, as before.

-- -----------------------------------------------------------------------------------------------------
-- Is the caller's second step missing?
-- -----------------------------------------------------------------------------------------------------
-- auth.mfa_factors belongs to Auth. Read through dynamic SQL so this function does not depend on the
-- table at creation time (the local stack's Auth server creates it after the migrations); while it does
-- not exist, no player can have enrolled a factor.
create function private.second_step_missing(player_id uuid) returns boolean
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  has_verified_factor boolean;
begin
  if coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' then
    return false;
  end if;
  if to_regclass('auth.mfa_factors') is null then
    return false;
  end if;
  execute 'select exists (select 1 from auth.mfa_factors where user_id = $1 and status::text = ''verified'')'
    into has_verified_factor
    using player_id;
  return has_verified_factor;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- private.current_player_id(): the signed-in player for row-level security
-- -----------------------------------------------------------------------------------------------------
-- The caller's user id when they are fully signed in, otherwise null (so `id = current_player_id()`
-- matches no row). Policies call it as `(select private.current_player_id())`: once per statement.
create function private.current_player_id() returns uuid
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  player_id uuid := auth.uid();
begin
  if player_id is null or private.second_step_missing(player_id) then
    return null;
  end if;
  return player_id;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- private.require_player(): the signed-in player for functions, or a clear refusal
-- -----------------------------------------------------------------------------------------------------
-- PostgREST answers PT401 with 401 and PT403 with 403; the hints are stable codes the site maps to text.
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
  if private.second_step_missing(player_id) then
    raise exception 'Enter the code from your authenticator app to finish signing in.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  return player_id;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Who may call into `private`
-- -----------------------------------------------------------------------------------------------------
-- Row-level security runs as the caller, so the API roles need to reach current_player_id(); nothing
-- else in the schema is executable by them (PostgREST never exposes this schema either way). Functions
-- added to `private` later revoke their own default PUBLIC execute.
revoke execute on all functions in schema private from public;
grant usage on schema private to anon, authenticated;
grant execute on function private.current_player_id() to anon, authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Row-level security: fully signed-in players only
-- -----------------------------------------------------------------------------------------------------
drop policy "Players can read their own profile" on public.profiles;
create policy "Players can read their own profile"
  on public.profiles for select
  to authenticated
  using ((select private.current_player_id()) = id);

drop policy "Players can read their own registrations" on public.tournament_registrations;
create policy "Players can read their own registrations"
  on public.tournament_registrations for select
  to authenticated
  using ((select private.current_player_id()) = user_id);

drop policy "Players can upload their own profile pictures" on storage.objects;
create policy "Players can upload their own profile pictures"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'profile-pictures'
    and starts_with(name, (select private.current_player_id())::text || '-')
    and position('/' in name) = 0
  );

drop policy "Players can replace their own profile pictures" on storage.objects;
create policy "Players can replace their own profile pictures"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'profile-pictures' and starts_with(name, (select private.current_player_id())::text || '-'))
  with check (
    bucket_id = 'profile-pictures'
    and starts_with(name, (select private.current_player_id())::text || '-')
    and position('/' in name) = 0
  );

drop policy "Players can delete their own profile pictures" on storage.objects;
create policy "Players can delete their own profile pictures"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'profile-pictures' and starts_with(name, (select private.current_player_id())::text || '-'));
