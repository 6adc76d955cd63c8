-- =====================================================================================================
-- Tax on net winnings (section 194BA; Rule 133 of the Income-tax Rules), in one place
-- =====================================================================================================
-- Rate and choices the chartered accountant owns are settings (private.settings), not guesses:
--   tax_rate                        0.30
--   entry_fees_are_deposits         false: whether entry fees count as non-taxable deposits (B)
--   payout_approval_over_paise      1000000: payouts above ₹10,000 wait for an admin
-- Financial year: 1 April - 31 March in IST; financial year 2027 runs from 1 April 2027 to 31 March 2028.
--
-- Net winnings (never below zero), with
--   A the withdrawals of the year so far (this one included), B the non-taxable deposits of the year so
--   far, C the opening balance of the year, D the net winnings already taxed this year:
--     at a withdrawal          A - (B + C + D)     (the first withdrawal has D = 0: A - (B + C))
--   and at the year end, with D the closing balance and E the net winnings already taxed:
--                              (A + D) - (B + C + E)
-- Tax = round(rate x net winnings) in paise. A payout that fails or is reversed reverses its withholding,
-- so it counts neither in A nor in D afterwards.
-- =====================================================================================================

create table private.settings (
  key text primary key,
  value jsonb not null,
  note text not null default '',
  updated_at timestamptz not null default now()
);
revoke all on private.settings from public, anon, authenticated, service_role;

insert into private.settings (key, value, note) values
  ('tax_rate', '0.30', 'Withholding on net winnings (section 194BA). Confirm with the chartered accountant.'),
  ('entry_fees_are_deposits', 'false', 'Whether entry fees count as non-taxable deposits (B in Rule 133).'),
  ('payout_approval_over_paise', '1000000', 'Payouts above this wait for an admin (the first payout always does).');

create function private.setting(p_key text) returns jsonb
  language sql stable set search_path = ''
as $$ select value from private.settings where key = p_key $$;

create function private.tax_rate() returns numeric
  language sql stable set search_path = ''
