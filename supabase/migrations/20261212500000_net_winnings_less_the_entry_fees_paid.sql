-- =====================================================================================================
-- Net winnings less the entry fees paid: one reckoning for every withdrawal, the balance and the statement
-- =====================================================================================================
-- The decisions: net winnings in a withdrawal are the amount withdrawn less the entry fees the player paid
-- in the financial year (their deposits) and the opening balance, less what earlier withdrawals that year
-- already counted; 30% of that is withheld, and at the year's end on what is left. The setting
-- entry_fees_are_deposits was false, so B was always zero and the tax fell on the whole amount withdrawn: a
-- player who paid ₹100 to enter and won ₹200 was taxed ₹60 on a gain of ₹100. The setting is now true (the
-- chartered accountant may still turn it off); entry fees paid are the captured fees less their refunds, by
-- the time their journals were posted (a refunded fee is not a deposit).
--
-- One function now reckons a withdrawal, and everything that states its tax reads it:
-- private.tax_in_withdrawal(user, amount, at) → { financial_year, withdrawn_paise (A: this year's counted
--   withdrawals, this one included), entry_fees_paise (B, so far), opening_balance_paise (C),
--   already_counted_paise (D: the net winnings earlier withdrawals this year counted), net_winnings_paise
--   (A − (B + C + D), never below zero), tax_paise (30% of it, never more than the amount) }.
--   A rejected, failed, cancelled or reversed payout's withholding is reversed, so it counts for neither A
--   nor D: it did not happen.
-- private.net_winnings_for_withdrawal       reads it (the year end's formula shares B, C and the counted rows).
-- public.preview_payout                      adds the reckoning's parts, for the one line of the withdraw screen.
-- public.request_payout                      takes its tax from it (unchanged otherwise).
-- private.earnings_of / get_my_earnings      add balance_after_tax_paise: what the whole balance would pay out
--                                            now, the balance less the tax of withdrawing all of it.
-- public.get_my_tax_statement                adds entry_fees_paise, the fees paid in the year (B at the year end).
-- =====================================================================================================

update private.settings
   set value = 'true',
       note = 'Entry fees paid in the financial year (less refunds) are deposits (B in Rule 133): net winnings are what is withdrawn less them. Confirm with the chartered accountant.',
       updated_at = now()
 where key = 'entry_fees_are_deposits';

create or replace function private.tax_in_withdrawal(p_user_id uuid, p_amount_paise bigint, p_at timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with fy as (select private.financial_year(p_at) as year),
  earlier as (
    select coalesce(sum(w.gross_paise), 0)::bigint as withdrawn, coalesce(sum(w.net_winnings_paise), 0)::bigint as counted
      from private.tax_withholdings w, fy
     where w.user_id = p_user_id and w.financial_year = fy.year and w.kind = 'withdrawal' and w.reversed_at is null
  ),
  parts as (
    select fy.year,
           earlier.withdrawn + greatest(coalesce(p_amount_paise, 0), 0) as withdrawn,                          -- A
           private.deposits_between(p_user_id, private.financial_year_start(fy.year), p_at + interval '1 microsecond')
             as entry_fees,                                                                                    -- B, so far
           private.opening_balance(p_user_id, fy.year) as opening,                                             -- C
           earlier.counted                                                                                     -- D
      from fy, earlier
  ),
  reckoned as (
    select parts.*, greatest(0, parts.withdrawn - (parts.entry_fees + parts.opening + parts.counted))::bigint as net_winnings
      from parts
  )
  select jsonb_build_object('financial_year', year, 'withdrawn_paise', withdrawn, 'entry_fees_paise', entry_fees,
                            'opening_balance_paise', opening, 'already_counted_paise', counted,
                            'net_winnings_paise', net_winnings,
                            'tax_paise', least(private.tax_on(net_winnings), greatest(coalesce(p_amount_paise, 0), 0)))
    from reckoned;
$$;

comment on function private.tax_in_withdrawal(uuid, bigint, timestamptz) is
  'The one reckoning of a withdrawal''s tax (s.194BA, Rule 133): A this year''s counted withdrawals with this one, B the entry fees paid this year less refunds, C the opening balance, D what earlier withdrawals this year counted; net winnings A − (B + C + D), never below zero; tax 30% of it, never more than the amount.';

create or replace function private.net_winnings_for_withdrawal(p_user_id uuid, p_amount_paise bigint, p_at timestamptz)
returns bigint
language sql
stable
set search_path = ''
as $$
  select (private.tax_in_withdrawal(p_user_id, p_amount_paise, p_at) ->> 'net_winnings_paise')::bigint;
$$;

create or replace function private.earnings_of(p_user_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with lines as (
    select j.kind, l.amount_paise from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
     where l.account = private.player_account(p_user_id)
  ),
  balance as (select coalesce(sum(amount_paise), 0)::bigint as paise from lines)
  select jsonb_build_object(
    'won_paise', (select coalesce(sum(amount_paise), 0) from lines where kind = 'prize'),
    'tax_withheld_paise', (select coalesce(-sum(amount_paise), 0) from lines where kind in ('tax_withheld', 'tax_reversed')),
    'paid_out_paise', (select coalesce(sum(net_paise), 0) from public.payouts where user_id = p_user_id and status = 'processed'),
    'balance_paise', balance.paise,
    -- What withdrawing the whole balance now would pay out, after the tax request_payout would withhold.
    'balance_after_tax_paise', balance.paise
                               - case when balance.paise > 0
                                      then (private.tax_in_withdrawal(p_user_id, balance.paise, private.clock_now()) ->> 'tax_paise')::bigint
                                      else 0 end,
    'pending_paise', (select coalesce(sum(net_paise), 0) from public.payouts
                       where user_id = p_user_id and private.payout_status_rank(status) < 5)
                     + private.waiting_prizes_paise(p_user_id))
    from balance;
$$;

comment on function public.get_my_earnings() is
  'The public contract: the caller''s won, tax withheld, paid out, balance, balance after tax (what withdrawing all of it would pay out now) and pending amounts in paise, from the ledger.';

create or replace function public.preview_payout(p_amount_paise bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_amount bigint := private.require_amount(p_amount_paise);
  v_reckoning jsonb;
  v_tax bigint;
begin
  v_reckoning := private.tax_in_withdrawal(v_user, v_amount, v_now);
  v_tax := (v_reckoning ->> 'tax_paise')::bigint;
  return jsonb_build_object('gross_paise', v_amount, 'tax_paise', v_tax, 'net_paise', v_amount - v_tax,
                            'balance_paise', private.player_balance(v_user),
                            'tax_rate_percent', round(private.tax_rate() * 100, 2),
                            'reckoning', v_reckoning - 'tax_paise');
end;
$$;

comment on function public.preview_payout(bigint) is
  'The gross, tax and net of a withdrawal of this amount, before the player confirms, with the reckoning of its net winnings (withdrawn this year, entry fees paid, opening balance, already counted).';

create or replace function public.request_payout(p_amount_paise bigint, p_idempotency_key text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_key text := nullif(btrim(p_idempotency_key), '');
  v_payout public.payouts%rowtype;
  v_kyc public.kyc_records%rowtype;
  v_amount bigint;
  v_reckoning jsonb;
  v_net_winnings bigint;
  v_tax bigint;
  v_balance bigint;
  v_first boolean;
begin
  if v_key is not null then
    if char_length(v_key) > 200 then
      raise exception 'The idempotency key is too long' using errcode = 'PT400', hint = 'invalid_idempotency_key';
    end if;
    select * into v_payout from public.payouts where user_id = v_user and idempotency_key = v_key;
    if found then
      return private.payout_answer(v_payout);
    end if;
  end if;
  v_amount := private.require_amount(p_amount_paise);

  -- One request at a time per player: the KYC row is the lock.
  select * into v_kyc from public.kyc_records where user_id = v_user for update;
  if not found or v_kyc.status <> 'verified' then
    raise exception 'Verify your PAN and UPI id before your first withdrawal' using errcode = 'PT403', hint = 'kyc_required';
  end if;
  if v_key is not null then
    -- The same key may have won the race while we waited for the lock.
    select * into v_payout from public.payouts where user_id = v_user and idempotency_key = v_key;
    if found then
      return private.payout_answer(v_payout);
    end if;
  end if;
  if v_kyc.payouts_held_until is not null and v_kyc.payouts_held_until > v_now then
    raise exception 'Your UPI id changed recently: withdrawals are held until %',
      to_char(v_kyc.payouts_held_until at time zone 'Asia/Kolkata', 'DD Mon HH24:MI') || ' IST'
      using errcode = 'PT409', hint = 'payouts_held';
  end if;

  perform private.settle_last_year(v_user, v_now);
  v_balance := private.player_balance(v_user);
  if v_amount > v_balance then
    raise exception 'Your balance is ₹%', to_char(v_balance / 100.0, 'FM99999999990.00')
      using errcode = 'PT409', hint = 'insufficient_balance';
  end if;

  v_reckoning := private.tax_in_withdrawal(v_user, v_amount, v_now);
  v_net_winnings := (v_reckoning ->> 'net_winnings_paise')::bigint;
  v_tax := (v_reckoning ->> 'tax_paise')::bigint;
  v_first := not exists (select 1 from public.payouts where user_id = v_user and status = 'processed');

  insert into public.payouts (user_id, gross_paise, tax_paise, net_paise, status, idempotency_key, upi_id, needs_approvals,
                              created_at, updated_at)
  values (v_user, v_amount, v_tax, v_amount - v_tax,
          case when v_first or v_amount > (private.setting('payout_approval_over_paise') #>> '{}')::bigint
               then 'awaiting_approval' else 'approved' end,
          v_key, v_kyc.upi_id,
          case when v_first or v_amount > (private.setting('payout_approval_over_paise') #>> '{}')::bigint then 1 else 0 end,
          v_now, v_now)
  returning * into v_payout;

  insert into private.tax_withholdings (user_id, financial_year, kind, gross_paise, net_winnings_paise, tax_paise, payout_id, at)
  values (v_user, private.financial_year(v_now), 'withdrawal', v_amount, v_net_winnings, v_tax, v_payout.id, v_now);
  perform private.post_journal('tax_withheld', 'payout:' || v_payout.id, jsonb_build_array(
    jsonb_build_object('account', private.player_account(v_user), 'amount_paise', -v_tax, 'user_id', v_user),
    jsonb_build_object('account', 'tax:payable', 'amount_paise', v_tax, 'user_id', v_user)), v_user);
  perform private.post_journal('payout_requested', 'payout:' || v_payout.id, jsonb_build_array(
    jsonb_build_object('account', private.player_account(v_user), 'amount_paise', -v_payout.net_paise, 'user_id', v_user),
    jsonb_build_object('account', 'payouts:in_flight', 'amount_paise', v_payout.net_paise, 'user_id', v_user)), v_user);

  if v_payout.status = 'approved' then
    perform private.queue_payout(v_payout);
  end if;
  return private.payout_answer(v_payout);
end;
$$;

create or replace function public.get_my_tax_statement(p_financial_year integer)
returns jsonb
language plpgsql
stable security definer
set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_from timestamptz;
  v_to timestamptz;
begin
  if p_financial_year is null or p_financial_year < 2020 or p_financial_year > 2100 then
    raise exception 'Say which financial year (2027 is April 2027 to March 2028)' using errcode = 'PT400', hint = 'invalid_financial_year';
  end if;
  v_from := private.financial_year_start(p_financial_year);
  v_to := private.financial_year_start(p_financial_year + 1);
  return jsonb_build_object(
    'financial_year', p_financial_year,
    'legal_name', (select legal_name from public.profiles where id = v_user),
    'pan_masked', (select private.masked_pan(pan_last4) from public.kyc_records where user_id = v_user),
    'deductor_tan', private.setting('deductor_tan') #>> '{}',
    'winnings_paise', (select coalesce(sum(l.amount_paise), 0)
                         from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                        where l.account = private.player_account(v_user) and j.kind = 'prize'
                          and j.created_at >= v_from and j.created_at < v_to),
    'tax_withheld', coalesce((select jsonb_agg(jsonb_build_object('at', w.at, 'paise', w.tax_paise, 'payout_id', w.payout_id,
                                                                  'net_winnings_paise', w.net_winnings_paise, 'kind', w.kind)
                                               order by w.at, w.id)
                                from private.tax_withholdings w
                               where w.user_id = v_user and w.financial_year = p_financial_year and w.reversed_at is null
                                 and w.tax_paise > 0), '[]'::jsonb),
    -- The UTR is the bank's reference of a sent payout, when the payout row carries one.
    'payouts', coalesce((select jsonb_agg(jsonb_build_object('payout_id', p.id, 'at', p.created_at, 'gross_paise', p.gross_paise,
                                                             'tax_paise', p.tax_paise, 'net_paise', p.net_paise, 'status', p.status,
                                                             'utr', to_jsonb(p) ->> 'utr')
                                          order by p.created_at, p.id)
                           from public.payouts p
                          where p.user_id = v_user and p.created_at >= v_from and p.created_at < v_to), '[]'::jsonb),
    -- B of the year: the entry fees paid in it less their refunds, which net winnings are reckoned after.
    'entry_fees_paise', private.deposits_between(v_user, v_from, v_to),
    'opening_balance_paise', private.opening_balance(v_user, p_financial_year),
    'closing_balance_paise', private.player_balance(v_user, v_to)
  );
end;
$$;

revoke all on function private.tax_in_withdrawal(uuid, bigint, timestamptz) from public;
