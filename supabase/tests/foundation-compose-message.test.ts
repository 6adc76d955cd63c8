/**
 * `private.compose_message` without a query (20261231260000): every paid confirmation writes its receipt with it, and
 * its one query (the pieces of each text, the placeholders' matches with their groups, ordered aggregates) took
 * about a sixth of a registering confirmation's CPU. It now splits each text once and reads each placeholder from
 * where its piece ends. The earlier definition is kept below word for word as the oracle (only its schema
 * differs); both write every message of the catalog, in every language, with values a caller, a careless one or
 * a hostile one could pass, and texts whose braces are not placeholders.
 */
import { describe, expect, it } from 'vitest';
import { databaseForFile, engines } from './helpers.ts';

// compose_message as 20261231230000 and before made it.
const ORACLE = `
create schema compose_oracle;
create function compose_oracle.compose_message(p_key text, p_language text, p_params jsonb)
 returns private.composed_message language plpgsql stable set search_path to '' as $function$
declare
  v_row private.message_catalog;
  v_texts text[];
begin
  select * into v_row from private.message_catalog where key = p_key and language = coalesce(p_language, 'en');
  if not found then
    select * into v_row from private.message_catalog where key = p_key and language = 'en';
  end if;
  if not found then
    raise exception 'No message % in the catalog', p_key;
  end if;
  select array_agg(f.filled order by t.k) into v_texts
    from unnest(array[v_row.title, v_row.body]) with ordinality as t (template, k)
    cross join lateral (
      select coalesce(string_agg(p.part || coalesce(private.placeholder_value(h.hole, v_row.language, p_params), ''), ''
                                 order by p.n), '') as filled
        from unnest(regexp_split_to_array(t.template, '\\{([a-z_]+)(?::([a-z]+))?(?:\\|([a-z_.]+))?\\}')) with ordinality as p (part, n)
        left join regexp_matches(t.template, '\\{([a-z_]+)(?::([a-z]+))?(?:\\|([a-z_.]+))?\\}', 'g') with ordinality as h (hole, n)
               on h.n = p.n) as f;
  return row(v_texts[1], v_texts[2])::private.composed_message;
end;
$function$;
`;

/** A value for every placeholder name the catalog uses, some of them written like placeholders themselves. */
const EVERY_VALUE = {
  acknowledge_by: '2027-02-01T18:30:00Z',
  amount: 15000,
  buyer: 'Ravi {opponent}',
  closes: '2027-01-31T23:45:00Z',
  condition: 'phrase.winner',
  gross: 123456789,
  group: 'A',
  host: '{host}',
  matches: 3,
  net: 100,
  opens: '2026-12-05T06:30:00Z',
  opponent: 'Opp}{',
  page: 'phrase.opponent_agent',
  payment_id: 'pay_1',
  place: '2',
  places: 4,
  position: 7,
  reason: 'because',
  reason_phrase: 'phrase.kyc_not_verified',
  resolve_by: '2027-05-12T08:30:00Z',
  settings: 's',
  slots: 2,
  subject: 'subj',
  tax: 5000,
  ticket: 't-1',
  time: '2027-12-05T18:30:00Z',
  tournament: '{tournament} Cup ₹ {amount:money}',
  upi: 'a@b',
  utr: 'U1',
  winner: 'W',
};
const PARAMS = [
  EVERY_VALUE,
  {},
  null,
  { amount: -1550, place: '11', gross: 0, tax: 99, net: 1, reason: null, winner: null, opponent: '', tournament: 'phrase.winner' },
];
const LANGUAGES = ['en', 'hi', 'xx', '', null];

/** Texts whose braces are not all placeholders: unclosed, empty, capitals, unknown formats, back to back. */
const ODD_TEXTS = [
  ['zz_odd_one', 'en', '{a}', '}{ {} {Opponent} {x:money|phrase.winner} {a_b:zz|q.r}tail{ {slots}{slots}{amount:money}'],
  [
    'zz_odd_one',
    'hi',
    'रसीद {tournament}: {slots} एंट्री {amount:money}',
    '{{tournament}}} {tournament:phrase} {tournament|phrase.winner}{{',
  ],
  ['zz_odd_two', 'en', 'x', ''],
  ['zz_odd_two', 'hi', '{opens:moment} – {closes:datetime}|{place:place}', '{:money} {a:} {|phrase.winner} {a|} {b:Money} {c:money|}'],
];

describe.each(engines)('a catalog message written without a query on $name', (engine) => {
  const database = databaseForFile(engine, ORACLE);

  it('writes every message of the catalog as before, in every language and with any values', async () => {
    const { rows } = await database().admin.query<{ key: string; differs: boolean; placed: boolean }>(
      `select c.key, n is distinct from b as differs, (n).body <> (select body from private.message_catalog e where e.key = c.key and e.language = 'en') as placed
         from (select distinct key from private.message_catalog) c, unnest($1::jsonb[]) as p, unnest($2::text[]) as l,
              lateral (select private.compose_message(c.key, l, p) as n, compose_oracle.compose_message(c.key, l, p) as b offset 0) as x`,
      [PARAMS.map((p) => (p === null ? null : JSON.stringify(p))), LANGUAGES],
    );
    expect(rows.length).toBeGreaterThan(50 * PARAMS.length * LANGUAGES.length);
    expect(rows.filter((row) => row.differs).map((row) => row.key)).toEqual([]);
    // Values were put in (a comparison of two texts that kept their placeholders would prove nothing).
    expect(rows.some((row) => row.placed)).toBe(true);
  });

  it('reads braces that are no placeholder as text, as before', async () => {
    for (const [key, language, title, body] of ODD_TEXTS)
      await database().admin.query('insert into private.message_catalog (key, language, title, body) values ($1, $2, $3, $4)', [
        key,
        language,
        title,
        body,
      ]);
    try {
      const { rows } = await database().admin.query<{ key: string; language: string | null; now: string; before: string }>(
        `select k as key, l as language, (n).title || ' / ' || (n).body as now, (b).title || ' / ' || (b).body as before
           from unnest(array['zz_odd_one', 'zz_odd_two']) as k, unnest($1::jsonb[]) as p, unnest($2::text[]) as l,
                lateral (select private.compose_message(k, l, p) as n, compose_oracle.compose_message(k, l, p) as b offset 0) as x`,
        [PARAMS.map((p) => (p === null ? null : JSON.stringify(p))), LANGUAGES],
      );
      expect(rows).toHaveLength(2 * PARAMS.length * LANGUAGES.length);
      expect(rows.filter((row) => row.now !== row.before)).toEqual([]);
      // The odd braces stay as written; the placeholders among them are filled.
      expect(rows).toContainEqual({
        key: 'zz_odd_one',
        language: 'en',
        now: ' / }{ {} {Opponent} The winner tail{ 22₹150.00',
        before: ' / }{ {} {Opponent} The winner tail{ 22₹150.00',
      });
    } finally {
      await database().admin.query(`delete from private.message_catalog where key like 'zz_odd_%'`);
    }
  });
});
