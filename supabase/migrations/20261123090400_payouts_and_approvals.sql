-- =====================================================================================================
-- Payouts: a withdrawal from the balance, the tax withheld, admin approvals, RazorpayX statuses
-- =====================================================================================================
-- request_payout(amount, key) takes the gross amount from the balance at once (ledger: balance - gross,
-- tax:payable + tax, payouts:in_flight + net). A first payout, or one above ₹10,000 (a setting), waits for
-- an admin; a second admin approves too when the first is an organiser of a tournament the winnings came
-- from. Fully approved, the payout goes to the outbox ('razorpayx_payout', key 'payout-<id>').
-- service_record_payout_status(...) records what RazorpayX says. Statuses only move forward:
--   queued < pending < scheduled < processing < processed;  processed may still become reversed;
--   reversed, cancelled, rejected and failed are final.
-- An older or repeated event changes nothing. processed moves the net from in flight to bank:payouts;
-- a failed, cancelled, rejected (or rejected by an admin) or reversed payout returns the gross to the
-- balance and reverses its tax.
-- =====================================================================================================

create table public.payouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id),
  gross_paise bigint not null constraint payouts_gross_positive check (gross_paise > 0),
  tax_paise bigint not null constraint payouts_tax_not_negative check (tax_paise >= 0),
  net_paise bigint not null,
  status text not null
    constraint payouts_status_known check (status in ('awaiting_approval', 'approved', 'queued', 'pending', 'scheduled',
      'processing', 'processed', 'reversed', 'cancelled', 'rejected', 'failed')),
  idempotency_key text,
  provider_payout_id text,
  upi_id text not null,
  failure_reason text,
  needs_approvals integer not null default 0 constraint payouts_needs_approvals_range check (needs_approvals between 0 and 2),
  last_event_at timestamptz,
  processed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint payouts_gross_is_tax_and_net check (gross_paise = tax_paise + net_paise),
  constraint payouts_one_per_key unique (user_id, idempotency_key)
);
create index payouts_of_user on public.payouts (user_id, created_at desc);
create index payouts_open on public.payouts (status) where status not in ('processed', 'reversed', 'cancelled', 'rejected', 'failed');

comment on table public.payouts is 'Withdrawals of winnings to a UPI id. Written only by SQL functions.';

alter table public.payouts enable row level security;
revoke all on public.payouts from anon;
revoke insert, update, delete, truncate, references, trigger on public.payouts from authenticated;
create policy "Players read their own payouts, admins read all"
  on public.payouts for select
  to authenticated
  using (user_id = (select private.current_player_id())
         or ((select private.current_player_id()) is not null and (select private.is_admin(auth.uid()))));

create table public.payout_approvals (
  payout_id uuid not null references public.payouts (id),
  admin_id uuid not null references auth.users (id),
  at timestamptz not null,
  primary key (payout_id, admin_id)
);
alter table public.payout_approvals enable row level security;
revoke all on public.payout_approvals from anon;
revoke insert, update, delete, truncate, references, trigger on public.payout_approvals from authenticated;
create policy "Admins read approvals"
  on public.payout_approvals for select
  to authenticated
  using ((select private.current_player_id()) is not null and (select private.is_admin(auth.uid())));

-- The provider's order of statuses (0 before the provider knows the payout).
create function private.payout_status_rank(p_status text) returns integer
  language sql immutable set search_path = ''
as $$
  select case p_status when 'awaiting_approval' then 0 when 'approved' then 0 when 'queued' then 1 when 'pending' then 2
                       when 'scheduled' then 3 when 'processing' then 4 when 'processed' then 5 else 6 end;
$$;

create function private.payout_answer(p_payout public.payouts) returns jsonb
  language sql immutable set search_path = ''
as $$
  select jsonb_build_object('payout_id', p_payout.id, 'gross_paise', p_payout.gross_paise, 'tax_paise', p_payout.tax_paise,
                            'net_paise', p_payout.net_paise, 'status', p_payout.status);
$$;

