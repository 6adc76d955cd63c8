-- =====================================================================================================
-- auth: who is calling: the signed-in player and the second sign-in step
-- =====================================================================================================
-- The source of this area of the database. Edit it, then `npm run migration:new <name>` writes the migration
-- from the difference (scripts/migration-new.ts). Statements may name objects declared further down or in
-- another area file: the files are applied as a whole. Rule rows are idempotent upserts.
-- =====================================================================================================

-- =====================================================================================================
-- Rules: the rule rows, and the private functions and triggers that apply them
-- =====================================================================================================

-- The signed-in player --------------------------------------------------------------------------------

comment on function private.current_player_id() is 'The caller''s user id when fully signed in (the second step done if they enrolled an authenticator app), else null. Row-level security calls it as (select private.current_player_id()).';
CREATE OR REPLACE FUNCTION private.current_player_id()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  player_id uuid := auth.uid();
begin
  if player_id is null or private.second_step_missing(player_id) or private.is_erased(player_id) then
    return null;
  end if;
  return player_id;
end;
$function$;

comment on function private.require_player() is 'The caller''s user id, or an error: PT401 when signed out, PT403 when the second sign-in step is missing. Every "my ..." function starts with it.';
CREATE OR REPLACE FUNCTION private.require_player()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;

-- Is the caller's second step missing?
-- auth.mfa_factors belongs to Auth. Read through dynamic SQL so this function does not depend on the
-- table at creation time (the local stack's Auth server creates it after the migrations); while it does
-- not exist, no player can have enrolled a factor.
CREATE OR REPLACE FUNCTION private.second_step_missing(player_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

-- =====================================================================================================
-- Policies and grants: who may read, write and call
-- =====================================================================================================

-- The signed-in player --------------------------------------------------------------------------------

grant execute on function private.current_player_id() to anon;
grant execute on function private.current_player_id() to authenticated;
revoke all on function private.current_player_id() from public;

revoke all on function private.require_player() from public;

revoke all on function private.second_step_missing(uuid) from public;

-- Erased accounts -------------------------------------------------------------------------------------

comment on function private.is_erased(uuid) is 'Whether the account was erased (its profile stays as a pseudonymous subject).';
CREATE OR REPLACE FUNCTION private.is_erased(p_user uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.profiles where id = p_user and erased_at is not null);
$function$;

-- Erased accounts -------------------------------------------------------------------------------------

revoke all on function private.is_erased(uuid) from public;
