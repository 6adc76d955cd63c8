-- =====================================================================================================
-- Payment receipts, the outcome of each paid entry, and a tax statement a player can file
-- =====================================================================================================
-- A player who paid heard nothing back: no notification, no e-mail. Every registration bought by a
-- payment now writes a receipt: the amount, the tournament, the entries, the payment id and what happens
-- next. A trigger on the registration the confirmation inserts writes the bell's notice (one insert in
-- the confirmation's transaction, so the payment race keeps its pace); the periodic function queues its
-- e-mail through the outbox moments later.
--
-- get_my_entry_outcomes answers, per paid registration, whether its entries were withdrawn and why, so the
-- payment history says what happened to a fee (a no-show forfeits it, as the refund policy says).
--
-- The annual tax statement names the deductee and the deductor: the player's legal name, their masked
-- PAN, the deductor's TAN (a setting the accountant fills) and each payout's bank reference (UTR) when the
-- payout carries one.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The receipt's notification kind (appended to whatever kinds the database already knows)
-- -----------------------------------------------------------------------------------------------------

do $$
declare
  v_kinds text[] := private.notification_kinds();
begin
  if not ('payment_receipt' = any (v_kinds)) then
    v_kinds := v_kinds || 'payment_receipt'::text;
  end if;
  execute format($f$create or replace function private.notification_kinds() returns text[]
                      language sql immutable set search_path = '' as $b$ select %L::text[] $b$ $f$, v_kinds);
  alter table public.notifications drop constraint notifications_kind_known;
  execute format('alter table public.notifications add constraint notifications_kind_known check (kind = any (%L::text[]))',
                 v_kinds);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The receipt
-- -----------------------------------------------------------------------------------------------------

create function private.send_payment_receipt() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  -- One insert in the confirmation's transaction (the payment race must not slow down): the bell's
  -- receipt. Its e-mail is queued by the periodic function (private.run_due_receipt_emails).
  insert into public.notifications (user_id, kind, title, body, link, created_at)
  select new.user_id, 'payment_receipt',
         'Payment received: ₹' || to_char(p.amount_paise / 100.0, 'FM99999999990.00') || ' for ' || t.title,
         'Receipt for ' || t.title || ': ' || new.slots
           || case when new.slots = 1 then ' entry' else ' entries (you play the first; invite players to the others from My Tournaments)' end
           || ', ₹' || to_char(p.amount_paise / 100.0, 'FM99999999990.00')
           || ' paid, payment id ' || coalesce(p.razorpay_payment_id, p.id::text) || '. '
           || case when t.series = 'quick'
                   then 'Next: the pod starts when its last place is taken; check in on the pod page as soon as it fills.'
                   else 'Next: check in on the tournament page from '
                        || to_char(private.tournament_check_in_opens_at(t) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
                        || ' to ' || to_char(private.tournament_check_in_closes_at(t) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
                        || ' IST; an entry not checked in is withdrawn and its fee is not refunded.' end,
         case when t.series = 'quick' then '/pod/?id=' || t.id else '/tournaments/' || t.id end,
         private.clock_now()
    from public.payments p
    join public.tournaments t on t.id = new.tournament_id
   where p.id = new.payment_id;
  return null;
end;
$$;
comment on function private.send_payment_receipt() is
  'The receipt a paying player gets at once in the bell: written with the registration, so the confirmation never forgets it.';

create trigger tournament_registrations_send_receipt
  after insert on public.tournament_registrations
  for each row when (new.payment_id is not null)
  execute function private.send_payment_receipt();

create index notifications_recent_receipts on public.notifications (created_at) where kind = 'payment_receipt';

create function private.run_due_receipt_emails() returns jsonb
  language plpgsql set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_queued integer;
begin
  -- The e-mail of each receipt of the last day not queued yet, as private.deliver queues a notice's
  -- e-mail (same key, unless the player turned receipts off, non-urgent so not at night).
  insert into private.outbox (kind, idempotency_key, payload, next_attempt_at)
  select 'email', 'notify-payment_receipt-' || n.user_id || '-' || n.id,
         jsonb_build_object('to', u.email, 'subject', n.title, 'text', n.body, 'link', n.link),
         private.email_not_before(v_now, private.notification_is_urgent(n.kind))
    from public.notifications n
    join auth.users u on u.id = n.user_id and u.email is not null
    left join public.notification_settings s on s.user_id = n.user_id and s.kind = n.kind
   where n.kind = 'payment_receipt' and n.created_at > v_now - interval '1 day' and coalesce(s.email, true)
  on conflict (idempotency_key) do nothing;
  get diagnostics v_queued = row_count;
  return jsonb_build_object('receipt_emails', v_queued);
end;
$$;
comment on function private.run_due_receipt_emails() is
  'Due work: queues the e-mail of each payment receipt, outside the payment confirmation''s transaction.';

select private.register_due_work('receipt_emails', 'payments', 'private.run_due_receipt_emails', 150);

-- -----------------------------------------------------------------------------------------------------
-- What became of each paid entry
-- -----------------------------------------------------------------------------------------------------

create function public.get_my_entry_outcomes()
  returns table (payment_id uuid, tournament_id text, slots integer, withdrawn integer, withdraw_reason text,
                 withdrawn_at timestamptz)
  language plpgsql stable security definer set search_path = ''
as $$
declare
  v_player uuid := private.require_player();
begin
  return query
    select r.payment_id, r.tournament_id, r.slots,
           (count(*) filter (where e.status = 'withdrawn'))::integer,
           min(e.withdraw_reason) filter (where e.status = 'withdrawn'),
           max(e.withdrawn_at) filter (where e.status = 'withdrawn')
      from public.tournament_registrations r
      join public.entries e on e.registration_id = r.id
     where r.user_id = v_player and r.payment_id is not null
     group by r.payment_id, r.tournament_id, r.slots;
end;
$$;
comment on function public.get_my_entry_outcomes() is
  'Per paid registration of the caller: how many of its entries were withdrawn and why, so the payment history says what happened to the fee.';
revoke all on function public.get_my_entry_outcomes() from public, anon;
grant execute on function public.get_my_entry_outcomes() to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The statement names the deductee and the deductor
-- -----------------------------------------------------------------------------------------------------

insert into private.settings (key, value, note) values
  ('deductor_tan', '"TANX00000X"', 'The deductor''s TAN printed on every tax statement. Replace with the company''s TAN before going live.')
on conflict (key) do nothing;

create or replace function public.get_my_tax_statement(p_financial_year integer)
  returns jsonb
  language plpgsql stable security definer set search_path = ''
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
    'pan_masked', (select private.masked_pan(pan) from public.kyc_records where user_id = v_user),
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
    'opening_balance_paise', private.opening_balance(v_user, p_financial_year),
    'closing_balance_paise', private.player_balance(v_user, v_to)
  );
end;
$$;