-- -----------------------------------------------------------------------------------------------------
-- The tax of a withdrawal, shown before the player confirms
-- -----------------------------------------------------------------------------------------------------
create function private.require_amount(p_amount_paise bigint) returns bigint
  language plpgsql immutable set search_path = ''
as $$
begin
  if p_amount_paise is null or p_amount_paise <= 0 then
    raise exception 'Enter an amount above zero' using errcode = 'PT400', hint = 'invalid_amount';
  end if;
  return p_amount_paise;
end;
$$;

-- The year-end withholding of the year just ended comes first, for this player, if the job has not run yet.
create function private.settle_last_year(p_user_id uuid, p_now timestamptz) returns void
  language sql set search_path = ''
as $$
  select private.withhold_year_end(private.financial_year(p_now) - 1, p_user_id);
$$;

create function public.preview_payout(p_amount_paise bigint) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_amount bigint := private.require_amount(p_amount_paise);
  v_tax bigint;
begin
  v_tax := least(private.tax_on(private.net_winnings_for_withdrawal(v_user, v_amount, v_now)), v_amount);
  return jsonb_build_object('gross_paise', v_amount, 'tax_paise', v_tax, 'net_paise', v_amount - v_tax,
                            'balance_paise', private.player_balance(v_user));
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Requesting a payout
-- -----------------------------------------------------------------------------------------------------
create function private.queue_payout(p_payout public.payouts) returns void
  language sql set search_path = ''
as $$
  select private.enqueue_outside_call('razorpayx_payout', 'payout-' || p_payout.id,
    jsonb_build_object('payout_id', p_payout.id, 'user_id', p_payout.user_id, 'net_paise', p_payout.net_paise,
                       'upi_id', p_payout.upi_id,
                       'legal_name', (select legal_name from public.profiles where id = p_payout.user_id),
                       'email', (select email from auth.users where id = p_payout.user_id)));
$$;

create function public.request_payout(p_amount_paise bigint, p_idempotency_key text default null) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_user uuid := private.require_player();
  v_key text := nullif(btrim(p_idempotency_key), '');
  v_payout public.payouts%rowtype;
  v_kyc public.kyc_records%rowtype;
  v_amount bigint;
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

  v_net_winnings := private.net_winnings_for_withdrawal(v_user, v_amount, v_now);
  v_tax := least(private.tax_on(v_net_winnings), v_amount);
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

-- -----------------------------------------------------------------------------------------------------
-- Money back: a payout that never arrived (or came back) returns the gross and its tax
-- -----------------------------------------------------------------------------------------------------
create function private.return_payout(p_payout public.payouts, p_from_account text, p_by uuid) returns void
  language plpgsql set search_path = ''
as $$
begin
  perform private.post_journal('payout_reversed', 'payout:' || p_payout.id, jsonb_build_array(
    jsonb_build_object('account', p_from_account, 'amount_paise', -p_payout.net_paise, 'user_id', p_payout.user_id),
    jsonb_build_object('account', private.player_account(p_payout.user_id), 'amount_paise', p_payout.net_paise,
                       'user_id', p_payout.user_id)), p_by);
  perform private.post_journal('tax_reversed', 'payout:' || p_payout.id, jsonb_build_array(
    jsonb_build_object('account', 'tax:payable', 'amount_paise', -p_payout.tax_paise, 'user_id', p_payout.user_id),
    jsonb_build_object('account', private.player_account(p_payout.user_id), 'amount_paise', p_payout.tax_paise,
                       'user_id', p_payout.user_id)), p_by);
  update private.tax_withholdings set reversed_at = private.clock_now() where payout_id = p_payout.id and reversed_at is null;
  perform private.notify(p_payout.user_id, 'payout_failed',
                         'Withdrawal of ₹' || to_char(p_payout.gross_paise / 100.0, 'FM99999999990.00') || ' did not go through',
                         coalesce(p_payout.failure_reason, 'The transfer failed.')
                         || ' The amount and its tax are back in your balance.',
                         '/earnings/', p_payout.id || '-' || p_payout.status);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Admin approval
