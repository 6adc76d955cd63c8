-- =====================================================================================================
-- The due-work registry: each area adds its periodic step without redefining the periodic function
-- =====================================================================================================
-- private.due_work_steps     one row per step: its name, its area, the function it calls (no argument,
--                            returns a jsonb object of counts) and its place in the pass.
-- private.register_due_work  adds a step; only migrations (the schema's owner) may. A name or a
--                            function is registered once.
-- private.run_due_work()     the one periodic function: runs every step in order in one transaction and
--                            returns their answers merged into one object (the keys callers read).
-- Steps keep their own rules: each reads the time from private.clock_now() and may run any number of
-- times (a second pass finds nothing left to do). A later step sees what an earlier one did, e.g. a
-- tournament drawn by `draws` is announced by `draw_announcements` in the same pass.
-- =====================================================================================================

create table private.due_work_steps (
  name text primary key
    constraint due_work_steps_name_format check (name ~ '^[a-z][a-z0-9_]*$'),
  -- The area whose schema file (supabase/schema/<area>.sql) and feature folder own the step.
  area text not null
    constraint due_work_steps_area_known check (area in ('foundation', 'auth', 'profile', 'tournaments', 'payments',
                                                         'brackets', 'matches', 'standings', 'payouts',
                                                         'notifications', 'staff')),
  function_name text not null
    constraint due_work_steps_one_step_per_function unique
    constraint due_work_steps_function_qualified check (function_name ~ '^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$'),
  run_order integer not null
    constraint due_work_steps_one_step_per_place unique
);

revoke all on table private.due_work_steps from public, anon, authenticated;

create function private.register_due_work(p_name text, p_area text, p_function text, p_run_order integer) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  v_function regprocedure := to_regprocedure(p_function || '()');
begin
  if exists (select 1 from private.due_work_steps where name = p_name) then
    raise exception 'The due-work step % is already registered', p_name using errcode = '23505';
  end if;
  if exists (select 1 from private.due_work_steps where function_name = p_function) then
    raise exception 'The function % is already the due-work step of another name', p_function using errcode = '23505';
  end if;
  if v_function is null or v_function = 'private.run_due_work()'::regprocedure
     or (select prorettype from pg_catalog.pg_proc where oid = v_function) <> 'jsonb'::regtype then
    raise exception 'A due-work step calls a function taking no argument and returning jsonb: % is not one', p_function
      using errcode = '22023';
  end if;
  insert into private.due_work_steps (name, area, function_name, run_order)
  values (p_name, p_area, p_function, p_run_order);
end;
$$;

create or replace function private.run_due_work() returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_step private.due_work_steps%rowtype;
  v_function regprocedure;
  v_answer jsonb;
  v_result jsonb := '{}'::jsonb;
begin
  for v_step in select * from private.due_work_steps order by run_order loop
    v_function := to_regprocedure(v_step.function_name || '()');
    if v_function is null then
      raise exception 'The due-work step % calls %, which no longer exists', v_step.name, v_step.function_name;
    end if;
    -- regprocedure prints the function schema-qualified and quoted: nothing else reaches the statement.
    execute 'select ' || v_function::text into v_answer;
    v_result := v_result || coalesce(v_answer, '{}'::jsonb);
  end loop;
  return v_result;
end;
$$;

-- The draw announcements were a call inside the periodic function; as a step they answer as the others do.
create function private.run_due_draw_announcements() returns jsonb
  language sql
  set search_path = ''
as $$
  select jsonb_build_object('draws_announced', private.announce_draws(private.clock_now()));
$$;

revoke all on function private.register_due_work(text, text, text, integer) from public;
revoke all on function private.run_due_work() from public;
revoke all on function private.run_due_draw_announcements() from public;

-- Today's steps, in the order the periodic function ran them. Places leave room for steps in between.
select private.register_due_work('expired_orders_and_owed_refunds', 'payments', 'private.run_due_payment_work', 100);
select private.register_due_work('pod_deadlines_and_open_pods', 'tournaments', 'private.run_due_pod_work', 200);
select private.register_due_work('check_in_announcements', 'notifications', 'private.run_due_notification_work', 300);
select private.register_due_work('draws', 'brackets', 'private.run_due_draw_work', 400);
select private.register_due_work('match_deadlines', 'matches', 'private.run_due_match_work', 500);
select private.register_due_work('draw_announcements', 'brackets', 'private.run_due_draw_announcements', 600);
select private.register_due_work('prizes_tax_and_payout_checks', 'payouts', 'private.run_due_money_work', 700);
select private.register_due_work('provider_reconciliation', 'payouts', 'private.run_due_reconciliation_work', 800);
