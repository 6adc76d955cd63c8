-- =====================================================================================================
-- The local Auth server's own state, beside auth.users (which shim.sql creates).
--
-- GoTrue keeps sessions, refresh tokens, one-time codes and MFA factors in the auth schema; the local
-- Auth server keeps them here with the same table names and the columns it needs, so SQL written
-- against Supabase ("delete from auth.sessions where user_id = ...") behaves the same locally.
-- Applied by the stack on every start, after the migrations: everything is idempotent.
-- The API roles get no privilege on any of it, as on hosted Supabase.
-- =====================================================================================================

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- aal1 after a first factor, aal2 once a verified TOTP factor has been used in this session.
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  factor_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  not_after timestamptz
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- How the session's user proved who they are (access tokens carry these as the `amr` claim).
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

-- Rotated on every refresh: a token is used once; its child is handed out again only inside the
-- short reuse window (two tabs refreshing at once), otherwise reuse revokes the whole session.
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- Email one-time codes, one row per user and kind (confirmation_token for a sign-up, recovery_token for a
-- sign-in, as GoTrue names them): only a hash is stored, emptied once the code is used or has had too
-- many wrong guesses; created_at is the last send, which the resend limit counts from.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null default 'confirmation_token',
  token_hash text not null,
  relates_to text not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp')),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_challenged_at timestamptz
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text
);

alter table auth.sessions enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.one_time_tokens enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
revoke all on auth.sessions, auth.mfa_amr_claims, auth.refresh_tokens, auth.one_time_tokens,
  auth.mfa_factors, auth.mfa_challenges from public, anon, authenticated;
revoke all on sequence auth.refresh_tokens_id_seq from public, anon, authenticated;
-- The migrations' role reads factors, as hosted `postgres` can: the database refuses players who skipped
-- their second step (private.second_step_missing). The seed gives the demo staff their authenticator.
grant select, insert on auth.mfa_factors to supabase_migrator;
