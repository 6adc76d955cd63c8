/**
 * The double-elimination bracket (private.double_elimination_structure) against an independent
 * implementation: brackets-manager (a development dependency used only in tests), double elimination with
 * the standard ("inner_outer") seeding, its default losers' drop orders and a grand final with a reset.
 * brackets-manager is played through match by match (winners by a fixed pseudo-random rule); every player's
 * next match after each result must be where our rows send them: the winner along `winner_to`, the loser
 * along `loser_to` (or out), the losers' champion to the grand final, and the reset only when the losers'
 * champion wins the first final. The seats a bye leaves empty must be the same too.
 * If this fails, players drop into the losers' bracket where no other tournament software would put them:
 * two players who met would meet again sooner than they should, or someone would wait for an opponent who
 * never comes.
 */
import { BracketsManager, helpers } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectSqlError, type TestDatabase } from './helpers.ts';

type Bracket = 'winners' | 'losers' | 'grand_final';
type Seat = { bracket: Bracket; round: number; position: number; slot: 'a' | 'b' };
type Row = {
  bracket: Bracket;
  round: number;
  position: number;
  play_round: number;
  seed_a: number | null;
  seed_b: number | null;
  empty_a: boolean;
  empty_b: boolean;
  winner_to: Seat | null;
  loser_to: Seat | null;
  reset: boolean;
};

/** brackets-manager's groups of a double-elimination stage, by number. */
const GROUPS: Record<number, Bracket> = { 1: 'winners', 2: 'losers', 3: 'grand_final' };
const READY = 2; // brackets-manager's Status.Ready

type Opponent = { id: number | null; position?: number; result?: string } | null;
type Played = { bracket: Bracket; round: number; position: number; a: Opponent; b: Opponent };

const key = (m: { bracket: Bracket; round: number; position: number }) => `${m.bracket} ${m.round}.${m.position}`;

/** A small deterministic hash, so each run plays the same results. */
const coin = (id: number, salt: number) => ((id + 1) * 2654435761 + salt * 40503) % 7 < 3;

/**
 * Plays a whole double-elimination stage of `entries` in brackets-manager. `losersChampionWins`: who wins
 * the first grand final; `salt` varies the other results.
 */
async function playOracle(entries: number, losersChampionWins: boolean, salt: number): Promise<Played[]> {
  const manager = new BracketsManager(new InMemoryDatabase());
  await manager.create.stage({
    tournamentId: 0,
    name: 'oracle',
    type: 'double_elimination',
    seeding: Array.from({ length: entries }, (_, i) => `seed ${i + 1}`),
    settings: { size: 2 ** Math.ceil(Math.log2(entries)), seedOrdering: ['inner_outer'], grandFinal: 'double' },
  });
  const shape = async () => {
    const data = await manager.get.stageData(0);
    const roundNumber = new Map(data.round.map((r) => [r.id, r.number]));
    const groupNumber = new Map(data.group.map((g) => [g.id, g.number]));
    return data.match.map((m) => ({
      id: Number(m.id),
      status: m.status as number,
      bracket: GROUPS[groupNumber.get(m.group_id) ?? 0] as Bracket,
      round: roundNumber.get(m.round_id) ?? 0,
      position: m.number,
      a: m.opponent1 as Opponent,
      b: m.opponent2 as Opponent,
    }));
  };
  for (;;) {
    const ready = (await shape()).filter((m) => m.status === READY).sort((x, y) => x.id - y.id)[0];
    if (!ready) break;
    const aWins = ready.bracket === 'grand_final' && ready.round === 1 ? !losersChampionWins : coin(ready.id, salt);
    await manager.update.match({
      id: ready.id,
      opponent1: { result: aWins ? 'win' : 'loss' },
      opponent2: { result: aWins ? 'loss' : 'win' },
    });
  }
  return (await shape()).map(({ bracket, round, position, a, b }) => ({ bracket, round, position, a, b }));
}

