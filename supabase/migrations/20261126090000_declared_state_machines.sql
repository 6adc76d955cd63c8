-- =====================================================================================================
-- One declared state machine per stateful thing
-- =====================================================================================================
-- Statuses were moved by some two dozen `update ... set status` statements spread over the functions of
-- six areas, each with its own idea of where a row may go next. Every move is now a row of one table,
-- private.status_transitions (machine, from, to, the functions allowed to make it), and a trigger on each
-- table that holds a status checks every change against it:
--
--   entry                  public.entries.status
--   registration           public.tournament_registrations.status
--   match                  public.matches.status
--   report                 private.match_reports: live, or superseded (superseded_at set)
--   dispute                public.match_disputes: open, or its outcome once settled (settled_at set)
--   payment                public.payments.status
--   refund                 public.payments.refunded_paise: none, partial, or full (the whole amount)
--   kyc                    public.kyc_records.status
--   payout                 public.payouts.status
--   prize_award            private.prize_awards.status
--   tournament.drawn_at    \
--   tournament.finished_at  | a tournament's status is computed (private.tournament_status); its machines
--   tournament.settled_at   | govern the milestone columns it is computed from: unset or set, set once
--   tournament.cancelled_at/  and never changed, unset only where declared
--
-- The acting function is read from the call stack (GET DIAGNOSTICS ... PG_CONTEXT): the innermost
-- function whose statement changed the row. Nothing can claim to be another function, and the functions
-- that move statuses need no change. A move that is not declared, or made by a function not named for it,
-- or by a statement run outside any function (the service role over REST, a superuser's session) fails
-- with SQLSTATE 09000 (triggered action exception: a programming error, not a client's; PostgREST
-- answers 500) naming the table, the machine, both statuses and the actor.
--
-- The one way around it: test fixtures and the local demo seed put rows in a state directly. A session
-- of a superuser or of the table's owner (roles that could switch the trigger off anyway) that sets
-- golazo.acting to 'fixture' may write any status with a statement run outside a function; every
-- function it calls is still checked.
--
-- To add a move: insert its row (or add a function to the allowed_by of an existing one) in a new
-- migration. The TypeScript module supabase/functions/_shared/state-machines.generated.ts is written from
-- this table by `npm run schema`; supabase/tests/foundation-state-machines.test.ts checks that every
-- function that updates a governed column is named in the table, and that the module is current.
-- =====================================================================================================

create table private.status_transitions (
  id integer generated always as identity primary key,
  machine text not null,
  from_status text,
  to_status text not null,
  allowed_by text[],
  constraint status_transitions_one_row_per_move unique nulls not distinct (machine, from_status, to_status),
  constraint status_transitions_moves check (from_status is distinct from to_status),
  constraint status_transitions_named_actors check (
    allowed_by is null and from_status is null
    or cardinality(allowed_by) > 0 and array_position(allowed_by, null) is null
  )
);

revoke all on table private.status_transitions from public, anon, authenticated;

comment on table private.status_transitions is
  'Every move of every stateful thing, one row each: machine, from_status (null: the status a new row may start in), to_status and the functions allowed to make it (schema-qualified names; null only for a starting status any writer may use, one that claims nothing). The triggers of private.keep_to_state_machines refuse any other move. id keeps the order the moves were declared in, which is the order TypeScript lists a machine''s statuses in. Add a move with a new row in a migration; TypeScript reads this table through the generated module.';

-- -----------------------------------------------------------------------------------------------------
-- The moves the functions make today
-- -----------------------------------------------------------------------------------------------------

insert into private.status_transitions (machine, from_status, to_status, allowed_by) values
  -- entry: a place in a tournament, made for each slot of a registration.
  ('entry', null, 'active', null),
  ('entry', 'active', 'withdrawn', '{private.run_draw,public.staff_disqualify}'),
  ('entry', 'active', 'cancelled', '{private.entries_follow_registration}'),
  ('entry', 'withdrawn', 'cancelled', '{private.entries_follow_registration}'),
  -- A refunded entry still in an open match can be disqualified.
  ('entry', 'cancelled', 'withdrawn', '{public.staff_disqualify}'),

  -- registration: a player's paid (or free) places; cancelled when refunded or called off.
  ('registration', null, 'upcoming', null),
  ('registration', 'upcoming', 'cancelled', '{private.apply_refund,private.cancel_tournament}'),

  -- match: made by the draw; played, reported, disputed, confirmed or void; reset by a replay or a correction.
  ('match', null, 'pending', '{private.run_draw}'),
  ('match', null, 'bye', '{private.run_draw}'),
  ('match', null, 'scheduled', '{private.run_draw}'),
  ('match', 'pending', 'scheduled', '{private.run_draw,private.advance_from,private.reset_match}'),
  ('match', 'scheduled', 'ready', '{private.mark_ready}'),
  ('match', 'scheduled', 'reported', '{public.report_match}'),
  ('match', 'ready', 'reported', '{public.report_match}'),
  ('match', 'scheduled', 'disputed', '{private.open_dispute}'),
  ('match', 'ready', 'disputed', '{private.open_dispute}'),
  ('match', 'reported', 'disputed', '{private.open_dispute}'),
  ('match', 'scheduled', 'confirmed', '{private.confirm_result}'),
  ('match', 'ready', 'confirmed', '{private.confirm_result}'),
  ('match', 'reported', 'confirmed', '{private.confirm_result}'),
  ('match', 'disputed', 'confirmed', '{private.confirm_result}'),
  ('match', 'pending', 'confirmed', '{private.advance_from}'),
  ('match', 'pending', 'void', '{private.advance_from}'),
  ('match', 'scheduled', 'void', '{private.run_due_match_work}'),
  ('match', 'scheduled', 'pending', '{private.reset_match}'),
  ('match', 'ready', 'scheduled', '{private.reset_match}'),
  ('match', 'ready', 'pending', '{private.reset_match}'),
  ('match', 'reported', 'scheduled', '{private.reset_match}'),
  ('match', 'reported', 'pending', '{private.reset_match}'),
  ('match', 'disputed', 'scheduled', '{private.reset_match}'),
  ('match', 'disputed', 'pending', '{private.reset_match}'),
  ('match', 'confirmed', 'scheduled', '{private.reset_match}'),
  ('match', 'confirmed', 'pending', '{private.reset_match}'),
  ('match', 'void', 'scheduled', '{private.reset_match}'),
  ('match', 'void', 'pending', '{private.reset_match}'),

  -- report: one live report per entry and match; a new report or a replay supersedes it.
  ('report', null, 'live', '{public.report_match}'),
  ('report', 'live', 'superseded', '{public.report_match,private.reset_match}'),

  -- dispute: open until staff settle it (or a replay ends it).
  ('dispute', null, 'open', '{private.open_dispute}'),
  ('dispute', 'open', 'result_set', '{public.staff_settle_match}'),
  ('dispute', 'open', 'replay', '{public.staff_order_replay,private.reset_match}'),
  ('dispute', 'open', 'disqualified', '{public.staff_disqualify}'),

  -- payment: a Razorpay order, from created to paid, or refused and refunded.
  ('payment', null, 'created', null),
  ('payment', 'created', 'failed', '{public.service_record_payment_failure}'),
  ('payment', 'created', 'abandoned', '{public.service_record_payment_order,private.run_due_payment_work,private.cancel_tournament}'),
  ('payment', 'failed', 'abandoned', '{public.service_record_payment_order,private.run_due_payment_work,private.cancel_tournament}'),
  ('payment', 'created', 'paid', '{public.service_confirm_tournament_payment}'),
  ('payment', 'failed', 'paid', '{public.service_confirm_tournament_payment}'),
  ('payment', 'created', 'refund_pending', '{public.service_confirm_tournament_payment}'),
  ('payment', 'failed', 'refund_pending', '{public.service_confirm_tournament_payment}'),
  ('payment', 'abandoned', 'refund_pending', '{public.service_confirm_tournament_payment}'),
  -- The confirmation writes paid before it takes the capacity lock; a payment that then finds the
  -- tournament full is refused in the same transaction.
  ('payment', 'paid', 'refund_pending', '{public.service_confirm_tournament_payment,private.cancel_tournament}'),
  ('payment', 'paid', 'refunded', '{private.apply_refund}'),
  ('payment', 'refund_pending', 'refunded', '{private.apply_refund}'),
  -- A refund webhook that comes before the capture's, for a payment id a failed attempt recorded.
  ('payment', 'failed', 'refunded', '{private.apply_refund}'),
  ('payment', 'abandoned', 'refunded', '{private.apply_refund}'),

  -- refund: how much of a payment went back (payments.refunded_paise); it only grows.
  ('refund', null, 'none', null),
  ('refund', 'none', 'partial', '{private.apply_refund}'),
  ('refund', 'none', 'full', '{private.apply_refund}'),
  ('refund', 'partial', 'full', '{private.apply_refund}'),

  -- kyc: a player's PAN and UPI id, checked outside. The checks' answers are not yet tied to the
  -- submission they checked, so a late answer can turn a decided record.
  ('kyc', null, 'pending', '{public.submit_kyc}'),
  ('kyc', 'pending', 'verified', '{public.service_record_kyc_check}'),
  ('kyc', 'pending', 'rejected', '{public.service_record_kyc_check}'),
  ('kyc', 'verified', 'rejected', '{public.service_record_kyc_check}'),
  ('kyc', 'rejected', 'verified', '{public.service_record_kyc_check}'),
  ('kyc', 'rejected', 'pending', '{public.service_record_kyc_check,public.submit_kyc}'),
  ('kyc', 'verified', 'pending', '{public.submit_kyc}'),

  -- payout: a withdrawal; staff approve it, RazorpayX moves it forward, a failure or reversal returns it.
  ('payout', null, 'awaiting_approval', '{public.request_payout}'),
  ('payout', null, 'approved', '{public.request_payout}'),
  ('payout', 'awaiting_approval', 'approved', '{public.staff_approve_payout}'),
  ('payout', 'approved', 'queued', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'pending', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'scheduled', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'processing', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'pending', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'scheduled', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'processing', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'scheduled', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'processing', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'processing', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'processed', '{public.service_record_payout_status}'),
  ('payout', 'processed', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'reversed', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'cancelled', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'rejected', '{public.service_record_payout_status}'),
  ('payout', 'approved', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'queued', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'pending', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'scheduled', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'processing', 'failed', '{public.service_record_payout_status}'),
  ('payout', 'awaiting_approval', 'rejected', '{public.staff_reject_payout}'),

  -- prize_award: a prize band given to an entry; held while its payment has a chargeback.
  ('prize_award', null, 'credited', '{private.credit_prizes}'),
  ('prize_award', null, 'held', '{private.credit_prizes}'),
  ('prize_award', 'held', 'credited', '{public.staff_decide_held_prize}'),
  ('prize_award', 'held', 'forfeited', '{public.staff_decide_held_prize}'),

  -- A tournament's milestones: set once by the function that reaches them.
  ('tournament.drawn_at', null, 'unset', null),
  ('tournament.drawn_at', 'unset', 'set', '{private.run_draw}'),
  ('tournament.finished_at', null, 'unset', null),
  ('tournament.finished_at', 'unset', 'set', '{private.after_result}'),
  -- A correction that changes a result before the final reopens the tournament.
  ('tournament.finished_at', 'set', 'unset', '{public.staff_correct_result}'),
  ('tournament.settled_at', null, 'unset', null),
  ('tournament.settled_at', 'unset', 'set', '{private.credit_prizes}'),
  ('tournament.cancelled_at', null, 'unset', null),
  ('tournament.cancelled_at', 'unset', 'set', '{private.cancel_tournament}');

-- -----------------------------------------------------------------------------------------------------
-- The check
-- -----------------------------------------------------------------------------------------------------

create function private.keep_to_state_machines()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

    -- A fixture: a statement outside any function, by a role that could switch the trigger off anyway
    -- (a superuser or the table's owner), that said so for its session or transaction. This function runs
    -- as its owner, so the writing role is the session's SET ROLE (PostgREST always sets one), else its user.
    continue when v_actor is null and current_setting('golazo.acting', true) = 'fixture'
              and (select r.rolsuper or pg_catalog.pg_has_role(r.oid, c.relowner, 'MEMBER')
                     from pg_catalog.pg_roles r, pg_catalog.pg_class c
                    where r.rolname = coalesce(nullif(current_setting('role'), 'none'), session_user) and c.oid = tg_relid);

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
$$;

comment on function private.keep_to_state_machines() is
  'The trigger behind every declared state machine (arguments: the machine, and how its status is read): reads the row''s statuses before and after (or statuses made of its columns: a report''s superseded_at, a dispute''s outcome, a payment''s refunded amount, a tournament''s milestones) and refuses, with SQLSTATE 09000, a move private.status_transitions does not declare or one made by a function (read from the call stack) it does not name.';

-- The trigger runs as its owner: whoever writes (the service role too) meets the same check, and none of
-- the API roles may call it or read the table.
revoke all on function private.keep_to_state_machines() from public;

-- -----------------------------------------------------------------------------------------------------
-- The triggers: before the row is written, and only when a governed column changed (the condition is
-- read without calling the function; it has no column list, so a change made by an earlier trigger counts).
-- -----------------------------------------------------------------------------------------------------

create trigger entries_start_in_state_machine before insert on public.entries
  for each row execute function private.keep_to_state_machines('entry', 'status');
create trigger entries_move_along_state_machine before update on public.entries
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines('entry', 'status');
comment on trigger entries_move_along_state_machine on public.entries is
  'The entry machine: active, then withdrawn (not checked in at the draw, or disqualified) or cancelled (its registration refunded or called off).';

create trigger tournament_registrations_start_in_state_machine before insert on public.tournament_registrations
  for each row execute function private.keep_to_state_machines('registration', 'status');
create trigger tournament_registrations_move_along_state_machine before update on public.tournament_registrations
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines('registration', 'status');
comment on trigger tournament_registrations_move_along_state_machine on public.tournament_registrations is
  'The registration machine: upcoming until refunded or called off (cancelled).';

create trigger matches_start_in_state_machine before insert on public.matches
  for each row execute function private.keep_to_state_machines('match', 'status');
create trigger matches_move_along_state_machine before update on public.matches
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines('match', 'status');
comment on trigger matches_move_along_state_machine on public.matches is
  'The match machine: made by the draw (pending, scheduled or bye), played (ready, reported, disputed) and ended (confirmed or void); a replay or a correction resets it.';

create trigger match_reports_start_in_state_machine before insert on private.match_reports
  for each row execute function private.keep_to_state_machines('report', 'superseded_at');
create trigger match_reports_move_along_state_machine before update on private.match_reports
  for each row when (old.superseded_at is distinct from new.superseded_at) execute function private.keep_to_state_machines('report', 'superseded_at');
comment on trigger match_reports_move_along_state_machine on private.match_reports is
  'The report machine: live until the same entry reports again or a replay is ordered (superseded).';

create trigger match_disputes_start_in_state_machine before insert on public.match_disputes
  for each row execute function private.keep_to_state_machines('dispute', 'settled_at');
create trigger match_disputes_move_along_state_machine before update on public.match_disputes
  for each row when (old.settled_at is distinct from new.settled_at or old.outcome is distinct from new.outcome)
  execute function private.keep_to_state_machines('dispute', 'settled_at');
comment on trigger match_disputes_move_along_state_machine on public.match_disputes is
  'The dispute machine: open until staff set the result, order a replay or disqualify a player; settled once.';

create trigger payments_start_in_state_machine before insert on public.payments
  for each row execute function private.keep_to_state_machines('payment', 'payments');
create trigger payments_move_along_state_machine before update on public.payments
  for each row when (old.status is distinct from new.status or old.refunded_paise is distinct from new.refunded_paise)
  execute function private.keep_to_state_machines('payment', 'payments');
comment on trigger payments_move_along_state_machine on public.payments is
  'The payment machine (created, failed, abandoned, paid, refund_pending, refunded) and the refund machine (refunded amount: none, partial, full; it never goes down).';

create trigger kyc_records_start_in_state_machine before insert on public.kyc_records
  for each row execute function private.keep_to_state_machines('kyc', 'status');
create trigger kyc_records_move_along_state_machine before update on public.kyc_records
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines('kyc', 'status');
comment on trigger kyc_records_move_along_state_machine on public.kyc_records is
  'The KYC machine: pending until both checks answer (verified or rejected); a new submission makes it pending again.';

create trigger payouts_start_in_state_machine before insert on public.payouts
  for each row execute function private.keep_to_state_machines('payout', 'status');
create trigger payouts_move_along_state_machine before update on public.payouts
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines('payout', 'status');
comment on trigger payouts_move_along_state_machine on public.payouts is
  'The payout machine: awaiting_approval or approved, forward through RazorpayX''s statuses to processed; cancelled, rejected, failed and reversed end it and return the money; processed ends it unless the bank reverses it.';

create trigger prize_awards_start_in_state_machine before insert on private.prize_awards
  for each row execute function private.keep_to_state_machines('prize_award', 'status');
create trigger prize_awards_move_along_state_machine before update on private.prize_awards
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines('prize_award', 'status');
comment on trigger prize_awards_move_along_state_machine on private.prize_awards is
  'The prize award machine: credited, or held while its payment has a chargeback until an admin pays (credited) or forfeits it.';

create trigger tournaments_start_in_state_machine before insert on public.tournaments
  for each row execute function private.keep_to_state_machines('tournament', 'tournaments');
create trigger tournaments_move_along_state_machine before update on public.tournaments
  for each row when (old.drawn_at is distinct from new.drawn_at or old.finished_at is distinct from new.finished_at
                     or old.settled_at is distinct from new.settled_at or old.cancelled_at is distinct from new.cancelled_at)
  execute function private.keep_to_state_machines('tournament', 'tournaments');
comment on trigger tournaments_move_along_state_machine on public.tournaments is
  'The machines of a tournament''s milestones (drawn_at, finished_at, settled_at, cancelled_at): each set once, by the function that reaches it, and unset only where declared.';
