/**
 * The bracket against an independent implementation: brackets-manager (a development dependency used
 * only here), single elimination with the standard ("inner_outer") seed order and byes for the missing
 * seeds. For every size from 2 to 300 entries the matches per round, who meets whom in round 1 (as seed
 * numbers), where the byes sit and who the byes send into round 2 must be the same. Where the two would
 * differ by design, it is said below (none today).
 * If this fails, the database draws brackets that no other tournament software would recognise: byes
 * in the wrong places, a top seed meeting a low one too early, or a round with a missing match.
 */
import { randomUUID } from 'node:crypto';
import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleEngine, type TestDatabase } from './helpers.ts';

/** A bracket as seed numbers: per round, per match, [top, bottom] (null: a bye or not decided yet). */
type SeedBracket = Array<Array<[number | null, number | null]>>;

/** brackets-manager's bracket for `entries` seeds, in the same shape: rounds 1 and 2 filled as it fills them. */
async function oracle(entries: number): Promise<SeedBracket> {
  const manager = new BracketsManager(new InMemoryDatabase());
  const size = 2 ** Math.ceil(Math.log2(Math.max(entries, 2)));
  await manager.create.stage({
    tournamentId: 0,
    name: 'oracle',
    type: 'single_elimination',
    seeding: Array.from({ length: entries }, (_, i) => `seed ${i + 1}`),
    settings: { size, seedOrdering: ['inner_outer'] },
  });
  const data = await manager.get.stageData(0);
  const seedOf = new Map(data.participant.map((p) => [p.id, Number(String(p.name).slice(5))]));
  const rounds = [...data.round].sort((a, b) => a.number - b.number);
  return rounds.map((round) =>
    data.match
      .filter((m) => m.round_id === round.id)
      .sort((a, b) => a.number - b.number)
      .map((m) => [
        m.opponent1?.id != null ? (seedOf.get(m.opponent1.id) ?? null) : null,
        m.opponent2?.id != null ? (seedOf.get(m.opponent2.id) ?? null) : null,
      ]),
  );
}

// Every size from 2 to 300 repeats the same draw functions: once, on the engine of the tests at scale (helpers.ts).
describe.each([scaleEngine])('the bracket against brackets-manager on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  /** Draws a real tournament of `entries` single-place buyers and reads its bracket as seed numbers. */
  async function drawnAsSeeds(entries: number): Promise<SeedBracket> {
    const id = `oracle-${entries}-${randomUUID().slice(0, 6)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, registration_closes_at)
       values ($1, 'Oracle Cup', 'championship', 'Knockout', 15000, 100000, 512, $2, true, now() + interval '50 minutes',
               now() - interval '1 hour')`,
      [id, entries],
    );
    await db.admin.query(
      `with players as (
         insert into auth.users (id, aud, role, email)
         select gen_random_uuid(), 'authenticated', 'authenticated', $1 || '-' || n || '@golazo.test' from generate_series(1, $2::int) as n
         returning id
       ), paid as (
         insert into public.payments (user_id, tournament_id, razorpay_order_id, razorpay_payment_id, amount_paise, slots, status, paid_at)
         select id, $1, 'order_' || md5(id::text), 'pay_' || md5(id::text), 15000, 1, 'paid', now() from players
         returning id, user_id
       )
       insert into public.tournament_registrations (user_id, tournament_id, slots, payment_id) select user_id, $1, 1, id from paid`,
      [id, entries],
    );
    await db.admin.query('update public.entries set checked_in_at = now() where tournament_id = $1', [id]);
    await db.admin.query('select private.run_draw($1, null)', [id]);

    // Seed numbers from the published rule, recomputed from what get_bracket reveals.
    const { rows } = await db.admin.query<{ bracket: { draw: { secret: string; entry_ids: string[] } } }>(
      'select public.get_bracket($1) as bracket',
      [id],
    );
    const draw = rows[0]?.bracket.draw;
    if (!draw) throw new Error('no bracket');
    const { rows: seeded } = await db.admin.query<{ seeds: string[] }>(
      `select private.draw_seeds($1, $2::uuid[], (select array_agg(gen_random_uuid()) from unnest($2::uuid[]))) as seeds`,
      [draw.secret, draw.entry_ids],
    );
    const seedOf = new Map((seeded[0]?.seeds ?? []).map((entryId, i) => [entryId, i + 1]));
    const { rows: matches } = await db.admin.query<{ round: number; position: number; entry_a: string | null; entry_b: string | null }>(
      'select round, position, entry_a, entry_b from public.matches where tournament_id = $1 order by round, position',
      [id],
    );
    const rounds: SeedBracket = [];
    for (const m of matches) {
      rounds[m.round - 1] ??= [];
      rounds[m.round - 1]?.push([m.entry_a ? (seedOf.get(m.entry_a) ?? null) : null, m.entry_b ? (seedOf.get(m.entry_b) ?? null) : null]);
    }
    return rounds;
  }

  /** The structure alone, from the SQL bracket arithmetic, for every size (no rows needed). */
  async function structureAsSeeds(entries: number): Promise<SeedBracket> {
    const { rows } = await db.admin.query<{ size: number; seed_order: number[] }>(
      `select private.next_power_of_two($1) as size, private.standard_seed_order(private.next_power_of_two($1)) as seed_order`,
      [entries],
    );
    const { size, seed_order: order } = rows[0] ?? { size: 0, seed_order: [] };
    const seat = (seed: number | undefined) => (seed !== undefined && seed <= entries ? seed : null);
    const first: Array<[number | null, number | null]> = [];
    for (let p = 1; p <= size / 2; p++) first.push([seat(order[2 * p - 2]), seat(order[2 * p - 1])]);
    const rounds: SeedBracket = [first];
    for (let matchesInRound = size / 4; matchesInRound >= 1; matchesInRound /= 2) {
      const round: Array<[number | null, number | null]> = [];
      for (let p = 1; p <= matchesInRound; p++) {
        // Only round 2 is known before any match is played: the entries that a bye sent through.
        const feeder = (q: number) => {
          const match = first[q - 1];
          return rounds.length === 1 && match && match[1] === null ? match[0] : null;
        };
        round.push([feeder(2 * p - 1), feeder(2 * p)]);
      }
      rounds.push(round);
    }
    return rounds;
  }

  it('has the same structure for every size from 2 to 300', async () => {
    const differences: string[] = [];
    for (let entries = 2; entries <= 300; entries++) {
      const ours = await structureAsSeeds(entries);
      const theirs = await oracle(entries);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) differences.push(`${entries} entries`);
    }
    expect(differences).toEqual([]);
  }, 120_000);

  it('draws real brackets that match it, byes advanced into round 2', async () => {
    for (const entries of [2, 3, 5, 8, 13, 100, 300]) {
      expect(await drawnAsSeeds(entries), `${entries} entries`).toEqual(await oracle(entries));
    }
  }, 120_000);
});
