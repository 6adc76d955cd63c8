-- =====================================================================================================
-- Chargebacks: open, won or lost, in any order of Razorpay's payment.dispute.* events
-- =====================================================================================================
-- private.chargebacks   one row per Razorpay dispute: the payment, its registration and tournament, the
--                       payer, the amount and where it stands (open, won, lost). Events that arrive late,
--                       twice or out of order (won before created) leave it as the first decision made it.
-- While a chargeback is open, the payer's withdrawals are held up to the disputed amount (a check on
-- every new payout, hint chargeback_hold). Won (or closed in our favour) releases the hold and any
-- prize held for the entry. Lost debits the ledger: the payer's balance up to what it holds, the rest to
-- the platform's chargeback loss account (no balance goes negative), and the entry's held prizes are
-- forfeited. Every new event writes an audit row and tells the platform's admins (and the
-- tournament's organisers); open and recently decided chargebacks show on the console's needs-attention.
-- =====================================================================================================

-- The ledger learns the chargeback journal and the loss account. Widened from whatever the constraints
-- say now, so kinds and accounts added by other migrations stay allowed.
do $$
declare
  v_def text;
begin
  select pg_get_constraintdef(oid) into v_def from pg_constraint
   where conname = 'ledger_journal_kind_known' and conrelid = 'private.ledger_journal'::regclass;
  execute 'alter table private.ledger_journal drop constraint ledger_journal_kind_known';
  execute format('alter table private.ledger_journal add constraint ledger_journal_kind_known check (%s or kind = %L)',
                 regexp_replace(v_def, '^CHECK ', ''), 'chargeback');

  select pg_get_constraintdef(oid) into v_def from pg_constraint
   where conname = 'ledger_lines_account_known' and conrelid = 'private.ledger_lines'::regclass;
  execute 'alter table private.ledger_lines drop constraint ledger_lines_account_known';
  execute format('alter table private.ledger_lines add constraint ledger_lines_account_known check (%s or account = %L)',
                 regexp_replace(v_def, '^CHECK ', ''), 'platform:chargeback_loss');

  -- Staff are told in the bell too (not a kind players choose in their settings).
  select pg_get_constraintdef(oid) into v_def from pg_constraint
   where conname = 'notifications_kind_known' and conrelid = 'public.notifications'::regclass;
  execute 'alter table public.notifications drop constraint notifications_kind_known';
  execute format('alter table public.notifications add constraint notifications_kind_known check (%s or kind = %L)',
                 regexp_replace(v_def, '^CHECK ', ''), 'staff_alert');
end;
$$;

create table private.chargebacks (
  razorpay_dispute_id text primary key
    constraint chargebacks_dispute_id_length check (char_length(razorpay_dispute_id) between 1 and 100),
  razorpay_payment_id text not null,
  payment_id uuid references public.payments (id),
  registration_id uuid references public.tournament_registrations (id),
  tournament_id text references public.tournaments (id),
  user_id uuid references auth.users (id),
  amount_paise bigint not null constraint chargebacks_amount_positive check (amount_paise > 0),
  status text not null constraint chargebacks_status_known check (status in ('open', 'won', 'lost')),
  reason text,
  opened_at timestamptz not null,
  decided_at timestamptz,
  recovered_paise bigint not null default 0 constraint chargebacks_recovered_not_negative check (recovered_paise >= 0),
  loss_paise bigint not null default 0 constraint chargebacks_loss_not_negative check (loss_paise >= 0),
  updated_at timestamptz not null,
  constraint chargebacks_decided_when_final check ((status = 'open') = (decided_at is null))
);
create index chargebacks_open_of_user on private.chargebacks (user_id) where status = 'open';
create index chargebacks_of_registration on private.chargebacks (registration_id);
comment on table private.chargebacks is 'One row per Razorpay dispute of a payment: open holds the payer''s withdrawals up to the amount, won releases, lost debits the ledger (player first, the rest a platform loss). Events in any order end in the first decision.';
revoke all on private.chargebacks from public, anon, authenticated, service_role;

create function private.chargeback_held_paise(p_user_id uuid)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(amount_paise), 0)::bigint from private.chargebacks where user_id = p_user_id and status = 'open';
$$;
comment on function private.chargeback_held_paise(uuid) is 'What open chargebacks on a player''s payments hold of their balance: withdrawals leave at least this much.';

