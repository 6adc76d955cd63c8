-- =====================================================================================================
-- Reconciliation with the providers, the player's annual tax statement, and the accountant's reports
-- =====================================================================================================
-- service_record_provider_snapshot(kind, items) compares what a provider reports with the ledger and lists
-- every difference in private.reconciliation_differences; it never changes money. Kinds:
--   'payouts'   items [{payout_id, amount_paise, status}]: money RazorpayX says left (processed) against
--               bank:payouts for that payout;
--   'payments'  items [{razorpay_payment_id, amount_paise, refunded_paise}]: what Razorpay holds for a
--               payment (captured less refunded) against razorpay:clearing for it.
-- =====================================================================================================

create table private.reconciliation_differences (
  id bigint generated always as identity primary key,
  kind text not null constraint reconciliation_kind_known check (kind in ('payouts', 'payments')),
  reference text not null,
  ledger_paise bigint not null,
  provider_paise bigint not null,
  found_at timestamptz not null,
  resolved_at timestamptz,
  note text
);
create unique index reconciliation_one_open_difference on private.reconciliation_differences (kind, reference) where resolved_at is null;
revoke all on private.reconciliation_differences from public, anon, authenticated, service_role;

create function public.service_record_provider_snapshot(p_kind text, p_items jsonb) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  v_now timestamptz := private.clock_now();
  v_checked integer := 0;
  v_found integer := 0;
  v_item record;
begin
  if p_kind is null or p_kind not in ('payouts', 'payments') or p_items is null or jsonb_typeof(p_items) <> 'array' then
    raise exception 'A snapshot is a kind (payouts or payments) and a list of items' using errcode = 'PT400', hint = 'invalid_snapshot';
  end if;
  for v_item in
    select case p_kind when 'payouts' then i ->> 'payout_id' else i ->> 'razorpay_payment_id' end as reference,
           case p_kind
             when 'payouts' then case when i ->> 'status' = 'processed' then coalesce((i ->> 'amount_paise')::bigint, 0) else 0 end
             else coalesce((i ->> 'amount_paise')::bigint, 0) - coalesce((i ->> 'refunded_paise')::bigint, 0) end as provider_paise
      from jsonb_array_elements(p_items) as i
  loop
    continue when v_item.reference is null;
    v_checked := v_checked + 1;
    with ledger as (
      select case p_kind
               when 'payouts' then (select coalesce(sum(l.amount_paise), 0)
                                      from private.ledger_journal j join private.ledger_lines l on l.journal_id = j.id
                                     where j.reference = 'payout:' || v_item.reference and l.account = 'bank:payouts')
               else (select coalesce(-sum(l.amount_paise), 0)
                       from public.payments p
                       join private.ledger_journal j on j.reference = 'payment:' || p.id or j.reference like 'payment:' || p.id || ':%'
                       join private.ledger_lines l on l.journal_id = j.id and l.account = 'razorpay:clearing'
                      where p.razorpay_payment_id = v_item.reference) end::bigint as paise
    ), found as (
      select ledger.paise from ledger where ledger.paise <> v_item.provider_paise
    ), resolved as (
      -- A difference that is gone is resolved by itself.
      update private.reconciliation_differences d
         set resolved_at = v_now, note = coalesce(d.note, 'Matches again')
       where d.kind = p_kind and d.reference = v_item.reference and d.resolved_at is null
         and not exists (select 1 from found)
    ), kept as (
      update private.reconciliation_differences d
         set ledger_paise = found.paise, provider_paise = v_item.provider_paise
        from found
       where d.kind = p_kind and d.reference = v_item.reference and d.resolved_at is null
      returning d.id
    )
    insert into private.reconciliation_differences (kind, reference, ledger_paise, provider_paise, found_at)
    select p_kind, v_item.reference, found.paise, v_item.provider_paise, v_now
      from found
     where not exists (select 1 from kept)
       and not exists (select 1 from private.reconciliation_differences d
                        where d.kind = p_kind and d.reference = v_item.reference and d.resolved_at is null);
    if exists (select 1 from private.reconciliation_differences d
                where d.kind = p_kind and d.reference = v_item.reference and d.resolved_at is null and d.found_at <= v_now
                  and d.ledger_paise <> d.provider_paise) then
      v_found := v_found + 1;
    end if;
  end loop;
  return jsonb_build_object('checked', v_checked, 'differences', v_found);
end;
$$;

