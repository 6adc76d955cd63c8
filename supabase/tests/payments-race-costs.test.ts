/**
 * What every paid confirmation runs, made cheaper without changing an answer (20261224000000):
 * - the tournament row's format check (`private.stages_valid`, a CHECK, so it runs on the capacity lock of
 *   every confirmation) and its places-per-buyer column (`private.slots_per_buyer`, recomputed on every update)
 *   no longer plan an SQL function on each call: the check is PL/pgSQL (its query planned once per
 *   connection), the column's function is inlined (no search_path of its own);
 * - the ledger's payment journals return the journal they posted, so the payment trigger calls them by
 *   assignment instead of a query each, and the journals' balance check sets no search_path.
 * The format check is compared with its earlier SQL definition, kept below word for word as the oracle (only
 * its schema differs), over good and hostile formats; the ledger's answers are read from the journals.
 */
import { describe, expect, it } from 'vitest';
import { databaseForFile, engines } from './helpers.ts';

// private.stages_valid as 20261220000000 made it.
const ORACLE = `
create schema race_oracle;
create function race_oracle.stages_valid(p jsonb)
 returns boolean
 language sql
 immutable
 set search_path to ''
as $function$
  select p is null or (
    jsonb_typeof(p) = 'array' and jsonb_array_length(p) between 1 and 3
    and not exists (
      select 1 from jsonb_array_elements(p) with ordinality as s (stage, i)
       where jsonb_typeof(s.stage) <> 'object'
          or coalesce(s.stage ->> 'kind', '') not in ('groups', 'knockout', 'swiss', 'double_elimination')
          or (s.stage ? 'name' and (jsonb_typeof(s.stage -> 'name') <> 'string' or char_length(s.stage ->> 'name') not between 1 and 40))
          or (s.stage ->> 'kind' = 'groups' and (
                coalesce(s.stage ->> 'group_size', '4') not in ('3', '4')
                or coalesce(s.stage #>> '{advance,per_group}', '') !~ '^[1-3]$'
                or (s.stage #>> '{advance,per_group}')::integer >= coalesce((s.stage ->> 'group_size')::integer, 4)
                or coalesce(s.stage #>> '{advance,best_of_next}', '0') !~ '^[0-9]{1,3}$'
                or coalesce(p -> (s.i::integer) ->> 'kind', '') <> 'knockout'))
          or (s.stage ->> 'kind' = 'knockout' and s.stage ? 'third_place' and jsonb_typeof(s.stage -> 'third_place') <> 'boolean')
          or (s.stage ->> 'kind' in ('swiss', 'double_elimination') and jsonb_array_length(p) <> 1)
          or (s.stage ->> 'kind' = 'swiss' and s.stage ? 'rounds' and coalesce(s.stage ->> 'rounds', '') !~ '^([1-9]|1[0-2])$')));
$function$;
`;

/** Formats the catalog writes, and what a careless or hostile one could hold. */
const FORMATS: Array<string | null> = [
  null,
  '[{"kind": "knockout"}]',
  '[{"kind": "knockout", "third_place": true}]',
  '[{"kind": "knockout", "third_place": "yes"}]',
  '[{"kind": "groups", "group_size": 4, "advance": {"per_group": 2}}, {"kind": "knockout"}]',
  '[{"kind": "groups", "group_size": 3, "advance": {"per_group": 2, "best_of_next": 2}}, {"kind": "knockout"}]',
  '[{"kind": "groups", "group_size": 3, "advance": {"per_group": 3}}, {"kind": "knockout"}]',
  '[{"kind": "groups", "advance": {"per_group": 1}}, {"kind": "knockout"}]',
  '[{"kind": "groups", "advance": {"per_group": 2}}]',
  '[{"kind": "groups", "advance": {"per_group": 2}}, {"kind": "swiss"}]',
  '[{"kind": "groups", "group_size": 5, "advance": {"per_group": 2}}, {"kind": "knockout"}]',
  '[{"kind": "groups", "advance": {"per_group": "2; drop table x"}}, {"kind": "knockout"}]',
  '[{"kind": "groups", "advance": {"per_group": 2, "best_of_next": 1000}}, {"kind": "knockout"}]',
  '[{"kind": "swiss"}]',
  '[{"kind": "swiss", "rounds": 12}]',
  '[{"kind": "swiss", "rounds": 13}]',
  '[{"kind": "swiss", "rounds": "0"}]',
  '[{"kind": "swiss"}, {"kind": "knockout"}]',
  '[{"kind": "double_elimination"}]',
  '[{"kind": "double_elimination", "name": "Main"}]',
  `[{"kind": "knockout", "name": "${'x'.repeat(41)}"}]`,
  '[{"kind": "knockout", "name": ""}]',
  '[{"kind": "knockout", "name": 7}]',
  '[{"kind": "round_robin"}]',
  '[{"kind": null}]',
  '[{}]',
  '["knockout"]',
  '[[{"kind": "knockout"}]]',
  '[]',
  '[{"kind": "knockout"}, {"kind": "knockout"}, {"kind": "knockout"}, {"kind": "knockout"}]',
  '{"kind": "knockout"}',
  '"knockout"',
  '42',
  'null',
];