as $$ select coalesce((private.setting('tax_rate') #>> '{}')::numeric, 0.30) $$;

create function private.tax_on(p_net_winnings_paise bigint) returns bigint
  language sql stable set search_path = ''
as $$ select round(private.tax_rate() * greatest(coalesce(p_net_winnings_paise, 0), 0))::bigint $$;

-- The financial year of a moment: the calendar year in which its April-to-March year began (IST).
create function private.financial_year(p_at timestamptz) returns integer
  language sql immutable set search_path = ''
as $$ select extract(year from (p_at at time zone 'Asia/Kolkata') - interval '3 months')::integer $$;

create function private.financial_year_start(p_financial_year integer) returns timestamptz
  language sql immutable set search_path = ''
as $$ select make_timestamp(p_financial_year, 4, 1, 0, 0, 0) at time zone 'Asia/Kolkata' $$;

-- -----------------------------------------------------------------------------------------------------
-- What was withheld, and on which net winnings
-- -----------------------------------------------------------------------------------------------------
create table private.tax_withholdings (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id),
  financial_year integer not null,
  kind text not null constraint tax_withholdings_kind_known check (kind in ('withdrawal', 'year_end')),
  -- The withdrawal (gross) for kind withdrawal; the closing balance for the year end.
  gross_paise bigint not null,
  net_winnings_paise bigint not null constraint tax_withholdings_net_not_negative check (net_winnings_paise >= 0),
  tax_paise bigint not null constraint tax_withholdings_tax_not_negative check (tax_paise >= 0),
  payout_id uuid,
  at timestamptz not null,
  reversed_at timestamptz
);
create unique index tax_withholdings_one_year_end on private.tax_withholdings (user_id, financial_year) where kind = 'year_end';
create unique index tax_withholdings_one_per_payout on private.tax_withholdings (payout_id) where payout_id is not null;
create index tax_withholdings_of_user on private.tax_withholdings (user_id, financial_year);
revoke all on private.tax_withholdings from public, anon, authenticated, service_role;

create table private.year_end_runs (
  financial_year integer primary key,
  done_at timestamptz not null,
  players integer not null
);
revoke all on private.year_end_runs from public, anon, authenticated, service_role;

-- B: non-taxable deposits of the player in [from, before): entry fees less refunds, when the setting says
-- they count; otherwise nothing (there are no deposits into the balance).
create function private.deposits_between(p_user_id uuid, p_from timestamptz, p_before timestamptz) returns bigint
  language sql stable set search_path = ''
as $$
  select case when coalesce((private.setting('entry_fees_are_deposits') #>> '{}')::boolean, false)
              then (select coalesce(sum(l.amount_paise), 0)
                      from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                     where l.account = 'platform:fees' and l.user_id = p_user_id and j.kind in ('entry_fee', 'refund')
                       and j.created_at >= p_from and j.created_at < p_before)
              else 0 end::bigint;
$$;

-- C: the opening balance of the year: the balance when it began, less the year-end tax of the year before
-- (posted after the year turned, but owed on that year's closing balance).
create function private.opening_balance(p_user_id uuid, p_financial_year integer) returns bigint
  language sql stable set search_path = ''
as $$
  select private.player_balance(p_user_id, private.financial_year_start(p_financial_year))
         - coalesce((select sum(tax_paise) from private.tax_withholdings
                      where user_id = p_user_id and financial_year = p_financial_year - 1 and kind = 'year_end'
                        and reversed_at is null), 0)::bigint;
$$;

-- Net winnings of a withdrawal of p_amount_paise at p_at (Rule 133).
create function private.net_winnings_for_withdrawal(p_user_id uuid, p_amount_paise bigint, p_at timestamptz) returns bigint
  language sql stable set search_path = ''
as $$
  with fy as (select private.financial_year(p_at) as year),
  taxed as (
    select coalesce(sum(w.gross_paise), 0) as withdrawn, coalesce(sum(w.net_winnings_paise), 0) as net_taxed
      from private.tax_withholdings w, fy
     where w.user_id = p_user_id and w.financial_year = fy.year and w.kind = 'withdrawal' and w.reversed_at is null
  )
  select greatest(0, (taxed.withdrawn + p_amount_paise)                                           -- A
                     - (private.deposits_between(p_user_id, private.financial_year_start(fy.year), p_at + interval '1 microsecond')  -- B, up to now
                        + private.opening_balance(p_user_id, fy.year)                              -- C
                        + taxed.net_taxed))::bigint                                                -- D
    from fy, taxed;
$$;

-- Net winnings at the end of a financial year (Rule 133): (A + D) - (B + C + E).
create function private.net_winnings_at_year_end(p_user_id uuid, p_financial_year integer) returns bigint
  language sql stable set search_path = ''
as $$
  with taxed as (
    select coalesce(sum(w.gross_paise), 0) as withdrawn, coalesce(sum(w.net_winnings_paise), 0) as net_taxed
      from private.tax_withholdings w
     where w.user_id = p_user_id and w.financial_year = p_financial_year and w.kind = 'withdrawal' and w.reversed_at is null
  )
  select greatest(0, (taxed.withdrawn                                                              -- A
                      + private.player_balance(p_user_id, private.financial_year_start(p_financial_year + 1)))  -- D
                     - (private.deposits_between(p_user_id, private.financial_year_start(p_financial_year),
                                                 private.financial_year_start(p_financial_year + 1))          -- B
                        + private.opening_balance(p_user_id, p_financial_year)                     -- C
                        + taxed.net_taxed))::bigint                                                -- E
    from taxed;
$$;

-- The year-end withholding of one financial year, for every player (or one), once. Run after 31 March.
create function private.withhold_year_end(p_financial_year integer, p_user_id uuid default null) returns integer
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_end timestamptz := private.financial_year_start(p_financial_year + 1);
  v_user uuid;
  v_net bigint;
  v_tax bigint;
  v_closing bigint;
  v_count integer := 0;
begin
  if v_now < v_end then
    return 0;
  end if;
  if p_user_id is null and exists (select 1 from private.year_end_runs where financial_year = p_financial_year) then
    return 0;
  end if;
  for v_user in
    select distinct l.user_id
      from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
     where l.account like 'player:%' and j.created_at < v_end
       and (p_user_id is null or l.user_id = p_user_id)
       and not exists (select 1 from private.tax_withholdings w
                        where w.user_id = l.user_id and w.financial_year = p_financial_year and w.kind = 'year_end')
  loop
    v_net := private.net_winnings_at_year_end(v_user, p_financial_year);
    v_closing := private.player_balance(v_user, v_end);
    v_tax := least(private.tax_on(v_net), greatest(private.player_balance(v_user), 0));
    insert into private.tax_withholdings (user_id, financial_year, kind, gross_paise, net_winnings_paise, tax_paise, at)
    values (v_user, p_financial_year, 'year_end', v_closing, v_net, v_tax, v_now);
    perform private.post_journal('tax_withheld', 'year-end:' || p_financial_year || ':' || v_user, jsonb_build_array(
      jsonb_build_object('account', private.player_account(v_user), 'amount_paise', -v_tax, 'user_id', v_user),
      jsonb_build_object('account', 'tax:payable', 'amount_paise', v_tax, 'user_id', v_user)));
    v_count := v_count + 1;
  end loop;
  if p_user_id is null then
    insert into private.year_end_runs (financial_year, done_at, players) values (p_financial_year, v_now, v_count)
    on conflict (financial_year) do nothing;
  end if;
  return v_count;
end;
$$;

revoke all on function private.setting(text) from public;
revoke all on function private.tax_rate() from public;
revoke all on function private.tax_on(bigint) from public;
revoke all on function private.financial_year(timestamptz) from public;
revoke all on function private.financial_year_start(integer) from public;
revoke all on function private.deposits_between(uuid, timestamptz, timestamptz) from public;
revoke all on function private.opening_balance(uuid, integer) from public;
revoke all on function private.net_winnings_for_withdrawal(uuid, bigint, timestamptz) from public;
revoke all on function private.net_winnings_at_year_end(uuid, integer) from public;
revoke all on function private.withhold_year_end(integer, uuid) from public;