-- -----------------------------------------------------------------------------------------------------
-- The tournaments a player's winnings came from.
create function private.prize_tournaments_of(p_user_id uuid) returns setof text
  language sql stable set search_path = ''
as $$
  select distinct tournament_id from private.prize_awards where player_id = p_user_id and status = 'credited';
$$;

-- Did this staff member organise one of these tournaments (an organiser grant for it or for the whole
-- site, or an organiser's action on it in the audit log)?
create function private.organised_any(p_staff_id uuid, p_tournament_ids text[]) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (select 1 from public.staff_roles
                  where user_id = p_staff_id and role = 'organiser'
                    and (tournament_id is null or tournament_id = any (p_tournament_ids)))
      or exists (select 1 from public.audit_log
                  where actor_id = p_staff_id and tournament_id = any (p_tournament_ids) and actor_role in ('organiser', 'admin'));
$$;

create function public.staff_approve_payout(p_payout_id uuid) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_admin uuid := private.require_staff('admin');
  v_payout public.payouts%rowtype;
  v_count integer;
begin
  if not private.is_admin(v_admin) then
    raise exception 'Approving payouts needs an admin of the whole site' using errcode = 'PT403', hint = 'staff_only';
  end if;
  select * into v_payout from public.payouts where id = p_payout_id for update;
  if not found then
    raise exception 'No such payout' using errcode = 'PT404', hint = 'payout_not_found';
  end if;
  if v_payout.user_id = v_admin then
    raise exception 'No admin approves their own payout' using errcode = 'PT403', hint = 'own_payout';
  end if;
  if v_payout.status <> 'awaiting_approval' then
    raise exception 'This payout is not waiting for approval (it is %)', v_payout.status
      using errcode = 'PT409', hint = 'payout_not_awaiting_approval';
  end if;
  if exists (select 1 from public.payout_approvals where payout_id = p_payout_id and admin_id = v_admin) then
    raise exception 'You approved this payout already: another admin must approve it too'
      using errcode = 'PT409', hint = 'already_approved';
  end if;
  insert into public.payout_approvals (payout_id, admin_id, at) values (p_payout_id, v_admin, v_now);
  select count(*) into v_count from public.payout_approvals where payout_id = p_payout_id;
  if v_count = 1 and private.organised_any(v_admin, array(select private.prize_tournaments_of(v_payout.user_id))) then
    update public.payouts set needs_approvals = 2 where id = p_payout_id returning * into v_payout;
  end if;
  if v_count >= greatest(v_payout.needs_approvals, 1) then
    update public.payouts set status = 'approved', updated_at = v_now where id = p_payout_id returning * into v_payout;
    perform private.queue_payout(v_payout);
  end if;
  perform private.audit(null, 'payout_approved',
                        'Payout of ₹' || to_char(v_payout.gross_paise / 100.0, 'FM99999999990.00') || ' approved ('
                        || v_count || ' of ' || greatest(v_payout.needs_approvals, 1) || ')',
                        null, null, jsonb_build_object('payout_id', v_payout.id, 'status', v_payout.status), false, v_admin);
  return private.payout_answer(v_payout) || jsonb_build_object('approvals', v_count, 'needs_approvals', v_payout.needs_approvals);
end;
$$;

create function public.staff_reject_payout(p_payout_id uuid, p_reason text) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_admin uuid := private.require_staff('admin');
  v_reason text := private.require_reason(p_reason);
  v_payout public.payouts%rowtype;
begin
  if not private.is_admin(v_admin) then
    raise exception 'Rejecting payouts needs an admin of the whole site' using errcode = 'PT403', hint = 'staff_only';
  end if;
  select * into v_payout from public.payouts where id = p_payout_id for update;
  if not found then
    raise exception 'No such payout' using errcode = 'PT404', hint = 'payout_not_found';
  end if;
  if v_payout.status <> 'awaiting_approval' then
    raise exception 'This payout is not waiting for approval (it is %)', v_payout.status
      using errcode = 'PT409', hint = 'payout_not_awaiting_approval';
  end if;
  update public.payouts set status = 'rejected', failure_reason = 'Not approved: ' || v_reason, updated_at = v_now
   where id = p_payout_id returning * into v_payout;
  perform private.return_payout(v_payout, 'payouts:in_flight', v_admin);
  perform private.audit(null, 'payout_rejected', 'Payout of ₹' || to_char(v_payout.gross_paise / 100.0, 'FM99999999990.00') || ' rejected',
                        v_reason, null, jsonb_build_object('payout_id', v_payout.id), false, v_admin);
  return private.payout_answer(v_payout);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- What RazorpayX says
-- -----------------------------------------------------------------------------------------------------
create function public.service_record_payout_status(
  p_payout_id uuid, p_provider_payout_id text, p_status text, p_failure_reason text, p_event_at timestamptz
) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payout public.payouts%rowtype;
  v_old text;
  v_moves boolean;
begin
  if p_status is null or p_status not in ('queued', 'pending', 'scheduled', 'processing', 'processed', 'reversed', 'cancelled',
                                          'rejected', 'failed') then
    raise exception 'Unknown payout status' using errcode = 'PT400', hint = 'invalid_payout_status';
  end if;
  select * into v_payout from public.payouts where id = p_payout_id for update;
  if not found then
    raise exception 'No such payout' using errcode = 'PT404', hint = 'payout_not_found';
  end if;
  v_old := v_payout.status;
  v_moves := case
    when v_old in ('awaiting_approval', 'reversed', 'cancelled', 'rejected', 'failed') then false
    when v_old = 'processed' then p_status = 'reversed'
    when p_status = 'reversed' then false
    when p_status in ('cancelled', 'rejected', 'failed') then true
    else private.payout_status_rank(p_status) > private.payout_status_rank(v_old)
  end;
  update public.payouts
     set provider_payout_id = coalesce(provider_payout_id, nullif(p_provider_payout_id, '')),
         last_event_at = greatest(last_event_at, coalesce(p_event_at, v_now))
   where id = p_payout_id;
  if not v_moves then
    return jsonb_build_object('status', v_old, 'changed', false);
  end if;

  update public.payouts
     set status = p_status,
         failure_reason = case when p_status in ('reversed', 'cancelled', 'rejected', 'failed')
                               then coalesce(left(nullif(btrim(p_failure_reason), ''), 500), 'The bank did not accept the transfer.')
                               else failure_reason end,
         processed_at = case when p_status = 'processed' then v_now else processed_at end,
         updated_at = v_now
   where id = p_payout_id
  returning * into v_payout;

  if p_status = 'processed' then
    perform private.post_journal('payout_sent', 'payout:' || v_payout.id, jsonb_build_array(
      jsonb_build_object('account', 'payouts:in_flight', 'amount_paise', -v_payout.net_paise, 'user_id', v_payout.user_id),
      jsonb_build_object('account', 'bank:payouts', 'amount_paise', v_payout.net_paise, 'user_id', v_payout.user_id)));
    perform private.notify(v_payout.user_id, 'payout_sent',
                           '₹' || to_char(v_payout.net_paise / 100.0, 'FM99999999990.00') || ' sent to ' || v_payout.upi_id,
                           'Your withdrawal of ₹' || to_char(v_payout.gross_paise / 100.0, 'FM99999999990.00') || ' is paid; ₹'
                           || to_char(v_payout.tax_paise / 100.0, 'FM99999999990.00') || ' tax was withheld.',
                           '/earnings/', v_payout.id || '-processed');
  elsif p_status in ('reversed', 'cancelled', 'rejected', 'failed') then
    perform private.return_payout(v_payout, case when v_old = 'processed' then 'bank:payouts' else 'payouts:in_flight' end, null);
  end if;
  return jsonb_build_object('status', v_payout.status, 'changed', true);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- Reading payouts and earnings
-- -----------------------------------------------------------------------------------------------------
create function public.get_my_payouts() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  return coalesce((select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
                            'upi_id', p.upi_id, 'failure_reason', p.failure_reason, 'created_at', p.created_at,
                            'processed_at', p.processed_at) order by p.created_at desc, p.id)
                     from public.payouts p where p.user_id = v_user), '[]'::jsonb);
