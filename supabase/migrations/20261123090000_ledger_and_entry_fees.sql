-- =====================================================================================================
-- The ledger: every paisa that comes in or goes out, in double entry
-- =====================================================================================================
-- private.ledger_journal   one business event (an entry fee received, a refund, a prize, tax withheld, a
--                          payout requested, sent or reversed). (kind, reference) is unique, so posting the
--                          same event twice posts it once.
-- private.ledger_lines     the journal's lines; each journal sums to zero (checked at commit). Nobody
--                          updates or deletes a line or a journal, not even the database owner.
--
-- Signs: a line is positive when it raises what the account stands for from the players' side: a
-- player's winnings (what we owe them), tax payable, fees earned, money in flight to a player, money that
-- left through payouts. Money held at Razorpay (razorpay:clearing) and the prize pools we pay out of read
-- as negative sums. So a player's balance is simply the sum of their winnings lines.
--
-- Accounts: 'razorpay:clearing', 'platform:fees', 'prize_pool:<tournament_id>', 'player:<uuid>:winnings',
-- 'tax:payable', 'payouts:in_flight', 'bank:payouts'.
-- Kinds: entry_fee, refund, prize, tax_withheld, payout_requested, payout_sent, payout_reversed,
-- tax_reversed.
--
-- Entry fees: a captured payment posts its fee once (razorpay:clearing -> platform:fees), a refund posts
-- what was refunded since the last refund journal of that payment. Both are posted by a trigger on
-- public.payments, so every capture and refund path (verify, webhook, reconciliation, staff refunds)
-- is covered, and payments that existed before the ledger are posted once below.
-- =====================================================================================================

create table private.ledger_journal (
  id bigint generated always as identity primary key,
  kind text not null
    constraint ledger_journal_kind_known check (kind in ('entry_fee', 'refund', 'prize', 'tax_withheld', 'payout_requested',
                                                         'payout_sent', 'payout_reversed', 'tax_reversed')),
  reference text not null
    constraint ledger_journal_reference_present check (char_length(reference) between 1 and 200),
  created_at timestamptz not null default private.clock_now(),
  created_by uuid,
  constraint ledger_journal_once_per_event unique (kind, reference)
);

create table private.ledger_lines (
  id bigint generated always as identity primary key,
  journal_id bigint not null references private.ledger_journal (id),
  account text not null
    constraint ledger_lines_account_known check (
      account in ('razorpay:clearing', 'platform:fees', 'tax:payable', 'payouts:in_flight', 'bank:payouts')
      or account ~ '^prize_pool:.+$'
      or account ~ '^player:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:winnings$'),
  amount_paise bigint not null
    constraint ledger_lines_amount_not_zero check (amount_paise <> 0),
  user_id uuid,
  constraint ledger_lines_player_account_names_its_player
    check (account !~ '^player:' or (user_id is not null and account = 'player:' || user_id::text || ':winnings'))
);

create index ledger_lines_of_journal on private.ledger_lines (journal_id);
create index ledger_lines_of_account on private.ledger_lines (account);
create index ledger_lines_of_user on private.ledger_lines (user_id) where user_id is not null;

comment on table private.ledger_journal is 'Append-only double-entry journals (see the migration that made it for signs and accounts).';
comment on table private.ledger_lines is 'Append-only lines of the ledger; each journal sums to zero.';

revoke all on private.ledger_journal, private.ledger_lines from public, anon, authenticated, service_role;

-- Nobody changes the past.
create function private.refuse_ledger_change() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  raise exception 'The ledger is append-only: journals and lines are never changed or removed'
    using errcode = 'PT403', hint = 'ledger_append_only';
end;
$$;

create trigger ledger_journal_no_update_or_delete before update or delete on private.ledger_journal
  for each row execute function private.refuse_ledger_change();
create trigger ledger_journal_no_truncate before truncate on private.ledger_journal
  for each statement execute function private.refuse_ledger_change();
create trigger ledger_lines_no_update_or_delete before update or delete on private.ledger_lines
  for each row execute function private.refuse_ledger_change();
create trigger ledger_lines_no_truncate before truncate on private.ledger_lines
  for each statement execute function private.refuse_ledger_change();

-- Every journal balances when its transaction commits (checked as the owner: the writer may be a player's
-- request running through a definer function, which has ended by then).
create function private.check_journal_balances() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  v_sum bigint;
begin
  select coalesce(sum(amount_paise), 0) into v_sum from private.ledger_lines where journal_id = new.journal_id;
  if v_sum <> 0 then
    raise exception 'Ledger journal % does not balance (off by % paise)', new.journal_id, v_sum
      using errcode = 'PT409', hint = 'ledger_unbalanced';
  end if;
  return null;
end;
$$;

create constraint trigger ledger_lines_journal_balances
  after insert on private.ledger_lines
  deferrable initially deferred
  for each row execute function private.check_journal_balances();

create function private.player_account(p_user_id uuid) returns text
  language sql immutable set search_path = ''
as $$ select 'player:' || p_user_id::text || ':winnings' $$;

-- Posts one journal: p_lines is [{account, amount_paise, user_id?}, ...] (zero lines are left out).
-- Returns the journal id, or null when this (kind, reference) was posted before (nothing is posted again).
create function private.post_journal(p_kind text, p_reference text, p_lines jsonb, p_created_by uuid default null)
returns bigint
  language plpgsql set search_path = ''
as $$
declare
  v_id bigint;
  v_sum bigint;
