-- =====================================================================================================
-- Private helpers
-- =====================================================================================================
-- A schema the API never exposes (PostgREST serves `public` only) for trigger functions and checks the
-- public functions share. Nobody but the owner can call into it.

create schema if not exists private;
-- Without USAGE on the schema no API role can name anything in it, whatever the functions' own grants.
revoke all on schema private from public;

-- -----------------------------------------------------------------------------------------------------
-- Row timestamps
-- -----------------------------------------------------------------------------------------------------
-- Keeps `updated_at` honest whichever path changes a row (functions, the catalog sync, support staff).
create function private.set_updated_at() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The signed-in player
-- -----------------------------------------------------------------------------------------------------
-- The caller's user id from the request's JWT, or an error PostgREST answers with 401 (anonymous) /
-- 403 when there is none: every "my ..." function starts with it.
create function private.require_player() returns uuid
  language plpgsql stable
  set search_path = ''
as $$
declare
  player_id uuid := auth.uid();
begin
  if player_id is null then
    raise exception 'Not logged in. Please sign in first.'
      using errcode = '42501', hint = 'Call this function with a signed-in player''s access token.';
  end if;
  return player_id;
end;
$$;
