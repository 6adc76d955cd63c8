-- Who may put rows in a state directly (a fixture) is one function of its own, so the local stack, whose test
-- fixtures write rows over REST as the service role, can widen it there (supabase/local/clock.sql) while a
-- hosted project keeps it to the roles that could switch the trigger off anyway.

create function private.may_write_fixtures(p_table oid)
returns boolean
language sql
stable
set search_path = ''
as $$
  -- The writing role is the session's SET ROLE (PostgREST always sets one), else its user: a superuser or a
  -- member of the table's owner.
  select r.rolsuper or pg_catalog.pg_has_role(r.oid, c.relowner, 'MEMBER')
    from pg_catalog.pg_roles r, pg_catalog.pg_class c
   where r.rolname = coalesce(nullif(current_setting('role'), 'none'), session_user) and c.oid = p_table;
$$;
comment on function private.may_write_fixtures(oid) is
  'Whether the writing role may put rows of a table in any state directly when it declares a fixture (golazo.acting = fixture): a superuser or the table''s owner. The local stack also lets its service role.';
revoke execute on function private.may_write_fixtures(oid) from public;

create or replace function private.keep_to_state_machines()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
-- It runs for every status change of the busiest tables (a payment race confirms a thousand payments a
-- second), so it does the least it can: the machine comes from the trigger's arguments (the machine, and
-- how its status is read: 'status', 'superseded_at', 'settled_at', or 'payments' and 'tournaments' for
-- the tables with several machines), one lookup per move, and the call stack only when a move names who
-- may make it, read with plain string functions.
declare
  v_insert boolean := tg_op = 'INSERT';
  v_machine text;
  v_from text;
  v_to text;
  v_old timestamptz;
  v_new timestamptz;
  v_allowed text[];
  v_context text;
  v_at integer;
  v_sql_at integer;
  v_actor text;
begin
  for i in 1 .. case tg_argv[1] when 'payments' then 2 when 'tournaments' then 4 else 1 end loop
    v_machine := tg_argv[0];
    case tg_argv[1]
      when 'status' then
        v_from := case when not v_insert then old.status end;
        v_to := new.status;
      when 'superseded_at' then
        v_from := case when v_insert then null when old.superseded_at is null then 'live' else 'superseded' end;
        v_to := case when new.superseded_at is null then 'live' else 'superseded' end;
      when 'settled_at' then
        v_from := case when v_insert then null when old.settled_at is null then 'open' else coalesce(old.outcome, 'settled') end;
        v_to := case when new.settled_at is null then 'open' else coalesce(new.outcome, 'settled') end;
      when 'payments' then
        if i = 1 then
          v_machine := 'payment';
          v_from := case when not v_insert then old.status end;
          v_to := new.status;
        else
          -- The refund machine: none, partial or full, from the refunded amount.
          v_machine := 'refund';
          v_from := case when v_insert then null when old.refunded_paise = 0 then 'none'
                         when old.refunded_paise < old.amount_paise then 'partial' else 'full' end;
          v_to := case when new.refunded_paise = 0 then 'none' when new.refunded_paise < new.amount_paise then 'partial' else 'full' end;
        end if;
      when 'tournaments' then
        -- Each milestone: unset or set; a set time changed to another is set -> moved, which no machine declares.
        v_machine := 'tournament.' || (array['drawn_at', 'finished_at', 'settled_at', 'cancelled_at'])[i];
        v_old := case when v_insert then null when i = 1 then old.drawn_at when i = 2 then old.finished_at
                      when i = 3 then old.settled_at else old.cancelled_at end;
        v_new := case i when 1 then new.drawn_at when 2 then new.finished_at when 3 then new.settled_at else new.cancelled_at end;
        continue when not v_insert and v_old is not distinct from v_new;
        v_from := case when v_insert then null when v_old is null then 'unset' else 'set' end;
        v_to := case when v_new is null then 'unset' when v_from = 'set' then 'moved' else 'set' end;
    end case;
    continue when v_from is not distinct from v_to;

    if v_from is null then
      select t.allowed_by into v_allowed
        from private.status_transitions t where t.machine = v_machine and t.from_status is null and t.to_status = v_to;
      -- A starting status any writer may use.
      continue when found and v_allowed is null;
    else
      select t.allowed_by into v_allowed
        from private.status_transitions t where t.machine = v_machine and t.from_status = v_from and t.to_status = v_to;
    end if;
    if not found then
      v_allowed := null;
    end if;

    if v_context is null then
      -- The first line is this function; the next function named is the one whose statement wrote the
      -- row: 'PL/pgSQL function schema.name(args) line n at ...' or 'SQL function "name" statement n'.
      -- A DO block (inline_code_block) is no function.
      get diagnostics v_context = pg_context;
      v_at := strpos(v_context, E'\nPL/pgSQL function ');
      v_sql_at := strpos(v_context, E'\nSQL function "');
      if v_at > 0 and (v_sql_at = 0 or v_at < v_sql_at) then
        v_actor := nullif(split_part(split_part(substr(v_context, v_at + 19), '(', 1), ' ', 1), 'inline_code_block');
      elsif v_sql_at > 0 then
        v_actor := split_part(substr(v_context, v_sql_at + 15), '"', 1);
      end if;
    end if;
    -- (Two statements: a condition with a subquery would run through the executor on every move.)
    continue when v_actor = any (v_allowed);
    if strpos(v_actor, '.') = 0 then
      -- An SQL function names itself without its schema.
      continue when v_actor = any (array(select split_part(a, '.', 2) from unnest(v_allowed) as a));
    end if;

    -- A fixture: a statement outside any function, by a role allowed to write fixtures (private.may_write_fixtures),
    -- that said so for its session or transaction.
    continue when v_actor is null and current_setting('golazo.acting', true) = 'fixture' and private.may_write_fixtures(tg_relid);

    if v_allowed is null then
      raise exception '%.%: % % -> % is not a declared move of the % machine (by %)',
            tg_table_schema, tg_table_name, v_machine, coalesce(v_from, '(new row)'), v_to, v_machine,
            coalesce(v_actor, 'a statement outside any function')
        using errcode = '09000',
              detail = 'Declare it in private.status_transitions, or change the status through a function that may.';
    end if;
    raise exception '%.%: % % -> % may only be made by %, not by %',
          tg_table_schema, tg_table_name, v_machine, coalesce(v_from, '(new row)'), v_to, array_to_string(v_allowed, ', '),
          coalesce(v_actor, 'a statement outside any function')
      using errcode = '09000',
            detail = 'Add the function to allowed_by of this move in private.status_transitions if it is meant to make it.';
  end loop;
  return new;
end;
$function$;

