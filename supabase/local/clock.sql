-- =====================================================================================================
-- The local stack's movable clock and due-work door (never on a hosted project)
-- =====================================================================================================
-- Applied after the migrations on every start. Replaces private.clock_now() (now() in the migrations) with
-- a clock the service role can freeze, so tests move time instead of waiting for it. Sign-in, tokens and
-- codes keep real time: only SQL that reads private.clock_now() sees the moved clock.
-- =====================================================================================================

create table if not exists private.local_clock (
  id boolean primary key default true constraint local_clock_one_row check (id),
  frozen_at timestamptz
);
insert into private.local_clock (id, frozen_at) values (true, null) on conflict (id) do nothing;
-- private.clock_now() keeps the owner the migrations gave it (replacing a function keeps its owner), and
-- runs as that owner: let it read the clock.
do $$
begin
  execute format('grant select on private.local_clock to %I',
                 (select pg_get_userbyid(proowner) from pg_proc where oid = 'private.clock_now()'::regprocedure));
end;
$$;

create or replace function private.clock_now() returns timestamptz
  language sql stable
  security definer
  set search_path = ''
as $$
  select coalesce((select frozen_at from private.local_clock where id), now());
$$;
revoke all on function private.clock_now() from public;

-- local_set_clock(p_now): freezes the database's clock at p_now; null returns to real time.
create or replace function public.local_set_clock(p_now timestamptz) returns timestamptz
  language sql
  security definer
  set search_path = ''
as $$
  update private.local_clock set frozen_at = p_now where id;
  select private.clock_now();
$$;

-- local_run_due_work(): the periodic function. Called through the stack's REST URL it also drains the
-- outbox through the local doubles before answering (supabase/local/due-work.ts).
create or replace function public.local_run_due_work() returns jsonb
  language sql
  security definer
  set search_path = ''
as $$
  select private.run_due_work();
$$;

-- local_fail_due_step(p_step): the named periodic step raises on its next run, once (tests of the isolation).
create table if not exists private.local_due_step_faults (step text primary key);
do $$
begin
  execute format('grant select, delete on private.local_due_step_faults to %I',
                 (select pg_get_userbyid(proowner) from pg_proc where oid = 'private.due_step_fault_requested(text)'::regprocedure));
end;
$$;

create or replace function private.due_step_fault_requested(p_step text) returns boolean
  language sql volatile
  set search_path = ''
as $$
  with used as (delete from private.local_due_step_faults where step = p_step returning 1)
  select exists (select 1 from used);
$$;

create or replace function public.local_fail_due_step(p_step text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if not exists (select 1 from private.due_work_steps where name = p_step) then
    raise exception 'No periodic step is called %', p_step using errcode = 'PT404', hint = 'due_work_step_not_found';
  end if;
  insert into private.local_due_step_faults (step) values (p_step) on conflict do nothing;
  return jsonb_build_object('step', p_step, 'fails_on_next_run', true);
end;
$$;
revoke all on function public.local_fail_due_step(text) from public, anon, authenticated;
grant execute on function public.local_fail_due_step(text) to service_role;

revoke all on function public.local_set_clock(timestamptz) from public, anon, authenticated;
revoke all on function public.local_run_due_work() from public, anon, authenticated;
grant execute on function public.local_set_clock(timestamptz) to service_role;
grant execute on function public.local_run_due_work() to service_role;

-- Fixtures over REST: the end-to-end and stack tests put rows in a state directly (a paid payment, a finished
-- pod) as the service role, with the header `x-golazo-fixture: 1` (the local REST service then declares the
-- fixture for that request). A hosted project keeps fixtures to a superuser or the table's owner.
create or replace function private.may_write_fixtures(p_table oid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('role'), 'none'), session_user) = 'service_role'
      or r.rolsuper or pg_catalog.pg_has_role(r.oid, c.relowner, 'MEMBER')
    from pg_catalog.pg_roles r, pg_catalog.pg_class c
   where r.rolname = coalesce(nullif(current_setting('role'), 'none'), session_user) and c.oid = p_table;
$$;
revoke execute on function private.may_write_fixtures(oid) from public;