begin
  select coalesce(sum((l ->> 'amount_paise')::bigint), 0) into v_sum from jsonb_array_elements(p_lines) as l;
  if v_sum <> 0 then
    raise exception 'Ledger journal % % does not balance (off by % paise)', p_kind, p_reference, v_sum
      using errcode = 'PT409', hint = 'ledger_unbalanced';
  end if;
  if not exists (select 1 from jsonb_array_elements(p_lines) as l where (l ->> 'amount_paise')::bigint <> 0) then
    return null;
  end if;
  insert into private.ledger_journal (kind, reference, created_at, created_by)
  values (p_kind, p_reference, private.clock_now(), p_created_by)
  on conflict (kind, reference) do nothing
  returning id into v_id;
  if v_id is null then
    return null;
  end if;
  insert into private.ledger_lines (journal_id, account, amount_paise, user_id)
  select v_id, l ->> 'account', (l ->> 'amount_paise')::bigint, (l ->> 'user_id')::uuid
    from jsonb_array_elements(p_lines) as l
   where (l ->> 'amount_paise')::bigint <> 0;
  return v_id;
end;
$$;

-- A player's withdrawable balance (their winnings lines), optionally as it stood before p_before.
create function private.player_balance(p_user_id uuid, p_before timestamptz default null) returns bigint
  language sql stable set search_path = ''
as $$
  select coalesce(sum(l.amount_paise), 0)::bigint
    from private.ledger_lines l
    join private.ledger_journal j on j.id = l.journal_id
   where l.account = private.player_account(p_user_id)
     and (p_before is null or j.created_at < p_before);
$$;

-- -----------------------------------------------------------------------------------------------------
-- check_ledger: does everything balance?
-- -----------------------------------------------------------------------------------------------------
create function private.check_ledger() returns jsonb
  language sql stable set search_path = ''
as $$
  with per_journal as (
    select j.id, coalesce(sum(l.amount_paise), 0) as total, count(l.id) as lines
      from private.ledger_journal j
      left join private.ledger_lines l on l.journal_id = j.id
     group by j.id
  ), per_player as (
    select account, sum(amount_paise) as balance from private.ledger_lines where account like 'player:%' group by account
  )
  select jsonb_build_object(
    'balanced', (select count(*) from per_journal where total <> 0 or lines < 2) = 0
                and (select coalesce(sum(amount_paise), 0) from private.ledger_lines) = 0
                and (select count(*) from per_player where balance < 0) = 0,
    'journals', (select count(*) from per_journal),
    'journals_unbalanced', (select count(*) from per_journal where total <> 0 or lines < 2),
    'total_paise', (select coalesce(sum(amount_paise), 0) from private.ledger_lines),
    'negative_player_balances', (select count(*) from per_player where balance < 0),
    'players_owed_paise', (select coalesce(sum(balance), 0) from per_player),
    'tax_payable_paise', (select coalesce(sum(amount_paise), 0) from private.ledger_lines where account = 'tax:payable'),
    'in_flight_paise', (select coalesce(sum(amount_paise), 0) from private.ledger_lines where account = 'payouts:in_flight')
  );
$$;

-- -----------------------------------------------------------------------------------------------------
-- Entry fees and refunds
-- -----------------------------------------------------------------------------------------------------
create function private.post_payment_journals(p_payment public.payments) returns void
  language plpgsql set search_path = ''
as $$
declare
  v_refunded_so_far bigint;
begin
  if p_payment.amount_paise <= 0 or p_payment.razorpay_payment_id is null
     or p_payment.status not in ('paid', 'refund_pending', 'refunded') then
    return;
  end if;
  perform private.post_journal('entry_fee', 'payment:' || p_payment.id, jsonb_build_array(
    jsonb_build_object('account', 'razorpay:clearing', 'amount_paise', -p_payment.amount_paise, 'user_id', p_payment.user_id),
    jsonb_build_object('account', 'platform:fees', 'amount_paise', p_payment.amount_paise, 'user_id', p_payment.user_id)));

  select coalesce(sum(l.amount_paise), 0) into v_refunded_so_far
    from private.ledger_journal j join private.ledger_lines l on l.journal_id = j.id and l.account = 'razorpay:clearing'
   where j.kind = 'refund' and j.reference like 'payment:' || p_payment.id || ':%';
  if p_payment.refunded_paise > v_refunded_so_far then
    perform private.post_journal('refund', 'payment:' || p_payment.id || ':' || p_payment.refunded_paise, jsonb_build_array(
      jsonb_build_object('account', 'razorpay:clearing', 'amount_paise', p_payment.refunded_paise - v_refunded_so_far,
                         'user_id', p_payment.user_id),
      jsonb_build_object('account', 'platform:fees', 'amount_paise', -(p_payment.refunded_paise - v_refunded_so_far),
                         'user_id', p_payment.user_id)));
  end if;
end;
$$;

create function private.post_payment_journals_on_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  perform private.post_payment_journals(new);
  return null;
end;
$$;

create trigger payments_post_ledger_journals
  after insert or update of status, refunded_paise, razorpay_payment_id on public.payments
  for each row execute function private.post_payment_journals_on_change();

-- Payments captured or refunded before the ledger existed, posted once.
select private.post_payment_journals(p) from public.payments p order by p.created_at, p.id;

revoke all on function private.refuse_ledger_change() from public;
revoke all on function private.check_journal_balances() from public;
revoke all on function private.player_account(uuid) from public;
revoke all on function private.post_journal(text, text, jsonb, uuid) from public;
revoke all on function private.player_balance(uuid, timestamptz) from public;
revoke all on function private.check_ledger() from public;
revoke all on function private.post_payment_journals(public.payments) from public;
revoke all on function private.post_payment_journals_on_change() from public;