end;
$$;

-- Prizes the player will be credited once the challenge window (and any dispute) is over.
create function private.waiting_prizes_paise(p_user_id uuid) returns bigint
  language sql stable set search_path = ''
as $$
  select coalesce(sum(a.amount_paise), 0)::bigint
    from public.tournaments t
   cross join lateral private.prize_allocation(t.id) a
   where t.finished_at is not null and t.settled_at is null and t.cancelled_at is null
     and exists (select 1 from public.entries e where e.tournament_id = t.id and e.player_id = p_user_id)
     and a.player_id = p_user_id;
$$;

create function private.earnings_of(p_user_id uuid) returns jsonb
  language sql stable set search_path = ''
as $$
  with lines as (
    select j.kind, l.amount_paise from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
     where l.account = private.player_account(p_user_id)
  )
  select jsonb_build_object(
    'won_paise', (select coalesce(sum(amount_paise), 0) from lines where kind = 'prize'),
    'tax_withheld_paise', (select coalesce(-sum(amount_paise), 0) from lines where kind in ('tax_withheld', 'tax_reversed')),
    'paid_out_paise', (select coalesce(sum(net_paise), 0) from public.payouts where user_id = p_user_id and status = 'processed'),
    'balance_paise', (select coalesce(sum(amount_paise), 0) from lines),
    'pending_paise', (select coalesce(sum(net_paise), 0) from public.payouts
                       where user_id = p_user_id and private.payout_status_rank(status) < 5)
                     + private.waiting_prizes_paise(p_user_id));
