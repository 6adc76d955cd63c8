-- =====================================================================================================
-- Supabase compatibility shim for the embedded local database
-- =====================================================================================================
-- Makes a bare Postgres (PGlite, or a throw-away PostgreSQL cluster in the tests) look like a fresh
-- Supabase database before `supabase/migrations` run: the API roles, the `auth` and `storage` schemas
-- with the parts of GoTrue's and Storage's tables the product relies on, the `supabase_realtime`
-- publication and Supabase's default grants.
--
-- It is applied by the engine's superuser and written to be idempotent: it runs on every start, so an
-- existing local database picks up additions without being wiped.
--
-- Migrations are NOT applied as superuser. On hosted Supabase they run as `postgres`, which is not a
-- superuser. PGlite's bootstrap superuser is itself named `postgres` and cannot be renamed or demoted,
-- so the hosted `postgres` role is played here by `supabase_migrator`, created below with the same
-- attributes (NOSUPERUSER, CREATEROLE, CREATEDB, BYPASSRLS) and the same grants. Superuser-only SQL in a
-- migration (ALTER SYSTEM, untrusted extensions, CREATE ROLE ... SUPERUSER) therefore fails locally just
-- as it fails on `supabase db push`.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Roles
-- -----------------------------------------------------------------------------------------------------
-- Attributes follow hosted Supabase. PostgREST logs in as `authenticator` and switches to anon,
-- authenticated or service_role per request; none of those three can log in by themselves.
do $roles$
declare
  wanted record;
begin
  for wanted in
    select * from (values
      ('anon',                    'nologin noinherit'),
      ('authenticated',           'nologin noinherit'),
      ('service_role',            'nologin noinherit bypassrls'),
      ('authenticator',           'login noinherit'),
      ('supabase_auth_admin',     'login noinherit createrole'),
      ('supabase_storage_admin',  'login noinherit createrole'),
      ('supabase_realtime_admin', 'nologin noinherit'),
      ('dashboard_user',          'nologin createrole createdb replication'),
      ('supabase_migrator',       'login nosuperuser createrole createdb replication bypassrls')
    ) as r(name, attributes)
  loop
    if not exists (select 1 from pg_catalog.pg_roles where rolname = wanted.name) then
      execute format('create role %I %s', wanted.name, wanted.attributes);
    end if;
  end loop;
  -- Hosted Supabase's own superuser. Nothing in the product logs in as it; it exists so SQL that names
  -- it (ownership, grants) behaves as it would there.
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin superuser createrole createdb replication bypassrls nologin;
  end if;
end
$roles$;

grant anon, authenticated, service_role to authenticator;
-- Like `postgres` on Supabase, the migrator may create schemas and publications in the database.
do $database$
begin
  execute format('grant create, temporary on database %I to supabase_migrator', current_database());
end
$database$;
-- The hosted `postgres` role may act as the API roles (to test policies with `set role`) ...
grant anon, authenticated, service_role to supabase_migrator;
-- ... and create policies on storage.objects, which Storage owns.
grant supabase_storage_admin to supabase_migrator;

-- -----------------------------------------------------------------------------------------------------
-- Extensions
-- -----------------------------------------------------------------------------------------------------
-- Supabase installs extensions into their own schema, on everyone's search path through the API.
create schema if not exists extensions;
grant usage on schema extensions to public;
grant all on schema extensions to supabase_migrator with grant option;
create extension if not exists pgcrypto with schema extensions;

-- -----------------------------------------------------------------------------------------------------
-- The public schema and Supabase's default grants
-- -----------------------------------------------------------------------------------------------------
-- On Supabase every table, function and sequence the `postgres` role creates in `public` is granted
-- to anon, authenticated and service_role by default privileges. Row-level security and explicit
-- REVOKEs in the migrations are what keep data private, so the same defaults apply here: a migration
-- that forgets to revoke a write privilege leaves it open locally exactly as it would in production.
grant usage, create on schema public to supabase_migrator with grant option;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role supabase_migrator in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role supabase_migrator in schema public
  grant all on sequences to anon, authenticated, service_role;
alter default privileges for role supabase_migrator in schema public
  grant all on functions to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- auth: the users table and the helpers policies call