describe.each(engines)('the costs taken out of the payment race on $name', (engine) => {
  const database = databaseForFile(engine, ORACLE);

  it('judges every format as the SQL check did, planned once per connection and on the caller’s search_path', async () => {
    const { rows } = await database().admin.query<{ format: string | null; now: boolean; before: boolean }>(
      `select f as format, private.stages_valid(f::jsonb) as now, race_oracle.stages_valid(f::jsonb) as before
         from unnest($1::text[]) as f`,
      [FORMATS],
    );
    expect(rows).toHaveLength(FORMATS.length);
    expect(rows.filter((row) => row.now !== row.before)).toEqual([]);
    // The grid holds both answers (a check that passes everything, or nothing, would match no oracle).
    expect(new Set(rows.map((row) => row.now))).toEqual(new Set([true, false]));

    const { rows: declared } = await database().admin.query<{ name: string; language: string; config: string[] | null }>(
      `select p.proname as name, l.lanname as language, p.proconfig as config
         from pg_proc p join pg_language l on l.oid = p.prolang
        where p.oid in ('private.stages_valid(jsonb)'::regprocedure, 'private.slots_per_buyer(integer)'::regprocedure,
                        'private.check_journal_balances()'::regprocedure,
                        'public.payment_confirmation_result(public.payments,text,uuid)'::regprocedure)
        order by 1`,
    );
    expect(declared).toEqual([
      { name: 'check_journal_balances', language: 'plpgsql', config: null },
      { name: 'payment_confirmation_result', language: 'plpgsql', config: null },
      { name: 'slots_per_buyer', language: 'sql', config: null },
      { name: 'stages_valid', language: 'plpgsql', config: null },
    ]);
  });

  it('still refuses a tournament row with a bad format, and gives each capacity the places per buyer it did', async () => {
    await expect(
      database().admin.query(
        `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, starts_at, stages)
         values ('bad-format', 'Bad Format Cup', 'championship', 'Groups', 10000, 100000, 16, now() + interval '7 days',
                 '[{"kind": "groups", "advance": {"per_group": 2}}]')`,
      ),
    ).rejects.toThrow(/tournaments_stages_valid/);
    const { rows } = await database().admin.query<{ capacity: number; places: number }>(
      `select n as capacity, private.slots_per_buyer(n) as places from unnest(array[-4, 0, 1, 2, 3, 7, 20, 21, 300]) as n`,
    );
    expect(rows.map((row) => [row.capacity, row.places])).toEqual([
      [-4, 1],
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [7, 3],
      [20, 10],
      [21, 10],
      [300, 10],
    ]);
  });

  it('posts a journal once and answers its id, and null the second time or when there is nothing to post', async () => {
    const { rows } = await database().admin.query<{ fee: string | null; again: string | null; refund: string | null; none: string | null }>(
      `with payment as (
         select jsonb_populate_record(null::public.payments, jsonb_build_object(
                  'id', gen_random_uuid(), 'user_id', null, 'amount_paise', 15000, 'refunded_paise', 15000,
                  'razorpay_payment_id', 'pay_journals', 'status', 'refunded')) as p
       )
       select private.post_entry_fee_journal(p) as fee, private.post_entry_fee_journal(p) as again,
              private.post_refund_journal(p, 0) as refund, private.post_refund_journal(p, 15000) as none
         from payment`,
    );
    expect(rows[0].fee).not.toBeNull();
    expect(rows[0].again).toBeNull();
    expect(rows[0].refund).not.toBeNull();
    expect(rows[0].none).toBeNull();
    const { rows: ledger } = await database().admin.query<{ balanced: boolean }>(
      'select (private.check_ledger() ->> $1)::boolean as balanced',
      ['balanced'],
    );
    expect(ledger[0].balanced).toBe(true);
  });
});
