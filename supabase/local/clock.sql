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
-- Whether the stack's timer leaves the periodic function alone while the clock is held (local_set_clock's
-- p_pause_timer): the project's own tests share one stack, and a run at one test's held time would judge every
-- other test's pods and matches at a moment they never reach.
alter table private.local_clock add column if not exists timer_paused boolean not null default false;
-- private.clock_now() keeps the owner the migrations gave it (replacing a function keeps its owner), and
-- runs as that owner: let it read the clock.
do $$
begin
  execute format('grant select on private.local_clock to %I',
                 (select pg_get_userbyid(proowner) from pg_proc where oid = 'private.clock_now()'::regprocedure));
end;
$$;

-- PL/pgSQL, as the hosted one is: its query is planned once per session. A SQL function that cannot be inlined (it
-- is security definer) is parsed and planned again in every statement that calls it, some 20 µs a call where the
-- hosted clock costs 2, and the periodic function calls the clock a hundred times and more a run.
create or replace function private.clock_now() returns timestamptz
  language plpgsql stable
  security definer
  set search_path = ''
as $$
begin
  return coalesce((select frozen_at from private.local_clock where id), now());
end;
$$;
revoke all on function private.clock_now() from public;

-- local_set_clock(p_now, p_pause_timer): freezes the database's clock at p_now; null returns to real time (and
-- the timer to its runs). With p_pause_timer the stack's timer runs no periodic work until then: the caller runs
-- what it needs itself (local_run_due_work, local_run_due_step).
drop function if exists public.local_set_clock(timestamptz);
create or replace function public.local_set_clock(p_now timestamptz, p_pause_timer boolean default false) returns timestamptz
  language sql
  security definer
  set search_path = ''
as $$
  update private.local_clock set frozen_at = p_now, timer_paused = p_now is not null and coalesce(p_pause_timer, false) where id;
  select private.clock_now();
$$;

-- local_run_due_work(): the periodic function with every step, the housekeeping ones too (a hosted run, and the
-- stack's timer, leave a step of every_minutes > 1 for that many minutes): a test that moved the clock sees every
-- deadline acted on. Called through the stack's REST URL it also drains the outbox through the local doubles before
-- answering (supabase/local/due-work.ts).
create or replace function public.local_run_due_work() returns jsonb
  language sql
  security definer
  set search_path = ''
as $$
  select private.run_due_steps(true);
$$;

-- local_run_due_step(p_step): one periodic step alone, as run_due_work runs it (a run number of its own, the step's
-- health recorded). A test that holds the clock far ahead (an erasure after its grace period) runs only the step it
-- is about, so nothing else in the database is judged at a moment it never reaches.
create or replace function public.local_run_due_step(p_step text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_function regprocedure := (select to_regprocedure(function_name || '()') from private.due_work_steps where name = p_step);
  v_run bigint;
  v_answer jsonb;
begin
  if v_function is null then
    raise exception 'No periodic step is called %', p_step using errcode = 'PT404', hint = 'due_work_step_not_found';
  end if;
  v_run := nextval('private.due_work_run');
  perform set_config('golazo.due_run', v_run::text, true);
  perform set_config('golazo.due_step', p_step, true);
  execute 'select ' || v_function::text into v_answer;
  perform private.due_step_ran(p_step, v_run, null);
  perform set_config('golazo.due_step', '', true);
  perform set_config('golazo.due_run', '', true);
  return coalesce(v_answer, '{}'::jsonb);
end;
$$;
revoke all on function public.local_run_due_step(text) from public, anon, authenticated;
grant execute on function public.local_run_due_step(text) to service_role;

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

revoke all on function public.local_set_clock(timestamptz, boolean) from public, anon, authenticated;
revoke all on function public.local_run_due_work() from public, anon, authenticated;
grant execute on function public.local_set_clock(timestamptz, boolean) to service_role;
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
