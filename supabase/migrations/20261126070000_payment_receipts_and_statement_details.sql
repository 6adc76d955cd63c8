-- =====================================================================================================
-- Payment receipts, the outcome of each paid entry, and a tax statement a player can file
-- =====================================================================================================
-- A player who paid heard nothing back: no notification, no e-mail. Every registration bought by a
-- payment now writes a receipt (the bell and an e-mail through the outbox): the amount, the tournament,
-- the entries, the payment id and what happens next. It is written by a trigger on the registration the
-- confirmation inserts, so the confirmation itself is unchanged and adds one notice to its transaction.
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
declare
  v_payment public.payments%rowtype;
  v_tournament public.tournaments%rowtype;
  v_link text;
  v_next text;
begin
  select * into v_payment from public.payments where id = new.payment_id;
  select * into v_tournament from public.tournaments where id = new.tournament_id;
  v_link := case when v_tournament.series = 'quick' then '/pod/?id=' || v_tournament.id
                 else '/tournaments/' || v_tournament.id end;
  v_next := case
    when v_tournament.series = 'quick' then
      'Next: the pod starts when its last place is taken; check in on the pod page as soon as it fills.'
    else
      'Next: check in on the tournament page from '
      || to_char(private.tournament_check_in_opens_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
      || ' to ' || to_char(private.tournament_check_in_closes_at(v_tournament) at time zone 'Asia/Kolkata', 'DD Mon HH24:MI')
      || ' IST; an entry not checked in is withdrawn and its fee is not refunded.'
  end;
  perform private.notify(
    new.user_id, 'payment_receipt',
    'Payment received: ₹' || to_char(v_payment.amount_paise / 100.0, 'FM99999999990.00') || ' for ' || v_tournament.title,
    'Receipt for ' || v_tournament.title || ': ' || new.slots
      || case when new.slots = 1 then ' entry' else ' entries (you play the first; invite players to the others from My Tournaments)' end
      || ', ₹' || to_char(v_payment.amount_paise / 100.0, 'FM99999999990.00')
      || ' paid, payment id ' || coalesce(v_payment.razorpay_payment_id, v_payment.id::text) || '. ' || v_next,
    v_link, v_payment.id::text);
  return null;
end;
$$;
comment on function private.send_payment_receipt() is
  'The receipt a paying player gets at once (bell and e-mail): written with the registration, so the confirmation never forgets it.';

create trigger tournament_registrations_send_receipt
  after insert on public.tournament_registrations
  for each row when (new.payment_id is not null)
  execute function private.send_payment_receipt();

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
