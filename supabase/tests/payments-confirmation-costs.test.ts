/**
 * What every paid confirmation and its refund run, made cheaper without changing an answer (20261231100000):
 * - the receipt's words: the player's language, amounts and moments (`private.player_language`, `money_in`,
 *   `money_text`, `lakh_grouped`, `datetime_in`) are PL/pgSQL, planned once per connection, where SQL functions
 *   with a search_path of their own were parsed and planned again in every transaction;
 * - the CHECKs of a payment row and of the ledger's journals and lines call one PL/pgSQL function each, where
 *   every statement that wrote those tables read each rule back from over a kilobyte of stored text;
 * - refunds that came before the capture are looked for before a DELETE is set up to apply them.
 * Each helper is compared with its earlier SQL definition, kept below word for word as the oracle (only its
 * schema differs); each rule with the CHECK's earlier expression, over values a writer, a careless fixture or a
 * hostile one could hold. The tables still refuse what they refused, under the same constraint names.
 */
import { describe, expect, it } from 'vitest';
import { databaseForFile, engines } from './helpers.ts';
import { adultPlayer } from './journey.ts';

// The helpers as 20261226000000 and before made them.
const ORACLE = `
create schema confirm_oracle;
create function confirm_oracle.player_language(p_user_id uuid) returns text language sql stable set search_path to '' as $function$
  select coalesce((select p.language from public.profiles p where p.id = p_user_id), 'en');
$function$;
create function confirm_oracle.lakh_grouped(p_number numeric) returns text language sql immutable set search_path to '' as $function$
  select to_char(trunc(p_number), 'FM99,99,99,99,99,99,99,999');
$function$;
create function confirm_oracle.money_text(p_paise bigint) returns text language sql immutable set search_path to ''
as $function$ select '₹' || to_char(p_paise / 100.0, 'FM99999999990.00') $function$;
create function confirm_oracle.money_in(p_paise bigint, p_language text) returns text language sql immutable set search_path to '' as $function$
  select case when p_language = 'hi'
              then case when p_paise < 0 then '-' else '' end || '₹' || confirm_oracle.lakh_grouped(abs(p_paise) / 100)
                   || case when abs(p_paise) % 100 <> 0 then '.' || lpad((abs(p_paise) % 100)::text, 2, '0') else '' end
              else confirm_oracle.money_text(p_paise) end;
$function$;
create function confirm_oracle.datetime_in(p_at timestamp with time zone, p_language text, p_zone boolean default true)
 returns text language sql stable set search_path to '' as $function$
  select case when p_language = 'hi'
              then (select w.name from private.calendar_names w
                     where w.language = 'hi' and w.kind = 'weekday' and w.number = extract(isodow from l)::integer)
                   || ', ' || extract(day from l)::integer || ' '
                   || (select m.name from private.calendar_names m
                        where m.language = 'hi' and m.kind = 'month' and m.number = extract(month from l)::integer)
                   || ', ' || ltrim(to_char(l, 'FMHH12:MI'), '0') || ' ' || lower(to_char(l, 'am'))
              else to_char(l, 'DD Mon HH24:MI') end
         || case when p_zone then ' IST' else '' end
    from (select p_at at time zone 'Asia/Kolkata' as l) as ist;
$function$;
`;

const LANGUAGES = ['en', 'hi', 'xx', '', null];
/** Moments around IST's midnight and noon, each weekday and month, the far past and future, and none. */
const MOMENTS = [
  '2027-01-31T23:45:00Z',
  '2027-02-01T18:29:59Z',
  '2027-02-01T18:30:00Z',
  '2026-12-05T06:30:00Z',
  '2027-05-12T08:30:00Z',
  '2027-12-05T18:30:00Z',
  ...Array.from({ length: 12 }, (_, month) => `2027-${String(month + 1).padStart(2, '0')}-0${(month % 7) + 1}T0${month % 10}:07:00Z`),
  '1999-12-31T18:29:00Z',
  '2099-06-15T12:00:00+05:30',
  null,
];
const PAISE = [
  '0',
  '1',
  '99',
  '100',
  '101',
  '15000',
  '99900',
  '10000000',
  '123456750',
  '-1',
  '-1250000',
  '2147483647',
  '922337203685477580',
  null,
];