create function public.staff_get_reconciliation() returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_staff('admin');
  return coalesce((select jsonb_agg(jsonb_build_object('kind', kind, 'reference', reference, 'ledger_paise', ledger_paise,
                                                       'provider_paise', provider_paise, 'found_at', found_at,
                                                       'resolved_at', resolved_at, 'note', note)
                                    order by resolved_at nulls first, found_at desc, id desc)
                     from private.reconciliation_differences), '[]'::jsonb);
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The player's annual statement
-- -----------------------------------------------------------------------------------------------------
create function public.get_my_tax_statement(p_financial_year integer) returns jsonb
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
    'payouts', coalesce((select jsonb_agg(jsonb_build_object('payout_id', p.id, 'at', p.created_at, 'gross_paise', p.gross_paise,
                                                             'tax_paise', p.tax_paise, 'net_paise', p.net_paise, 'status', p.status)
                                          order by p.created_at, p.id)
                           from public.payouts p
                          where p.user_id = v_user and p.created_at >= v_from and p.created_at < v_to), '[]'::jsonb),
    'opening_balance_paise', private.opening_balance(v_user, p_financial_year),
    'closing_balance_paise', private.player_balance(v_user, v_to)
  );
end;
$$;

-- -----------------------------------------------------------------------------------------------------
-- The accountant's reports (admins)
-- -----------------------------------------------------------------------------------------------------
-- Every withholding in [from, to] (IST dates): PAN, legal name, date, gross, net winnings, tax.
create function public.staff_withholding_register(p_from date, p_to date) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_staff('admin');
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'Give a start and an end date (the end on or after the start)' using errcode = 'PT400', hint = 'invalid_date_range';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object('user_id', w.user_id, 'pan', k.pan, 'legal_name', pr.legal_name,
                                        'date', (w.at at time zone 'Asia/Kolkata')::date, 'kind', w.kind, 'payout_id', w.payout_id,
                                        'gross_paise', w.gross_paise, 'net_winnings_paise', w.net_winnings_paise,
                                        'tax_paise', w.tax_paise, 'financial_year', w.financial_year)
                     order by w.at, w.id)
      from private.tax_withholdings w
      left join public.kyc_records k on k.user_id = w.user_id
      left join public.profiles pr on pr.id = w.user_id
     where w.reversed_at is null and w.tax_paise > 0
       and (w.at at time zone 'Asia/Kolkata')::date between p_from and p_to), '[]'::jsonb);
end;
$$;

-- Per player and quarter of a financial year (Q1 April-June ... Q4 January-March): what the certificates
-- (Form 16A) are made from.
create function public.staff_tax_certificates(p_financial_year integer) returns jsonb
  language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_staff('admin');
  if p_financial_year is null or p_financial_year < 2020 or p_financial_year > 2100 then
    raise exception 'Say which financial year (2027 is April 2027 to March 2028)' using errcode = 'PT400', hint = 'invalid_financial_year';
  end if;
  return coalesce((
    select jsonb_agg(q order by q ->> 'legal_name', q ->> 'user_id', (q ->> 'quarter')::integer)
      from (select jsonb_build_object('user_id', w.user_id, 'pan', k.pan, 'legal_name', pr.legal_name,
                                      'quarter', case when w.kind = 'year_end' then 4
                                                      else (extract(month from (w.at at time zone 'Asia/Kolkata') - interval '3 months')::integer - 1) / 3 + 1 end,
                                      'net_winnings_paise', sum(w.net_winnings_paise), 'tax_paise', sum(w.tax_paise),
                                      'withholdings', count(*)) as q
              from private.tax_withholdings w
              left join public.kyc_records k on k.user_id = w.user_id
              left join public.profiles pr on pr.id = w.user_id
             where w.financial_year = p_financial_year and w.reversed_at is null and w.tax_paise > 0
             group by w.user_id, k.pan, pr.legal_name,
                      case when w.kind = 'year_end' then 4
                           else (extract(month from (w.at at time zone 'Asia/Kolkata') - interval '3 months')::integer - 1) / 3 + 1 end
           ) as quarters), '[]'::jsonb);
end;
$$;

revoke all on function public.service_record_provider_snapshot(text, jsonb) from public, anon, authenticated;
grant execute on function public.service_record_provider_snapshot(text, jsonb) to service_role;
revoke all on function public.staff_get_reconciliation() from public, anon;
revoke all on function public.get_my_tax_statement(integer) from public, anon;
revoke all on function public.staff_withholding_register(date, date) from public, anon;
revoke all on function public.staff_tax_certificates(integer) from public, anon;
grant execute on function public.staff_get_reconciliation() to authenticated;
grant execute on function public.get_my_tax_statement(integer) to authenticated;
grant execute on function public.staff_withholding_register(date, date) to authenticated;
grant execute on function public.staff_tax_certificates(integer) to authenticated;