create function private.entry_chargeback_status(p_entry_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  -- lost over open over won: the state that weighs most on the entry's prizes.
  select c.status
    from public.entries e
    join private.chargebacks c on c.registration_id = e.registration_id
   where e.id = p_entry_id
   order by case c.status when 'lost' then 0 when 'open' then 1 else 2 end
   limit 1;
$$;
comment on function private.entry_chargeback_status(uuid) is 'Where the chargeback on the payment behind an entry stands (lost, open, won), null without one: what the prize rules read.';

create function private.money_text(p_paise bigint)
returns text
language sql
immutable
set search_path = ''
as $$ select '₹' || to_char(p_paise / 100.0, 'FM99999999990.00') $$;
comment on function private.money_text(bigint) is 'Paise as the ₹ amount staff and players read in notifications and holds.';

create function private.notify_money_staff(p_tournament_id text, p_title text, p_body text, p_key text)
returns void
language sql
set search_path = ''
as $$
  select private.deliver(array(
    select row(s.user_id, 'staff_alert', p_title, p_body, '/staff', p_key)::private.notice
      from (select distinct r.user_id from public.staff_roles r
             where (r.role = 'admin' and r.tournament_id is null)
                or (p_tournament_id is not null and r.tournament_id = p_tournament_id and r.role in ('organiser', 'admin'))) as s));
$$;
comment on function private.notify_money_staff(text, text, text, text) is 'Tells the platform''s admins (and the tournament''s organisers) of a money event that needs a person: chargebacks, outside calls given up.';

create function private.withdrawal_hold_refusal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_held bigint := private.chargeback_held_paise(new.user_id);
  v_available bigint;
begin
  if v_held = 0 then
    return new;
  end if;
  v_available := greatest(private.player_balance(new.user_id) - v_held, 0);
  if new.gross_paise > v_available then
    raise exception 'A chargeback on your entry payment holds % of your balance until the bank decides: you can withdraw up to % now',
      private.money_text(least(v_held, private.player_balance(new.user_id))), private.money_text(v_available)
      using errcode = 'PT409', hint = 'chargeback_hold';
  end if;
  return new;
end;
$$;
comment on function private.withdrawal_hold_refusal() is 'Refuses a new payout that would take the part of the balance an open chargeback holds (hint chargeback_hold).';

create trigger payouts_respect_chargeback_holds before insert on public.payouts
  for each row execute function private.withdrawal_hold_refusal();

create function public.get_my_withdrawal_holds()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := private.require_player();
  v_balance bigint := private.player_balance(v_user);
  v_held bigint := private.chargeback_held_paise(v_user);
begin
  return jsonb_build_object(
    'held_paise', least(v_held, greatest(v_balance, 0)),
    'available_paise', greatest(v_balance - v_held, 0),
    'chargebacks', coalesce((select jsonb_agg(jsonb_build_object('tournament_title', t.title, 'amount_paise', c.amount_paise,
                                                                 'opened_at', c.opened_at) order by c.opened_at, c.razorpay_dispute_id)
                               from private.chargebacks c left join public.tournaments t on t.id = c.tournament_id
                              where c.user_id = v_user and c.status = 'open'), '[]'::jsonb));
end;
$$;
comment on function public.get_my_withdrawal_holds() is 'What of the caller''s balance is held and why (open chargebacks on their entry payments), and what they can withdraw now.';
revoke all on function public.get_my_withdrawal_holds() from public, anon;
grant execute on function public.get_my_withdrawal_holds() to authenticated, service_role;

-- Lost: the ledger and the entry's prizes. Called once per chargeback (it moves from open or nothing to lost).
create function private.book_lost_chargeback(p_chargeback private.chargebacks)
returns private.chargebacks
language plpgsql
set search_path = ''
as $$
declare
  v_recovered bigint := 0;
  v_award private.prize_awards%rowtype;
  v_row private.chargebacks%rowtype := p_chargeback;
begin
  if p_chargeback.user_id is not null and p_chargeback.payment_id is not null then
    v_recovered := least(p_chargeback.amount_paise, greatest(private.player_balance(p_chargeback.user_id), 0));
    perform private.post_journal('chargeback', 'chargeback:' || p_chargeback.razorpay_dispute_id, jsonb_build_array(
      jsonb_build_object('account', 'razorpay:clearing', 'amount_paise', p_chargeback.amount_paise, 'user_id', p_chargeback.user_id),
      jsonb_build_object('account', private.player_account(p_chargeback.user_id), 'amount_paise', -v_recovered,
                         'user_id', p_chargeback.user_id),
      jsonb_build_object('account', 'platform:chargeback_loss', 'amount_paise', -(p_chargeback.amount_paise - v_recovered),
                         'user_id', p_chargeback.user_id)));
  end if;
  update private.chargebacks
     set recovered_paise = v_recovered, loss_paise = p_chargeback.amount_paise - v_recovered
   where razorpay_dispute_id = p_chargeback.razorpay_dispute_id
  returning * into v_row;
  -- Prizes of the entry not yet credited are forfeited.
  for v_award in
    update private.prize_awards a
       set status = 'forfeited', decided_at = private.clock_now(), note = 'Chargeback lost'
      from public.entries e
     where e.registration_id = p_chargeback.registration_id and a.entry_id = e.id and a.status = 'held'
    returning a.*
  loop
    perform private.audit(v_award.tournament_id, 'held_prize_forfeited',
                          'Held prize of ' || private.entry_name(v_award.entry_id) || ' forfeited: the chargeback was lost',
                          null, null, jsonb_build_object('amount_paise', v_award.amount_paise,
                                                         'razorpay_payment_id', p_chargeback.razorpay_payment_id),
                          false, null, v_award.entry_id);
  end loop;
  return v_row;
end;
$$;
comment on function private.book_lost_chargeback(private.chargebacks) is 'A lost chargeback: Razorpay takes the amount back; the payer''s balance pays it up to what it holds, the platform''s chargeback loss the rest; held prizes of the entry are forfeited.';

-- Won: the hold ends by itself (the row is no longer open); prizes held for the entry are credited.
create function private.release_won_chargeback(p_chargeback private.chargebacks)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_award private.prize_awards%rowtype;
begin
  if p_chargeback.registration_id is null then
    return;
  end if;
  if not exists (select 1 from private.chargebacks
                  where registration_id = p_chargeback.registration_id and status in ('open', 'lost')) then
    update public.tournament_registrations set disputed_at = null where id = p_chargeback.registration_id;
    for v_award in
      select a.* from private.prize_awards a join public.entries e on e.id = a.entry_id
       where e.registration_id = p_chargeback.registration_id and a.status = 'held'
       for update of a
    loop
      update private.prize_awards
         set status = 'credited', decided_at = private.clock_now(), note = 'Chargeback won',
             journal_id = private.post_prize(v_award, null)
       where tournament_id = v_award.tournament_id and entry_id = v_award.entry_id;
      perform private.audit(v_award.tournament_id, 'held_prize_paid',
                            'Held prize of ' || private.entry_name(v_award.entry_id) || ' paid: the chargeback was won',
                            null, null, jsonb_build_object('amount_paise', v_award.amount_paise,
                                                           'razorpay_payment_id', p_chargeback.razorpay_payment_id),
                            false, null, v_award.entry_id);
    end loop;
  end if;
end;
$$;
comment on function private.release_won_chargeback(private.chargebacks) is 'A won chargeback: the entry is no longer flagged (unless another chargeback on its payment is open or lost) and its held prizes are credited.';

drop function public.service_record_payment_dispute(text, text, text, integer, text);

create function public.service_record_payment_dispute(p_razorpay_payment_id text, p_dispute_id text, p_event text,
                                                      p_amount_paise bigint, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_payment public.payments%rowtype;
  v_registration public.tournament_registrations%rowtype;
  v_dispute_id text := coalesce(nullif(btrim(p_dispute_id), ''), 'payment:' || p_razorpay_payment_id);
  v_step text := regexp_replace(coalesce(p_event, ''), '^payment\.dispute\.', '');
  v_target text;
  v_row private.chargebacks%rowtype;
  v_before text;
  v_new_event boolean;
  v_title text;
begin
  if p_razorpay_payment_id is null or btrim(p_razorpay_payment_id) = '' then
    raise exception 'A payment id is required' using errcode = 'PT400', hint = 'payment_id_required';
  end if;
  v_target := case when v_step in ('created', 'under_review', 'action_required') then 'open'
                   -- Closed: Razorpay closed the dispute after our proof, without taking the money.
                   when v_step in ('won', 'closed') then 'won'
                   when v_step = 'lost' then 'lost' end;
  if v_target is null then
    raise exception 'Unknown chargeback event' using errcode = 'PT400', hint = 'invalid_dispute_event';
  end if;

  select * into v_payment from public.payments where razorpay_payment_id = p_razorpay_payment_id for update;
  insert into public.payment_disputes (payment_id, razorpay_payment_id, razorpay_dispute_id, event, amount_paise, reason)
  values (v_payment.id, p_razorpay_payment_id, v_dispute_id, p_event, p_amount_paise, left(p_reason, 500))
  on conflict (razorpay_dispute_id, event) do nothing;
  v_new_event := found;
  if v_payment.id is not null then
    select * into v_registration from public.tournament_registrations where payment_id = v_payment.id;
  end if;

  select * into v_row from private.chargebacks where razorpay_dispute_id = v_dispute_id for update;
  if not found then
    insert into private.chargebacks (razorpay_dispute_id, razorpay_payment_id, payment_id, registration_id, tournament_id,
                                     user_id, amount_paise, status, reason, opened_at, decided_at, updated_at)
    values (v_dispute_id, p_razorpay_payment_id, v_payment.id, v_registration.id, v_payment.tournament_id, v_payment.user_id,
            greatest(coalesce(nullif(p_amount_paise, 0), v_payment.amount_paise, 1), 1), 'open', left(p_reason, 500),
            v_now, null, v_now)
    returning * into v_row;
  end if;
  v_before := v_row.status;

  if v_before = 'open' and v_target in ('won', 'lost') then
    update private.chargebacks set status = v_target, decided_at = v_now, updated_at = v_now,
                                   reason = coalesce(reason, left(p_reason, 500))
     where razorpay_dispute_id = v_dispute_id
    returning * into v_row;
    if v_target = 'lost' then
      v_row := private.book_lost_chargeback(v_row);
    else
      perform private.release_won_chargeback(v_row);
    end if;
  end if;
  if v_row.status in ('open', 'lost') and v_registration.id is not null then
    update public.tournament_registrations set disputed_at = coalesce(disputed_at, v_now) where id = v_registration.id;
  end if;

  if v_new_event then
    select title into v_title from public.tournaments where id = v_row.tournament_id;
    perform private.audit(v_row.tournament_id, 'chargeback_' || v_step,
                          'Chargeback ' || replace(v_step, '_', ' ') || ' on ' || private.money_text(v_row.amount_paise)
                          || ' (payment ' || p_razorpay_payment_id || '): '
                          || case when v_row.status = v_before and v_target <> v_before and v_before <> 'open'
                                  then 'already ' || v_before || ', nothing changes'
                                  else 'now ' || v_row.status end,
                          null, jsonb_build_object('status', v_before),
                          jsonb_build_object('status', v_row.status, 'razorpay_payment_id', p_razorpay_payment_id,
                                             'razorpay_dispute_id', v_dispute_id, 'amount_paise', v_row.amount_paise,
                                             'recovered_paise', v_row.recovered_paise, 'loss_paise', v_row.loss_paise),
                          false);
    perform private.notify_money_staff(v_row.tournament_id,
                                       'Chargeback ' || replace(v_step, '_', ' ') || ': ' || private.money_text(v_row.amount_paise),
                                       'Payment ' || p_razorpay_payment_id
                                       || coalesce(' for ' || v_title, '') || ' is now ' || v_row.status || '.'
                                       || case v_row.status
                                            when 'open' then ' The player''s withdrawals are held up to this amount until the bank decides.'
                                            when 'lost' then ' ' || private.money_text(v_row.recovered_paise) || ' came from the player''s balance, '
                                                             || private.money_text(v_row.loss_paise) || ' is a platform loss.'
                                            else ' The hold on the player''s withdrawals is released.' end,
                                       'chargeback-' || v_dispute_id || '-' || v_step);
  end if;
  return jsonb_build_object('outcome', case when v_payment.id is null then 'unknown_payment' else 'flagged' end,
                            'status', v_row.status, 'changed', v_row.status is distinct from v_before or v_before is null);
end;
$$;
comment on function public.service_record_payment_dispute(text, text, text, bigint, text) is 'A chargeback event (payment.dispute.created, under_review, action_required, won, lost, closed) in any order, late or twice: recorded, audited and told to staff; open holds the payer''s withdrawals, the first decision (won or lost) is final. Service role only.';
revoke all on function public.service_record_payment_dispute(text, text, text, bigint, text) from public, anon, authenticated;
grant execute on function public.service_record_payment_dispute(text, text, text, bigint, text) to service_role;

-- Chargebacks already recorded as events become rows (all open: the old function never decided).
insert into private.chargebacks (razorpay_dispute_id, razorpay_payment_id, payment_id, registration_id, tournament_id, user_id,
                                 amount_paise, status, reason, opened_at, updated_at)
select distinct on (coalesce(d.razorpay_dispute_id, 'payment:' || d.razorpay_payment_id))
       coalesce(d.razorpay_dispute_id, 'payment:' || d.razorpay_payment_id), d.razorpay_payment_id, p.id, r.id, p.tournament_id,
       p.user_id, greatest(coalesce(nullif(d.amount_paise, 0), p.amount_paise, 1), 1), 'open', d.reason, d.recorded_at, d.recorded_at
  from public.payment_disputes d
  left join public.payments p on p.id = d.payment_id
  left join public.tournament_registrations r on r.payment_id = p.id
 order by coalesce(d.razorpay_dispute_id, 'payment:' || d.razorpay_payment_id), d.recorded_at
on conflict do nothing;

revoke all on function private.chargeback_held_paise(uuid) from public;
revoke all on function private.entry_chargeback_status(uuid) from public;
revoke all on function private.money_text(bigint) from public;
revoke all on function private.notify_money_staff(text, text, text, text) from public;
revoke all on function private.withdrawal_hold_refusal() from public;
revoke all on function private.book_lost_chargeback(private.chargebacks) from public;
revoke all on function private.release_won_chargeback(private.chargebacks) from public;