$$;

-- get_my_earnings(): {won_paise, tax_withheld_paise, paid_out_paise, balance_paise, pending_paise}, all from
-- the ledger: won - tax withheld - paid out - payouts on their way = balance; pending is what is on its
-- way to the player (payouts not processed yet, net) plus prizes waiting for the challenge window.
create function public.get_my_earnings() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
begin
  return private.earnings_of(v_user);
end;
$$;

-- staff_list_payout_queue(): payouts waiting for an admin (and approved ones not yet paid), with the
-- player's KYC, where the winnings came from and the tax.
create function public.staff_list_payout_queue() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_admin uuid := private.require_staff('admin');
begin
  return coalesce((
    select jsonb_agg(private.payout_answer(p) || jsonb_build_object(
             'user_id', p.user_id, 'upi_id', p.upi_id, 'created_at', p.created_at, 'needs_approvals', greatest(p.needs_approvals, 1),
             'approved_by', coalesce((select jsonb_agg(jsonb_build_object('admin_id', a.admin_id, 'at', a.at) order by a.at)
                                        from public.payout_approvals a where a.payout_id = p.id), '[]'::jsonb),
             'can_approve', p.user_id <> v_admin and p.status = 'awaiting_approval'
                            and not exists (select 1 from public.payout_approvals a where a.payout_id = p.id and a.admin_id = v_admin),
             'player', jsonb_build_object('legal_name', pr.legal_name, 'in_game_name', pr.in_game_name, 'email', pr.email),
             'kyc', jsonb_build_object('status', k.status, 'pan_masked', private.masked_pan(k.pan), 'upi_id', k.upi_id,
                                       'verified_at', k.verified_at, 'upi_changed_at', k.upi_changed_at),
             'tax', (select jsonb_build_object('net_winnings_paise', w.net_winnings_paise, 'tax_paise', w.tax_paise,
                                               'financial_year', w.financial_year)
                       from private.tax_withholdings w where w.payout_id = p.id),
             'earnings', private.earnings_of(p.user_id),
             'winnings', coalesce((select jsonb_agg(jsonb_build_object('tournament_id', aw.tournament_id, 'title', t.title,
                                                                       'place', aw.place_label, 'amount_paise', aw.amount_paise,
                                                                       'at', aw.created_at) order by aw.created_at desc)
                                     from private.prize_awards aw join public.tournaments t on t.id = aw.tournament_id
                                    where aw.player_id = p.user_id and aw.status = 'credited'), '[]'::jsonb))
           order by p.created_at)
      from public.payouts p
      join public.profiles pr on pr.id = p.user_id
      left join public.kyc_records k on k.user_id = p.user_id
     where p.status in ('awaiting_approval', 'approved', 'queued', 'pending', 'scheduled', 'processing')), '[]'::jsonb);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The periodic function: prizes, the year end, payouts without a webhook, and the ledger's health