describe.each(engines)('the double-elimination bracket on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  const structure = async (entries: number) =>
    (
      await db.admin.query<Row>(
        `select bracket, round, position, play_round, seed_a, seed_b, empty_a, empty_b, winner_to, loser_to, reset
           from private.double_elimination_structure($1)`,
        [entries],
      )
    ).rows;

  /** Every difference between our rows and a played-through brackets-manager stage, in words. */
  async function differences(entries: number, losersChampionWins: boolean, salt: number): Promise<string[]> {
    const rows = await structure(entries);
    let played = await playOracle(entries, losersChampionWins, salt);
    const ours = new Map(rows.map((r) => [key(r), r]));
    const found: string[] = [];
    const theirKeys = played.map(key).sort();
    if (JSON.stringify([...ours.keys()].sort()) !== JSON.stringify(theirKeys)) found.push(`matches: ${theirKeys.join(', ')}`);
    const [first, reset] = ['grand_final 1.1', 'grand_final 2.1'].map((k) => played.find((m) => key(m) === k));
    // brackets-manager fills its second final either way; the decisive one is the first unless seat b won it.
    const asTheirs = [first, reset].map((m) => ({ opponent1: m?.a, opponent2: m?.b }));
    const decisive = helpers.getGrandFinalDecisiveMatch('double', asTheirs as Parameters<typeof helpers.getGrandFinalDecisiveMatch>[1]);
    if ((decisive === asTheirs[1]) !== losersChampionWins)
      found.push('the reset is decisive only when the losers champion wins the first final');
    if (!losersChampionWins) played = played.filter((m) => m !== reset);

    // Each player's matches in play order, with the seat they had.
    const appearances = new Map<number, { at: Row; slot: 'a' | 'b' }[]>();
    for (const m of played) {
      const row = ours.get(key(m));
      if (!row) continue;
      if ((m.a === null) !== row.empty_a || (m.b === null) !== row.empty_b)
        found.push(`${key(m)}: empty seats ${m.a === null}/${m.b === null}, ours ${row.empty_a}/${row.empty_b}`);
      if (m.bracket === 'winners' && m.round === 1) {
        const seeds = [m.a?.position ?? null, m.b?.position ?? null];
        if (seeds[0] !== row.seed_a || seeds[1] !== row.seed_b) found.push(`${key(m)}: seeds ${seeds}, ours ${row.seed_a},${row.seed_b}`);
      }
      for (const [slot, opponent] of [
        ['a', m.a],
        ['b', m.b],
      ] as const) {
        if (opponent?.id == null) continue;
        appearances.set(opponent.id, [...(appearances.get(opponent.id) ?? []), { at: row, slot }]);
      }
    }
    for (const list of appearances.values()) list.sort((x, y) => x.at.play_round - y.at.play_round);
    const next = (id: number, row: Row) => {
      const list = appearances.get(id) ?? [];
      const after = list[list.findIndex((x) => x.at === row) + 1];
      return after ? `${key(after.at)} ${after.slot}` : 'out';
    };
    const seat = (s: Seat | null) => (s ? `${key(s)} ${s.slot}` : 'out');

    for (const m of played) {
      const row = ours.get(key(m));
      if (!row) continue;
      const present = [m.a, m.b].filter((o): o is { id: number; result?: string } => o?.id != null);
      if (present.length === 0) continue;
      const decided = m.a?.result === 'win' || m.b?.result === 'win';
      if (present.length === 1) {
        // A bye, or a seat left empty by one: the player present goes on as a winner would.
        const only = present[0] as { id: number };
        if (next(only.id, row) !== seat(row.winner_to))
          found.push(`${key(m)} walkover: ${next(only.id, row)}, ours ${seat(row.winner_to)}`);
        continue;
      }
      if (!decided) continue; // the reset, when the winners' champion took the first final
      const [winner, loser] = m.a?.result === 'win' ? [m.a, m.b] : [m.b, m.a];
      if (row.bracket === 'grand_final' && row.round === 1 && m.a?.result === 'win') {
        // The winners' champion took the first final: no reset, both are done.
        if (next(winner?.id ?? -1, row) !== 'out' || next(loser?.id ?? -1, row) !== 'out')
          found.push('a reset after the winners champion won');
        continue;
      }
      if (next(winner?.id ?? -1, row) !== seat(row.winner_to))
        found.push(`${key(m)} winner: ${next(winner?.id ?? -1, row)}, ours ${seat(row.winner_to)}`);
      if (next(loser?.id ?? -1, row) !== seat(row.loser_to))
        found.push(`${key(m)} loser: ${next(loser?.id ?? -1, row)}, ours ${seat(row.loser_to)}`);
    }
    return found;
  }

  it.each([4, 8, 16, 32])('sends every winner and loser where brackets-manager does, %i entries', async (entries) => {
    for (const [losersChampionWins, salt] of [
      [false, 1],
      [true, 2],
      [true, 3],
    ] as const) {
      expect(await differences(entries, losersChampionWins, salt), `salt ${salt}`).toEqual([]);
    }
  });

  it('leaves the same seats empty for the byes, and sends the players past them the same way, 3 to 31 entries', async () => {
    const found: string[] = [];
    for (let entries = 3; entries <= 31; entries++) {
      if (Number.isInteger(Math.log2(entries))) continue;
      for (const salt of [1, 2]) found.push(...(await differences(entries, salt === 2, salt)).map((d) => `${entries}: ${d}`));
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('has the shape of a double-elimination bracket of 8: 7 + 6 + 2 matches, played in order', async () => {
    const rows = await structure(8);
    const count = (bracket: Bracket) => rows.filter((r) => r.bracket === bracket).length;
    expect([count('winners'), count('losers'), count('grand_final')]).toEqual([7, 6, 2]);
    // Every match is played after the matches that feed it.
    for (const r of rows) {
      for (const to of [r.winner_to, r.loser_to]) {
        const target = to && rows.find((t) => key(t) === key(to));
        if (target) expect(target.play_round, `${key(r)} -> ${key(target)}`).toBeGreaterThan(r.play_round);
      }
    }
    expect(rows.filter((r) => r.reset).map(key)).toEqual(['grand_final 2.1']);
    // The winners' final's loser meets the losers' bracket's last survivor in the losers' final.
    expect(rows.find((r) => key(r) === 'winners 3.1')?.loser_to).toEqual({ bracket: 'losers', round: 4, position: 1, slot: 'a' });
  });

  it("drops the losers of winners' round 2 of 16 crosswise, in the reverse-half-shift order", async () => {
    // Neighbouring matches swap places (the order brackets-manager uses for 16; the oracle tests above
    // hold every other size and round).
    const rows = await structure(16);
    const wb2 = rows.filter((r) => r.bracket === 'winners' && r.round === 2);
    expect(wb2.map((r) => r.loser_to?.position)).toEqual([2, 1, 4, 3]);
  });

  it('uses the seed order of the knockout bracket', async () => {
    const { rows } = await db.admin.query<{ same: boolean }>(
      `select bool_and(private.bracket_seed_order(1 << k) = private.standard_seed_order(1 << k)) as same from generate_series(1, 9) as k`,
    );
    expect(rows[0]?.same).toBe(true);
  });

  it('refuses a size it cannot draw', async () => {
    for (const entries of [null, -1, 0, 2, 129]) {
      await expectSqlError(db.admin.query('select * from private.double_elimination_structure($1)', [entries]), '22023');
    }
  });
});
