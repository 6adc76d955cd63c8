-- =====================================================================================================
-- Local demo data (applied by the local stack and `supabase db reset` only; never by a deploy)
-- =====================================================================================================
-- Accounts (password golazo-demo, local only; the public contract, docs/contract.md "Local accounts"):
--   demo1@golazo.test ... demo16@golazo.test  players with complete profiles, 18+, living in India,
--                                             in-game names demo1 ... demo16, no entries
--   referee@golazo.test, organiser@golazo.test, admin@golazo.test
--                                             staff with that role and a verified authenticator (TOTP)
--                                             whose secret is JBSWY3DPEHPK3PXP, so they reach aal2
-- Passwords are bcrypt hashes, the format GoTrue stores and checks, at a low cost (6, GoTrue uses 10):
-- the password is public anyway, and hashing at cost 10 takes seconds in the WebAssembly engine. Every demo
-- account shares one hash (one password, one salt): each hash costs milliseconds there, and the seed runs on
-- every new local database.
-- Profiles are created by the on_auth_user_created trigger, then completed here.
-- The tournaments table is filled by the catalog sync, not here: the catalog is its only source.
-- Demo rows are put in their state directly (paid payments, a drawn tournament): the seed says so, and the
-- declared state machines let it (every function it calls is still checked).
select set_config('golazo.acting', 'fixture', true);

create temporary table demo_password as
  select extensions.crypt('golazo-demo', extensions.gen_salt('bf', 6)) as hash;

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at
)
select '00000000-0000-0000-0000-000000000000', account.id, 'authenticated', 'authenticated', account.email,
       (select hash from demo_password), now(),
       '{"provider": "email", "providers": ["email"]}', '{}', false, now(), now()
  from (
    select ('d0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid as id, 'demo' || n || '@golazo.test' as email
      from generate_series(1, 16) as n
    union all
    values ('5a000000-0000-4000-8000-000000000001'::uuid, 'referee@golazo.test'),
           ('5a000000-0000-4000-8000-000000000002'::uuid, 'organiser@golazo.test'),
           ('5a000000-0000-4000-8000-000000000003'::uuid, 'admin@golazo.test')
  ) as account (id, email)
on conflict (id) do nothing;

-- Complete profiles: 25 years old, living in India, a game id as eFootball shows it.
update public.profiles p
   set legal_name = initcap(split_part(p.email, '@', 1)) || ' Player',
       in_game_name = split_part(p.email, '@', 1),
       game_user_id = 'GOLAZO-' || upper(split_part(p.email, '@', 1)),
       date_of_birth = (now() - interval '25 years')::date,
       lives_in_india_confirmed_at = now(),
       profile_completed = true
 where p.email like '%@golazo.test' and not p.profile_completed;

-- Staff: a verified authenticator each (TOTP secret JBSWY3DPEHPK3PXP) and their role.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
select gen_random_uuid(), u.id, 'Golazo staff', 'totp', 'verified', 'JBSWY3DPEHPK3PXP', now(), now()
  from auth.users u
 where u.email in ('referee@golazo.test', 'organiser@golazo.test', 'admin@golazo.test')
   and not exists (select 1 from auth.mfa_factors f where f.user_id = u.id);

insert into public.staff_roles (user_id, role)
select u.id, split_part(u.email, '@', 1)
  from auth.users u
 where u.email in ('referee@golazo.test', 'organiser@golazo.test', 'admin@golazo.test')
on conflict do nothing;

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

-- A free cup played as groups then a knockout (the public contract): 16 places, 4 groups of 4, the top 2 of each to
-- the quarter-finals, a third-place match. Open for entries when the stack starts; check-in opens within a day (tests
-- move the clock and call staff_close_check_in).
insert into public.tournaments (
  id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at, stages
)
values (
  'demo-groups-cup', 'Demo Groups Cup', 'championship', 'Groups then knockout', 0, 0, 16, 0, true,
  now() + interval '1 day 2 hours',
  '[{"kind": "groups", "name": "Groups", "group_size": 4, "advance": {"per_group": 2, "best_of_next": 0}},
    {"kind": "knockout", "name": "Knockout", "third_place": true}]'
)
on conflict (id) do nothing;