-- -----------------------------------------------------------------------------------------------------
create function private.run_due_money_work() returns jsonb
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_settled integer;
  v_year_end integer;
  v_polls integer;
  v_ledger jsonb;
begin
  v_settled := private.credit_due_prizes(v_now);
  v_year_end := private.withhold_year_end(private.financial_year(v_now) - 1);

  -- A payout the provider has not told us about for 30 minutes is asked about (again every 30 minutes).
  insert into private.outbox (kind, idempotency_key, payload)
  select 'razorpayx_payout_check',
         'payout-check-' || p.id || '-' || floor(extract(epoch from v_now) / 1800)::bigint,
         jsonb_build_object('payout_id', p.id, 'provider_payout_id', p.provider_payout_id)
    from public.payouts p
   where p.status in ('approved', 'queued', 'pending', 'scheduled', 'processing')
     and coalesce(p.last_event_at, p.updated_at) <= v_now - interval '30 minutes'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_polls = row_count;

  v_ledger := private.check_ledger();
  if not (v_ledger ->> 'balanced')::boolean
     and not exists (select 1 from public.audit_log where action = 'ledger_unbalanced' and at > v_now - interval '1 hour') then
    perform private.audit(null, 'ledger_unbalanced', 'The ledger does not balance: staff must look at it now', null, null, v_ledger, false);
  end if;
  return jsonb_build_object('prizes_settled', v_settled, 'year_end_withholdings', v_year_end, 'payout_checks', v_polls,
                            'ledger_balanced', (v_ledger ->> 'balanced')::boolean);
end;
$$;

create or replace function private.run_due_work() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  v_result := private.run_due_payment_work() || private.run_due_pod_work() || private.run_due_notification_work()
           || private.run_due_draw_work() || private.run_due_match_work();
  v_result := v_result || jsonb_build_object('draws_announced', private.announce_draws(private.clock_now()));
  return v_result || private.run_due_money_work();
end;
$$;

revoke all on function private.run_due_work() from public;
revoke all on function private.run_due_money_work() from public;
revoke all on function private.payout_status_rank(text) from public;
revoke all on function private.payout_answer(public.payouts) from public;
revoke all on function private.require_amount(bigint) from public;
revoke all on function private.settle_last_year(uuid, timestamptz) from public;
revoke all on function private.queue_payout(public.payouts) from public;
revoke all on function private.return_payout(public.payouts, text, uuid) from public;
revoke all on function private.prize_tournaments_of(uuid) from public;
revoke all on function private.organised_any(uuid, text[]) from public;
revoke all on function private.waiting_prizes_paise(uuid) from public;
revoke all on function private.earnings_of(uuid) from public;
revoke all on function public.preview_payout(bigint) from public, anon;
revoke all on function public.request_payout(bigint, text) from public, anon;
revoke all on function public.staff_approve_payout(uuid) from public, anon;
revoke all on function public.staff_reject_payout(uuid, text) from public, anon;
revoke all on function public.get_my_payouts() from public, anon;
revoke all on function public.get_my_earnings() from public, anon;
revoke all on function public.staff_list_payout_queue() from public, anon;
revoke all on function public.service_record_payout_status(uuid, text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.preview_payout(bigint) to authenticated;
grant execute on function public.request_payout(bigint, text) to authenticated;
grant execute on function public.staff_approve_payout(uuid) to authenticated;
grant execute on function public.staff_reject_payout(uuid, text) to authenticated;
grant execute on function public.get_my_payouts() to authenticated;
grant execute on function public.get_my_earnings() to authenticated;
grant execute on function public.staff_list_payout_queue() to authenticated;
grant execute on function public.service_record_payout_status(uuid, text, text, text, timestamptz) to service_role;
