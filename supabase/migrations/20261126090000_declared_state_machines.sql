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

create function private.acting_function(p_context text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- The first line is the trigger function itself; the next function named is the one whose statement
  -- changed the row (PL/pgSQL: 'PL/pgSQL function schema.name(args) line n at ...'; SQL: 'SQL function "name" ...').
  select coalesce(m[1], m[2])
    from (select regexp_match(substr(p_context, strpos(p_context, E'\n') + 1),
                              '(?:^|\n)(?:PL/pgSQL function ([^ (\n]+)\(|SQL function "([^"]+)")') as m) as found
   where strpos(p_context, E'\n') > 0;
$$;

comment on function private.acting_function(text) is
  'The function that made a move, read from the trigger''s call stack (PG_CONTEXT): it cannot be claimed by the caller, and null for a statement run outside any function.';

create function private.check_state_move(p_machine text, p_table text, p_from text, p_to text, p_context text)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_actor text;
  v_allowed text[];
  v_declared boolean := false;
begin
  if p_from is not distinct from p_to then
    return;
  end if;
  v_actor := private.acting_function(p_context);
  select true, t.allowed_by into v_declared, v_allowed
    from private.status_transitions t
   where t.machine = p_machine and t.to_status = p_to
     and (t.from_status = p_from or (p_from is null and t.from_status is null));

  -- A fixture: a statement outside any function, by a role that could switch the trigger off anyway
  -- (a superuser or the table's owner), that said so for its session or transaction. The trigger runs
  -- as its owner, so the writing role is the session's SET ROLE (PostgREST always sets one), else its user.
  if v_actor is null and current_setting('golazo.acting', true) = 'fixture'
     and (select r.rolsuper or pg_catalog.pg_has_role(r.oid, c.relowner, 'MEMBER')
            from pg_catalog.pg_roles r, pg_catalog.pg_class c
           where r.rolname = coalesce(nullif(current_setting('role'), 'none'), session_user)
             and c.oid = p_table::regclass) then
    return;
  end if;
  if not coalesce(v_declared, false) then
    raise exception '%: % % -> % is not a declared move of the % machine (by %)',
          p_table, p_machine, coalesce(p_from, '(new row)'), p_to, p_machine,
          coalesce(v_actor, 'a statement outside any function')
      using errcode = '09000',
            detail = 'Declare it in private.status_transitions, or change the status through a function that may.';
  end if;
  if v_allowed is null
     or v_actor = any (v_allowed)
     or (strpos(v_actor, '.') = 0 and exists (select 1 from unnest(v_allowed) a where split_part(a, '.', 2) = v_actor)) then
    return;
  end if;
  raise exception '%: % % -> % may only be made by %, not by %',
        p_table, p_machine, coalesce(p_from, '(new row)'), p_to, array_to_string(v_allowed, ', '),
        coalesce(v_actor, 'a statement outside any function')
    using errcode = '09000',
          detail = 'Add the function to allowed_by of this move in private.status_transitions if it is meant to make it.';
end;
$$;

comment on function private.check_state_move(text,text,text,text,text) is
  'Refuses (SQLSTATE 09000, a programming error) a move that private.status_transitions does not declare, or one made by a function it does not name for that move.';

create function private.keep_to_state_machines()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_context text;
  v_table text := tg_table_schema || '.' || tg_table_name;
  v_insert boolean := tg_op = 'INSERT';
  v_move text[];
begin
  get diagnostics v_context = pg_context;
  case tg_table_name
    when 'entries' then
      perform private.check_state_move('entry', v_table, case when not v_insert then old.status end, new.status, v_context);
    when 'tournament_registrations' then
      perform private.check_state_move('registration', v_table, case when not v_insert then old.status end, new.status, v_context);
    when 'matches' then
      perform private.check_state_move('match', v_table, case when not v_insert then old.status end, new.status, v_context);
    when 'match_reports' then
      perform private.check_state_move('report', v_table,
        case when not v_insert then case when old.superseded_at is null then 'live' else 'superseded' end end,
        case when new.superseded_at is null then 'live' else 'superseded' end, v_context);
    when 'match_disputes' then
      perform private.check_state_move('dispute', v_table,
        case when not v_insert then case when old.settled_at is null then 'open' else coalesce(old.outcome, 'settled') end end,
        case when new.settled_at is null then 'open' else coalesce(new.outcome, 'settled') end, v_context);
    when 'payments' then
      if v_insert or old.status is distinct from new.status then
        perform private.check_state_move('payment', v_table, case when not v_insert then old.status end, new.status, v_context);
      end if;
      if v_insert or old.refunded_paise is distinct from new.refunded_paise then
        perform private.check_state_move('refund', v_table,
          case when not v_insert then private.refund_state(old.refunded_paise, old.amount_paise) end,
          private.refund_state(new.refunded_paise, new.amount_paise), v_context);
      end if;
    when 'kyc_records' then
      perform private.check_state_move('kyc', v_table, case when not v_insert then old.status end, new.status, v_context);
    when 'payouts' then
      perform private.check_state_move('payout', v_table, case when not v_insert then old.status end, new.status, v_context);
    when 'prize_awards' then
      perform private.check_state_move('prize_award', v_table, case when not v_insert then old.status end, new.status, v_context);
    when 'tournaments' then
      if v_insert or old.drawn_at is distinct from new.drawn_at then
        v_move := private.milestone_move(v_insert, old.drawn_at, new.drawn_at);
        perform private.check_state_move('tournament.drawn_at', v_table, v_move[1], v_move[2], v_context);
      end if;
      if v_insert or old.finished_at is distinct from new.finished_at then
        v_move := private.milestone_move(v_insert, old.finished_at, new.finished_at);
        perform private.check_state_move('tournament.finished_at', v_table, v_move[1], v_move[2], v_context);
      end if;
      if v_insert or old.settled_at is distinct from new.settled_at then
        v_move := private.milestone_move(v_insert, old.settled_at, new.settled_at);
        perform private.check_state_move('tournament.settled_at', v_table, v_move[1], v_move[2], v_context);
      end if;
      if v_insert or old.cancelled_at is distinct from new.cancelled_at then
        v_move := private.milestone_move(v_insert, old.cancelled_at, new.cancelled_at);
        perform private.check_state_move('tournament.cancelled_at', v_table, v_move[1], v_move[2], v_context);
      end if;
  end case;
  return null;
end;
$$;

comment on function private.keep_to_state_machines() is
  'The trigger behind every declared state machine: reads the row''s status before and after (or a status made of its columns) and the acting function from the call stack, and lets private.check_state_move refuse what is not declared.';

create function private.refund_state(p_refunded_paise integer, p_amount_paise integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_refunded_paise = 0 then 'none' when p_refunded_paise < p_amount_paise then 'partial' else 'full' end;
$$;

comment on function private.refund_state(integer,integer) is
  'The refund machine''s status of a payment: none, partial or full, from its refunded amount.';

create function private.milestone_move(p_insert boolean, p_old timestamptz, p_new timestamptz)
returns text[]
language sql
immutable
set search_path = ''
as $$
  -- {from, to}: unset or set; a milestone that changes from one time to another is 'set' -> 'moved',
  -- which no machine declares.
  select array[
    case when p_insert then null when p_old is null then 'unset' else 'set' end,
    case when p_new is null then 'unset' when not p_insert and p_old is not null then 'moved' else 'set' end
  ];
$$;

comment on function private.milestone_move(boolean,timestamptz,timestamptz) is
  'A tournament milestone''s move as {from, to} (unset, set; moved when a set time changes; from is null for a new row).';

-- The trigger runs as its owner: whoever writes (the service role too) meets the same check, and none of
-- the API roles may call the check itself or read the table.
revoke all on function private.keep_to_state_machines() from public;
revoke all on function private.check_state_move(text,text,text,text,text) from public;
revoke all on function private.acting_function(text) from public;
revoke all on function private.refund_state(integer,integer) from public;
revoke all on function private.milestone_move(boolean,timestamptz,timestamptz) from public;

-- -----------------------------------------------------------------------------------------------------
-- The triggers: after the row is written (its constraints first, so an unknown status reads as such),
-- and only when a governed column changed.
-- -----------------------------------------------------------------------------------------------------

create trigger entries_start_in_state_machine after insert on public.entries
  for each row execute function private.keep_to_state_machines();
create trigger entries_move_along_state_machine after update of status on public.entries
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines();
comment on trigger entries_move_along_state_machine on public.entries is
  'The entry machine: active, then withdrawn (not checked in at the draw, or disqualified) or cancelled (its registration refunded or called off).';

create trigger tournament_registrations_start_in_state_machine after insert on public.tournament_registrations
  for each row execute function private.keep_to_state_machines();
create trigger tournament_registrations_move_along_state_machine after update of status on public.tournament_registrations
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines();
comment on trigger tournament_registrations_move_along_state_machine on public.tournament_registrations is
  'The registration machine: upcoming until refunded or called off (cancelled).';

create trigger matches_start_in_state_machine after insert on public.matches
  for each row execute function private.keep_to_state_machines();
create trigger matches_move_along_state_machine after update of status on public.matches
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines();
comment on trigger matches_move_along_state_machine on public.matches is
  'The match machine: made by the draw (pending, scheduled or bye), played (ready, reported, disputed) and ended (confirmed or void); a replay or a correction resets it.';

create trigger match_reports_start_in_state_machine after insert on private.match_reports
  for each row execute function private.keep_to_state_machines();
create trigger match_reports_move_along_state_machine after update of superseded_at on private.match_reports
  for each row when (old.superseded_at is distinct from new.superseded_at) execute function private.keep_to_state_machines();
comment on trigger match_reports_move_along_state_machine on private.match_reports is
  'The report machine: live until the same entry reports again or a replay is ordered (superseded).';

create trigger match_disputes_start_in_state_machine after insert on public.match_disputes
  for each row execute function private.keep_to_state_machines();
create trigger match_disputes_move_along_state_machine after update of settled_at, outcome on public.match_disputes
  for each row when (old.settled_at is distinct from new.settled_at or old.outcome is distinct from new.outcome)
  execute function private.keep_to_state_machines();
comment on trigger match_disputes_move_along_state_machine on public.match_disputes is
  'The dispute machine: open until staff set the result, order a replay or disqualify a player; settled once.';

create trigger payments_start_in_state_machine after insert on public.payments
  for each row execute function private.keep_to_state_machines();
create trigger payments_move_along_state_machine after update of status, refunded_paise on public.payments
  for each row when (old.status is distinct from new.status or old.refunded_paise is distinct from new.refunded_paise)
  execute function private.keep_to_state_machines();
comment on trigger payments_move_along_state_machine on public.payments is
  'The payment machine (created, failed, abandoned, paid, refund_pending, refunded) and the refund machine (refunded amount: none, partial, full; it never goes down).';

create trigger kyc_records_start_in_state_machine after insert on public.kyc_records
  for each row execute function private.keep_to_state_machines();
create trigger kyc_records_move_along_state_machine after update of status on public.kyc_records
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines();
comment on trigger kyc_records_move_along_state_machine on public.kyc_records is
  'The KYC machine: pending until both checks answer (verified or rejected); a new submission makes it pending again.';

create trigger payouts_start_in_state_machine after insert on public.payouts
  for each row execute function private.keep_to_state_machines();
create trigger payouts_move_along_state_machine after update of status on public.payouts
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines();
comment on trigger payouts_move_along_state_machine on public.payouts is
  'The payout machine: awaiting_approval or approved, forward through RazorpayX''s statuses to processed; cancelled, rejected, failed and reversed end it and return the money; processed ends it unless the bank reverses it.';

create trigger prize_awards_start_in_state_machine after insert on private.prize_awards
  for each row execute function private.keep_to_state_machines();
create trigger prize_awards_move_along_state_machine after update of status on private.prize_awards
  for each row when (old.status is distinct from new.status) execute function private.keep_to_state_machines();
comment on trigger prize_awards_move_along_state_machine on private.prize_awards is
  'The prize award machine: credited, or held while its payment has a chargeback until an admin pays (credited) or forfeits it.';

create trigger tournaments_start_in_state_machine after insert on public.tournaments
  for each row execute function private.keep_to_state_machines();
create trigger tournaments_move_along_state_machine after update of drawn_at, finished_at, settled_at, cancelled_at on public.tournaments
  for each row when (old.drawn_at is distinct from new.drawn_at or old.finished_at is distinct from new.finished_at
                     or old.settled_at is distinct from new.settled_at or old.cancelled_at is distinct from new.cancelled_at)
  execute function private.keep_to_state_machines();
comment on trigger tournaments_move_along_state_machine on public.tournaments is
  'The machines of a tournament''s milestones (drawn_at, finished_at, settled_at, cancelled_at): each set once, by the function that reaches it, and unset only where declared.';