-- -----------------------------------------------------------------------------------------------------
-- Only the columns of GoTrue's auth.users that the product and the local stack use. GoTrue's internal
-- tables (sessions, refresh tokens, factors, one-time codes) belong to the local Auth server.
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to anon, authenticated, service_role, supabase_migrator, dashboard_user;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (email_confirmed_at) stored,
  phone text unique,
  phone_confirmed_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_sign_in_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz
);
alter table auth.users owner to supabase_auth_admin;
alter table auth.users enable row level security;
-- The hosted `postgres` role has every privilege on auth.users (TRIGGER included: that is how a
-- migration attaches "create a profile for each new user"); the API roles have none.
grant all on auth.users to supabase_migrator, dashboard_user;
revoke all on auth.users from anon, authenticated;

-- The request's claims, as PostgREST and Realtime set them: the JSON of the whole token in
-- `request.jwt.claims`, and single claims in `request.jwt.claim.<name>` for older callers.
create or replace function auth.jwt() returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  )::uuid
$$;

create or replace function auth.role() returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )::text
$$;

create or replace function auth.email() returns text
  language sql stable
  set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )::text
$$;

alter function auth.jwt() owner to supabase_auth_admin;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to public, anon, authenticated, service_role, supabase_migrator;

-- -----------------------------------------------------------------------------------------------------
-- storage: buckets, objects and the path helpers policies use
-- -----------------------------------------------------------------------------------------------------
create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to anon, authenticated, service_role, supabase_migrator, dashboard_user;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
-- Storage enforces access with row-level security on both tables; with no policy nobody but
-- service_role (which bypasses RLS) sees a row. Migrations add the policies per bucket.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects
  to anon, authenticated, service_role, supabase_migrator, dashboard_user;

-- 'avatars/2026/me.png' -> {avatars,2026}
create or replace function storage.foldername(name text) returns text[]
  language sql immutable
  set search_path = ''
as $$
  select (string_to_array(name, '/'))[1 : greatest(cardinality(string_to_array(name, '/')) - 1, 0)]
$$;

-- 'avatars/2026/me.png' -> 'me.png'
create or replace function storage.filename(name text) returns text
  language sql immutable
  set search_path = ''
as $$
  select (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
$$;

-- 'avatars/me.tar.gz' -> 'gz'; '' when the file name has no dot.
create or replace function storage.extension(name text) returns text
  language sql immutable
  set search_path = ''
as $$
  select case
    when storage.filename(name) like '%.%' then reverse(split_part(reverse(storage.filename(name)), '.', 1))
    else ''
  end
$$;

alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to public, anon, authenticated, service_role, supabase_migrator;

-- -----------------------------------------------------------------------------------------------------
-- Realtime: the publication postgres_changes are read from
-- -----------------------------------------------------------------------------------------------------
-- PGlite (like PostgreSQL) supports CREATE PUBLICATION as catalog data: there is no logical replication
-- slot to stream from, but `pg_publication_tables` still records which tables a migration published.
-- So the real publication is created and migrations keep the statement they use on Supabase
-- (`alter publication supabase_realtime add table ...`); the local Realtime server reads
-- pg_publication_tables to decide which tables' changes it may broadcast.
-- The owner is the migrator, as hosted Supabase lets `postgres` add tables to it.
do $publication$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$publication$;
alter publication supabase_realtime owner to supabase_migrator;

-- -----------------------------------------------------------------------------------------------------
-- Vault: the one way a secret reaches SQL (vault.decrypted_secrets by name)
-- -----------------------------------------------------------------------------------------------------
-- A hosted project (and `supabase start`) has Supabase Vault; its secrets are encrypted with a key kept
-- outside the database. Locally the view below stands in for it: it answers the PAN encryption key the
-- local stack read from .data/pan-encryption.key and set for its session (golazo.local_pan_encryption_key),
-- so the key is in no table and in no dump of the database. Only the migrations' role reads it.
create schema if not exists vault;
do $vault$
begin
  if to_regclass('vault.secrets') is null then
    create or replace view vault.decrypted_secrets as
      select 'pan_encryption_key'::text as name,
             nullif(current_setting('golazo.local_pan_encryption_key', true), '') as decrypted_secret;
    revoke all on vault.decrypted_secrets from public, anon, authenticated, service_role;
    grant usage on schema vault to supabase_migrator;
    grant select on vault.decrypted_secrets to supabase_migrator;
  end if;
end
$vault$;