-- Two more free cups of the contract, open when the stack starts like the groups cup: a Swiss cup (8 places, 3 rounds)
-- and a double-elimination cup (8 places, the grand final reset when the losers' bracket winner wins the first).
insert into public.tournaments (
  id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live, starts_at, stages
)
values
  ('demo-swiss-cup', 'Demo Swiss Cup', 'championship', 'Swiss, 3 rounds', 0, 0, 8, 0, true,
   now() + interval '1 day 2 hours', '[{"kind": "swiss", "name": "Swiss", "rounds": 3}]'),
  ('demo-double-cup', 'Demo Double Cup', 'championship', 'Double elimination', 0, 0, 8, 0, true,
   now() + interval '1 day 2 hours', '[{"kind": "double_elimination", "name": "Double elimination"}]')
on conflict (id) do nothing;

-- A live tournament (/pod/?id=demo-live-cup): eight rival players (rival1 ... rival8@golazo.test, password golazo-demo; not the
-- contract's demo players, who start with no entries) paid, checked in and were drawn ten minutes ago,
-- so the bracket page, the live status and the audit trail can be seen on any day.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at
)
select '00000000-0000-0000-0000-000000000000', ('e0000000-0000-4000-8000-00000000000' || n)::uuid, 'authenticated',
       'authenticated', 'rival' || n || '@golazo.test', (select hash from demo_password), now(),
       '{"provider": "email", "providers": ["email"]}', '{}', false, now(), now()
  from generate_series(1, 8) as n
on conflict (id) do nothing;

drop table demo_password;

update public.profiles p
   set legal_name = initcap(split_part(p.email, '@', 1)) || ' Player',
       in_game_name = initcap(split_part(p.email, '@', 1)),
       game_user_id = 'GOLAZO-' || upper(split_part(p.email, '@', 1)),
       date_of_birth = (now() - interval '24 years')::date,
       lives_in_india_confirmed_at = now(),
       profile_completed = true
 where p.email like 'rival%@golazo.test' and not p.profile_completed;

insert into public.tournaments (
  id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live,
  registration_closes_at, check_in_opens_at, check_in_closes_at, starts_at
)
values (
  'demo-live-cup', 'Demo Live Cup', 'quick', 'Super 8', 10000, 80000, 8, 8, true,
  now() - interval '40 minutes', now() - interval '40 minutes', now() - interval '10 minutes', now() + interval '5 minutes'
)
on conflict (id) do nothing;

with paid as (
  insert into public.payments (user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status,
                               paid_at, created_at)
  select u.id, 'demo-live-cup', 'order_demo_live_' || right(u.id::text, 2), 'pay_demo_live_' || right(u.id::text, 2), 10000, 1,
         'paid', now() - interval '1 hour', now() - interval '1 hour'
    from auth.users u
   where u.email like 'rival%@golazo.test'
     and not exists (select 1 from public.payments p where p.tournament_id = 'demo-live-cup' and p.user_id = u.id)
  returning id, user_id
)
insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
select user_id, 'demo-live-cup', 1, id, now() - interval '1 hour' from paid;

update public.entries set checked_in_at = now() - interval '20 minutes'
 where tournament_id = 'demo-live-cup' and checked_in_at is null and status = 'active';

select private.run_draw('demo-live-cup', null)
 where not exists (select 1 from public.draws where tournament_id = 'demo-live-cup');

-- A finished tournament (/pod/?id=demo-finished-cup): four rivals played a Super 4 two days ago, every result confirmed, so standings,
-- a full bracket and players' stats can be seen on any day.
insert into public.tournaments (
  id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live,
  registration_closes_at, check_in_opens_at, check_in_closes_at, starts_at
)
values (
  'demo-finished-cup', 'Demo Finished Cup', 'quick', 'Super 4', 10000, 40000, 4, 4, true,
  now() - interval '2 days 1 hour', now() - interval '2 days 1 hour', now() - interval '2 days 15 minutes', now() - interval '2 days'
)
on conflict (id) do nothing;

with paid as (
  insert into public.payments (user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status,
                               paid_at, created_at)
  select u.id, 'demo-finished-cup', 'order_demo_done_' || right(u.id::text, 2), 'pay_demo_done_' || right(u.id::text, 2), 10000, 1,
         'paid', now() - interval '3 days', now() - interval '3 days'
    from auth.users u
   where u.email in ('rival1@golazo.test', 'rival2@golazo.test', 'rival3@golazo.test', 'rival4@golazo.test')
     and not exists (select 1 from public.payments p where p.tournament_id = 'demo-finished-cup' and p.user_id = u.id)
  returning id, user_id
)
insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
select user_id, 'demo-finished-cup', 1, id, now() - interval '3 days' from paid;

update public.entries set checked_in_at = now() - interval '2 days 30 minutes'
 where tournament_id = 'demo-finished-cup' and checked_in_at is null and status = 'active';

select private.run_draw('demo-finished-cup', null)
 where not exists (select 1 from public.draws where tournament_id = 'demo-finished-cup');

-- Every match won 2-1 by its top slot, round by round, as the players' agreeing reports would confirm it.
do $$
declare
  v_match public.matches%rowtype;
begin
  loop
    select * into v_match from public.matches
     where tournament_id = 'demo-finished-cup' and status = 'scheduled'
     order by round, position limit 1;
    exit when not found;
    perform private.confirm_result(v_match, v_match.entry_a, 2, 1, 'result_confirmed', 'Both players reported the same result', null, true);
  end loop;
end;
$$;

-- A season opener (/pod/?id=demo-season-opener): rival1, rival2, rival5 and rival6 played a Super 4 nine days ago, so the
-- leaderboard and the player pages (/leaderboard, /player/?id=...) show a rating from a completed week on any day. Played
-- like the finished cup above, then moved back nine days (a declared fixture: the timestamps, not the states, change).
insert into public.tournaments (
  id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots, is_live,
  registration_closes_at, check_in_opens_at, check_in_closes_at, starts_at
)
values (
  'demo-season-opener', 'Demo Season Opener', 'quick', 'Super 4', 10000, 40000, 4, 4, true,
  now() - interval '9 days 1 hour', now() - interval '9 days 1 hour', now() - interval '9 days 15 minutes', now() - interval '9 days'
)
on conflict (id) do nothing;

with paid as (
  insert into public.payments (user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status,
                               paid_at, created_at)
  select u.id, 'demo-season-opener', 'order_demo_open_' || right(u.id::text, 2), 'pay_demo_open_' || right(u.id::text, 2), 10000, 1,
         'paid', now() - interval '10 days', now() - interval '10 days'
    from auth.users u
   where u.email in ('rival1@golazo.test', 'rival2@golazo.test', 'rival5@golazo.test', 'rival6@golazo.test')
     and not exists (select 1 from public.payments p where p.tournament_id = 'demo-season-opener' and p.user_id = u.id)
  returning id, user_id
)
insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id, registered_at)
select user_id, 'demo-season-opener', 1, id, now() - interval '10 days' from paid;

