/**
 * Prize bands shaped by the format (decisions: prizes by final place; in groups then a knockout the players out in
 * the same stage share a place, the third-place match deciding 3rd and 4th; Swiss by the final table; double
 * elimination 1, 2, 3, 4, 5–6, 7–8). The bands a tournament's page states (get_tournament_prizes, and the catalog
 * pages' prizeBands) are the places its format finishes players in, and each finished player is credited the
 * places of their standings band. If this fails, a page promises "3rd–4th" where a third-place match splits them,
 * or a Swiss 5th is paid as a share of 5th–8th.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prizeBands } from '../../src/features/tournaments/promises.ts';
import { StageSchema } from '../../src/features/tournaments/tournaments.ts';
import {
  completeProfile,
  createRegistration,
  createUser,
  engines,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const START = new Date('2027-07-05T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();
// Places 1 to 8 each paid its own amount (₹800 down to ₹100): a pool of ₹3,600.
const AMOUNTS = [80000, 70000, 60000, 50000, 40000, 30000, 20000, 10000];
const POOL = AMOUNTS.reduce((sum, n) => sum + n, 0);
const FORMULA = AMOUNTS.map((amount_paise, i) => ({ from_place: i + 1, to_place: i + 1, amount_paise }));

type Prize = { band: string; from_place: number; to_place: number; amount_paise_each: number; total_paise: number };
type Band = { place: string; from: number; to: number; entries: Array<{ entry_id: string }> };
type Match = { id: string; entry_a: string | null; entry_b: string | null; status: string; round: number; position: number };

const FORMATS = {
  knockoutWithThird: [{ kind: 'knockout', name: 'Knockout', third_place: true }],
  groupsThenKnockout: [
    { kind: 'groups', name: 'Groups', group_size: 4, advance: { per_group: 2, best_of_next: 0 } },
    { kind: 'knockout', name: 'Knockout', third_place: true },
  ],
  swiss: [{ kind: 'swiss', name: 'Swiss' }],
  doubleElimination: [{ kind: 'double_elimination', name: 'Double elimination' }],
};

describe.each(engines)('prize bands shaped by the format on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  async function cup(stages: unknown[], maxPlayers: number) {
    const id = `prize-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, prize_formula, max_players,
                                       filled_slots, is_live, starts_at, stages)
       values ($1, 'Prize Cup', 'championship', 'Format', 50000, $2, $3, $4, $4, true, $5, $6)`,
      [id, POOL, JSON.stringify(FORMULA), maxPlayers, START.toISOString(), JSON.stringify(stages)],
    );
    return id;
  }
  const prizes = async (id: string) =>
    (await db.admin.query<{ p: Prize[] }>('select public.get_tournament_prizes($1) as p', [id])).rows[0]!.p;
  const bandsOf = (prize: Prize[]) => prize.map((p) => [p.band, p.amount_paise_each]);

  it('states the bands each format finishes players in, the same on the page as in the database', async () => {
    const expected: Record<keyof typeof FORMATS, Array<[string, number]>> = {
      knockoutWithThird: [
        ['1st', 80000],
        ['2nd', 70000],
        ['3rd', 60000],
        ['4th', 50000],
        ['5th–8th', 25000],
      ],
      groupsThenKnockout: [
        ['1st', 80000],
        ['2nd', 70000],
        ['3rd', 60000],
        ['4th', 50000],
        ['5th–8th', 25000],
      ],
      swiss: AMOUNTS.map((amount, i) => [['1st', '2nd', '3rd'][i] ?? `${i + 1}th`, amount]),
      doubleElimination: [
        ['1st', 80000],
        ['2nd', 70000],
        ['3rd', 60000],
        ['4th', 50000],
        ['5th–6th', 35000],
        ['7th–8th', 15000],
      ],
    };
    for (const [format, stages] of Object.entries(FORMATS) as Array<[keyof typeof FORMATS, unknown[]]>) {
      const database = await prizes(await cup(stages, 16));
      expect({ format, bands: bandsOf(database) }).toEqual({ format, bands: expected[format] });
      expect(database.reduce((sum, p) => sum + p.total_paise, 0)).toBe(POOL);
      // The page's bands from the catalog's words for the same format.
      const catalogStages = stages.map((stage) => {
        const s = stage as { kind: string; third_place?: boolean; advance?: { per_group: number; best_of_next: number } };
        return StageSchema.parse(
          s.kind === 'groups'
            ? { kind: 'groups', advance: { perGroup: s.advance!.per_group, bestOfNext: s.advance!.best_of_next } }
            : s.kind === 'knockout'
              ? { kind: 'knockout', thirdPlace: s.third_place ?? false }
              : { kind: s.kind },
        );
      });
      const page = prizeBands({
        prizePoolRupees: POOL / 100,
        winnerPrizeRupees: undefined,
        paidPlaces: undefined,
        prizeBands: AMOUNTS.map((amount, i) => ({ places: String(i + 1), rupees: amount / 100 })),
        maxPlayers: 16,
        stages: catalogStages,
      });
      expect({ format, page: page.map((b) => [b.label, b.eachPaise]) }).toEqual({ format, page: expected[format] });
    }
  });

  /** `size` players checked in and drawn; every match played, the top slot winning 2-0 (groups and Swiss too). */
  async function played(stages: unknown[], size: number) {
    const id = await cup(stages, size);
    for (let n = 1; n <= size; n++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    for (let guard = 0; guard < 200; guard++) {
      const next = (
        await db.admin.query<Match>(
          `select * from public.matches where tournament_id = $1 and status = 'scheduled' order by round, position limit 1`,
          [id],
        )
      ).rows[0];
      if (!next) break;
      await db.admin.query(
        `select private.confirm_result(m, m.entry_a, 2, 0, 'result_confirmed', 'Both players reported the same result', null, true)
           from public.matches m where m.id = $1`,
        [next.id],
      );
    }
    const finished = (await db.admin.query<{ f: Date | null }>('select finished_at as f from public.tournaments where id = $1', [id]))
      .rows[0]!.f;
    expect(finished).not.toBeNull();
    return id;
  }

  it('credits each finished player the places of their band, and every band is one the page stated', async () => {
    for (const [format, stages, size] of [
      ['groupsThenKnockout', FORMATS.groupsThenKnockout, 16],
      ['swiss', FORMATS.swiss, 8],
      ['doubleElimination', FORMATS.doubleElimination, 8],
    ] as const) {
      const id = await played([...stages], size);
      const stated = new Map((await prizes(id)).map((p) => [`${p.from_place}-${p.to_place}`, p]));
      const standings = (await db.admin.query<{ s: Band[] }>('select public.get_standings($1) as s', [id])).rows[0]!.s;
      const credit = new Map(
        (
          await db.admin.query<{ entry_id: string; amount_paise: string }>(
            'select entry_id, amount_paise from private.prize_allocation($1)',
            [id],
          )
        ).rows.map((r) => [r.entry_id, Number(r.amount_paise)]),
      );
      let total = 0;
      for (const band of standings) {
        const places = AMOUNTS.slice(band.from - 1, band.to).reduce((sum, n) => sum + n, 0);
        // A band that pays is one the page stated, with the same amount for each of its players.
        if (places > 0)
          expect({ format, band: band.place, stated: stated.get(`${band.from}-${band.to}`)?.amount_paise_each }).toEqual({
            format,
            band: band.place,
            stated: Math.floor(places / (band.to - band.from + 1)),
          });
        for (const entry of band.entries) {
          const amount = credit.get(entry.entry_id) ?? 0;
          expect({ format, band: band.place, amount }).toEqual({ format, band: band.place, amount: places / band.entries.length });
          total += amount;
        }
      }
      expect({ format, total }).toEqual({ format, total: POOL });
      if (format === 'swiss') expect(standings.map((b) => b.place)).toEqual(['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th']);
      if (format === 'doubleElimination') expect(standings.map((b) => b.place)).toEqual(['1st', '2nd', '3rd', '4th', '5th–6th', '7th–8th']);
      if (format === 'groupsThenKnockout') {
        expect(standings.map((b) => [b.place, b.entries.length])).toEqual([
          ['1st', 1],
          ['2nd', 1],
          ['3rd', 1],
          ['4th', 1],
          ['5th–8th', 4],
          ['9th–16th', 8],
        ]);
      }
    }
  });

  it("places the players out in the groups after the knockout's last player where the knockout had byes, the bands never overlapping", async () => {
    // 20 players in five groups: the winners and the best runner-up make 6, a knockout of 8 with two byes.
    const stages = [
      { kind: 'groups', name: 'Groups', group_size: 4, advance: { per_group: 1, best_of_next: 1 } },
      { kind: 'knockout', name: 'Knockout' },
    ];
    const id = await played(stages, 20);
    const standings = (await db.admin.query<{ s: Band[] }>('select public.get_standings($1) as s', [id])).rows[0]!.s;
    expect(standings.map((b) => [b.place, b.entries.length])).toEqual([
      ['1st', 1],
      ['2nd', 1],
      ['3rd–4th', 2],
      ['5th–6th', 2],
      ['7th–20th', 14],
    ]);
    expect(bandsOf(await prizes(id))).toEqual([
      ['1st', 80000],
      ['2nd', 70000],
      ['3rd–4th', 55000],
      ['5th–6th', 35000],
      ['7th–20th', Math.floor(30000 / 14)],
    ]);
    const credited = (await db.admin.query<{ t: string }>('select sum(amount_paise) as t from private.prize_allocation($1)', [id])).rows[0]!
      .t;
    expect(Number(credited)).toBe(POOL);
  });
});
