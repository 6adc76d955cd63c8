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

-- -----------------------------------------------------------------------------------------------------
-- Demo tournaments, dated relative to the day the local database is created
-- -----------------------------------------------------------------------------------------------------
-- The catalog sync (on every start) adds the championship editions and opens one empty pod per active
-- quick series. This adds what the catalog cannot date relative to today: a tournament whose every place
-- is taken while registration is still open (status "full"), so the Full badge can be seen and tested.
insert into public.tournaments (
  id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live,
  registration_closes_at, starts_at
)
values (
  'demo-full-cup', 'Demo Full Cup', 'quick', 'Super 8', 10000, 80000, 8, 8, true,
  now() + interval '2 days', now() + interval '3 days'
)
on conflict (id) do nothing;