update public.entries set checked_in_at = now() - interval '9 days 30 minutes'
 where tournament_id = 'demo-season-opener' and checked_in_at is null and status = 'active';

select private.run_draw('demo-season-opener', null)
 where not exists (select 1 from public.draws where tournament_id = 'demo-season-opener');

-- The semi-finals won 3-1 by the top slot, the final level 2-2 and won on penalties by the bottom slot.
do $$
declare
  v_match public.matches%rowtype;
begin
  loop
    select * into v_match from public.matches
     where tournament_id = 'demo-season-opener' and status = 'scheduled'
     order by round, position limit 1;
    exit when not found;
    if v_match.round = 1 then
      perform private.confirm_result(v_match, v_match.entry_a, 3, 1, 'result_confirmed', 'Both players reported the same result', null, true);
    else
      perform private.confirm_result(v_match, v_match.entry_b, 2, 2, 'result_confirmed', 'Both players reported the same result', null, true);
    end if;
  end loop;
  if exists (select 1 from public.tournaments where id = 'demo-season-opener' and finished_at > now() - interval '1 day') then
    perform set_config('golazo.acting', 'fixture', true);
    update public.matches set scheduled_at = scheduled_at - interval '9 days', confirmed_at = confirmed_at - interval '9 days'
     where tournament_id = 'demo-season-opener';
    update public.tournaments set drawn_at = drawn_at - interval '9 days', finished_at = finished_at - interval '9 days'
     where id = 'demo-season-opener';
    perform set_config('golazo.acting', '', true);
  end if;
end;
$$;

-- A demo deductor's TAN for the tax statements (a hosted project has none until the operator sets the company's).
update private.settings set value = '"BLRD00001G"' where key = 'deductor_tan';

-- Do now what the periodic job would do on its first tick (announce the demo draws, expire what is
-- due), so the demo data holds still until the clock passes its next deadline.
select private.run_due_work();
