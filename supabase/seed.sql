-- =====================================================================================================
-- Local demo data (applied by the local stack and `supabase db reset` only; never by a deploy)
-- =====================================================================================================
-- Two demo players who sign in with a password:
--   demo1@golazo.test / golazo-demo
--   demo2@golazo.test / golazo-demo
-- Passwords are bcrypt hashes, the format GoTrue stores and checks, at a low cost (6, GoTrue uses 10):
-- the password is public anyway, and hashing at cost 10 takes seconds in the WebAssembly engine.
-- Their profiles are created by the on_auth_user_created trigger, incomplete, so the profile form can
-- be tried with either.
-- The tournaments table is filled by the catalog sync, not here: the catalog is its only source.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at
)
values
  (
    '00000000-0000-0000-0000-000000000000',
    'd0000000-0000-4000-8000-000000000001',
    'authenticated', 'authenticated', 'demo1@golazo.test',
    extensions.crypt('golazo-demo', extensions.gen_salt('bf', 6)),
    now(),
    '{"provider": "email", "providers": ["email"]}', '{}', false, now(), now()
  ),
  (
    '00000000-0000-0000-0000-000000000000',
    'd0000000-0000-4000-8000-000000000002',
    'authenticated', 'authenticated', 'demo2@golazo.test',
    extensions.crypt('golazo-demo', extensions.gen_salt('bf', 6)),
    now(),
    '{"provider": "email", "providers": ["email"]}', '{}', false, now(), now()
  )
on conflict (id) do nothing;