describe.each(engines)('the costs taken out of the paid confirmations on $name', (engine) => {
  const database = databaseForFile(engine, ORACLE);

  it('writes every moment and amount in every language as the SQL helpers did', async () => {
    const { rows: moments } = await database().admin.query<{
      at: string | null;
      language: string | null;
      now: string | null;
      before: string | null;
    }>(
      `select m as at, l as language, private.datetime_in(m::timestamptz, l, z) as now, confirm_oracle.datetime_in(m::timestamptz, l, z) as before
         from unnest($1::text[]) as m, unnest($2::text[]) as l, unnest(array[true, false]) as z`,
      [MOMENTS, LANGUAGES],
    );
    expect(moments).toHaveLength(MOMENTS.length * LANGUAGES.length * 2);
    expect(moments.filter((row) => row.now !== row.before)).toEqual([]);
    expect(moments.some((row) => row.now?.includes('फ़रवरी'))).toBe(true);

    const { rows: amounts } = await database().admin.query<{ paise: string | null; now: string | null; before: string | null }>(
      `select p as paise, private.money_in(p::bigint, l) || '|' || private.money_text(p::bigint) || '|' || private.lakh_grouped(p::numeric) as now,
              confirm_oracle.money_in(p::bigint, l) || '|' || confirm_oracle.money_text(p::bigint) || '|' || confirm_oracle.lakh_grouped(p::numeric) as before
         from unnest($1::text[]) as p, unnest($2::text[]) as l`,
      [PAISE, LANGUAGES],
    );
    expect(amounts).toHaveLength(PAISE.length * LANGUAGES.length);
    expect(amounts.filter((row) => row.now !== row.before)).toEqual([]);
    expect(amounts.map((row) => row.now)).toContain('₹12,34,567.50|₹1234567.50|12,34,56,750');
  });

  it('reads each player’s language as before, English without a profile', async () => {
    const hindi = await adultPlayer(database(), { label: 'hindi' });
    const english = await adultPlayer(database(), { label: 'english' });
    await database().admin.query(`update public.profiles set language = 'hi' where id = $1`, [hindi.id]);
    const { rows } = await database().admin.query<{ now: string; before: string }>(
      `select private.player_language(u) as now, confirm_oracle.player_language(u) as before
         from unnest(array[$1::uuid, $2::uuid, gen_random_uuid(), null]) as u`,
      [hindi.id, english.id],
    );
    expect(rows.map((row) => row.now)).toEqual(['hi', 'en', 'en', 'en']);
    expect(rows.filter((row) => row.now !== row.before)).toEqual([]);
  });

  it('keeps every rule of a payment row and of the ledger, judged as the earlier CHECK expressions judged', async () => {
    // Each rule's function against the CHECK's earlier expression over every combination of the values below.
    const { rows } = await database().admin.query<{ rule: string; differs: number; passes: number; fails: number }>(
      `with statuses as (select unnest(array['created', 'failed', 'abandoned', 'paid', 'refund_pending', 'refunded', 'Paid', 'refunded ', '', null]) as s),
            ids as (select unnest(array['pay_1', null]) as id),
            moments as (select unnest(array[now(), null]) as at),
            amounts as (select unnest(array[-1, 0, 1, 10, 11, 15000, 15001, null]) as n),
            accounts as (select unnest(array['razorpay:clearing', 'platform:fees', 'tax:payable', 'payouts:in_flight', 'bank:payouts',
                                              'platform:chargeback_loss', 'platform:forfeited_balances', 'prize_pool:cup-1', 'prize_pool:',
                                              'player:0b5a3c84-7d2e-4f1a-9c3b-2e8f6a1d4b7c:winnings', 'player:0B5A3C84-7d2e-4f1a-9c3b-2e8f6a1d4b7c:winnings',
                                              'player:nobody:winnings', 'player:', 'Razorpay:clearing', 'platform:fees ', '', null]) as a),
            users as (select unnest(array['0b5a3c84-7d2e-4f1a-9c3b-2e8f6a1d4b7c'::uuid, gen_random_uuid(), null]) as u),
            kinds as (select unnest(array['entry_fee', 'refund', 'prize', 'tax_withheld', 'payout_requested', 'payout_sent', 'payout_reversed',
                                           'tax_reversed', 'chargeback', 'balance_forfeited', 'Refund', 'bonus', '', null]) as k),
            references_ as (select unnest(array['', 'p', repeat('x', 200), repeat('x', 201), 'payment:1:15000', null]) as r),
            codes as (select unnest(array['tournament_full', 'order_replaced', 'order_expired', 'registration_closed', 'already_registered',
                                           'order_already_paid', 'tournament_cancelled', 'waitlist_full', 'waitlist_closed', 'already_on_waitlist',
                                           'not_full', 'not_promoted', 'left_waitlist', 'missed_pod_check_in', 'paid_entry_disabled',
                                           'checkout_closed', 'cancelled_before_payment', 'replaced_by_newer_checkout', 'chargeback',
                                           'refunded_by_organisers', 'partly_refunded', 'payment_failed', 'Tournament_full', 'tournament_full ',
                                           'refunded', 'payment failed', '', null]) as c),
            judged as (
              select 'payments_status_check' as rule, private.payment_status_known(s) as now,
                     (s = any (array['created', 'failed', 'abandoned', 'paid', 'refund_pending', 'refunded'])) as before from statuses
              union all
              select 'payments_paid_has_razorpay_payment', private.payment_paid_has_razorpay_payment(s, i.id, at),
                     ((s <> 'paid') or ((i.id is not null) and (at is not null))) from statuses, ids i, moments
              union all
              select 'payments_refunded_has_refund', private.payment_refunded_has_refund(s, i.id, r.id),
                     ((s <> 'refunded') or ((i.id is not null) and (r.id is not null))) from statuses, ids i, ids r
              union all
              select 'payments_refunded_within_amount', private.payment_refunded_within_amount(r.n, a.n),
                     ((r.n >= 0) and (r.n <= a.n)) from amounts r, amounts a
              union all
              select 'ledger_lines_account_known', private.ledger_account_known(a),
                     ((a = any (array['razorpay:clearing', 'platform:fees', 'tax:payable', 'payouts:in_flight', 'bank:payouts']))
                      or (a ~ '^prize_pool:.+$') or (a ~ '^player:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:winnings$')
                      or (a = 'platform:chargeback_loss') or (a = 'platform:forfeited_balances')) from accounts
              union all
              select 'ledger_lines_player_account_names_its_player', private.ledger_player_account_names_its_player(a, u),
                     ((a !~ '^player:') or ((u is not null) and (a = (('player:' || (u)::text) || ':winnings')))) from accounts, users
              union all
              select 'ledger_journal_kind_known', private.ledger_journal_kind_known(k),
                     (((k = any (array['entry_fee', 'refund', 'prize', 'tax_withheld', 'payout_requested', 'payout_sent', 'payout_reversed',
                                       'tax_reversed'])) or (k = 'chargeback') or (k = 'balance_forfeited'))) from kinds
              union all
              select 'ledger_journal_reference_present', private.ledger_journal_reference_present(r),
                     ((char_length(r) >= 1) and (char_length(r) <= 200)) from references_
              union all
              -- 20261231260100: the payment's reason codes, five kilobytes of stored text read back by every write.
              select 'payments_failure_reason_code_known', private.payment_failure_reason_code_known(c),
                     (c = any (array['tournament_full'::text, 'order_replaced'::text, 'order_expired'::text, 'registration_closed'::text,
                                     'already_registered'::text, 'order_already_paid'::text, 'tournament_cancelled'::text, 'waitlist_full'::text,
                                     'waitlist_closed'::text, 'already_on_waitlist'::text, 'not_full'::text, 'not_promoted'::text,
                                     'left_waitlist'::text, 'missed_pod_check_in'::text, 'paid_entry_disabled'::text, 'checkout_closed'::text,
                                     'cancelled_before_payment'::text, 'replaced_by_newer_checkout'::text, 'chargeback'::text,
                                     'refunded_by_organisers'::text, 'partly_refunded'::text, 'payment_failed'::text])) from codes
            )
       select rule, count(*) filter (where now is distinct from before)::int as differs,
              count(*) filter (where now)::int as passes, count(*) filter (where not now)::int as fails
         from judged group by rule order by rule`,
    );
    expect(rows.map((row) => row.rule)).toEqual([
      'ledger_journal_kind_known',
      'ledger_journal_reference_present',
      'ledger_lines_account_known',
      'ledger_lines_player_account_names_its_player',
      'payments_failure_reason_code_known',
      'payments_paid_has_razorpay_payment',
      'payments_refunded_has_refund',
      'payments_refunded_within_amount',
      'payments_status_check',
    ]);
    for (const row of rows) {
      expect(row.differs, row.rule).toBe(0);
      // The grid holds both answers for every rule (a rule that passes everything, or nothing, matches no oracle).
      expect(row.passes, row.rule).toBeGreaterThan(0);
      expect(row.fails, row.rule).toBeGreaterThan(0);
    }

    // Each table's CHECK calls its rule: the names the errors carry are the ones they carried.
    const { rows: checks } = await database().admin.query<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where contype = 'c' and conname = any ($1::text[]) order by 1`,
      [rows.map((row) => row.rule)],
    );
    expect(checks.map(({ name, definition }) => [name, /CHECK \(private\.[a-z_]+\(/.test(definition)])).toEqual(
      rows.map((row) => [row.rule, true]),
    );
  });

  it('still refuses an unknown journal kind, an unknown account and a player line naming another player', async () => {
    await expect(
      database().admin.query(`insert into private.ledger_journal (kind, reference) values ('bonus', 'hostile:1')`),
    ).rejects.toThrow(/ledger_journal_kind_known/);
    await expect(database().admin.query(`insert into private.ledger_journal (kind, reference) values ('refund', '')`)).rejects.toThrow(
      /ledger_journal_reference_present/,
    );
    const {
      rows: [{ id }],
    } = await database().admin.query<{ id: string }>(
      `insert into private.ledger_journal (kind, reference) values ('refund', 'hostile:2') returning id`,
    );
    await expect(
      database().admin.query(
        `insert into private.ledger_lines (journal_id, account, amount_paise) values ($1, 'razorpay:clearing', 100), ($1, 'platform:bonus', -100)`,
        [id],
      ),
    ).rejects.toThrow(/ledger_lines_account_known/);
    await expect(
      database().admin.query(
        `insert into private.ledger_lines (journal_id, account, amount_paise, user_id)
         values ($1, 'player:0b5a3c84-7d2e-4f1a-9c3b-2e8f6a1d4b7c:winnings', 100, gen_random_uuid()), ($1, 'platform:fees', -100, null)`,
        [id],
      ),
    ).rejects.toThrow(/ledger_lines_player_account_names_its_player/);
  });
});
