/**
 * Double elimination when the losers' final is void (docs/areas/brackets.md, Formats): neither player of the losers'
 * bracket final pressed Ready, so the grand final goes to the winners' bracket champion alone. That is no meeting:
 * no reset match is added, the tournament finishes with that champion, and the periodic work that voided the match
 * succeeds. If this fails, the periodic work fails on that match at every run and the cup never finishes nor pays.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeProfile,
  player,
  rpcOf,
  createRegistration,
  createUser,
  engines,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const START = new Date('2027-06-15T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Match = {
  id: string;
  round: number;
  bracket: string;
  entry_a: string | null;
  entry_b: string | null;
  status: string;
  winner_entry_id: string | null;
  scheduled_at: Date;
};

describe.each(engines)('a double elimination whose losers final is void on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const matchesOf = async (id: string) =>
    (await db.admin.query<Match>('select * from public.matches where tournament_id = $1 order by round, position', [id])).rows;

  /** A fresh 4-player double elimination, everyone checked in, drawn by the periodic work; its id. */
  const drawnDoubleCup = async () => {
    const id = `double-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, stages)
       values ($1, 'Double Cup', 'championship', 'Double elimination', 15000, 60000, 4, 4, true, $2,
               '[{"kind": "double_elimination", "name": "Double elimination"}]')`,
      [id, START.toISOString()],
    );
    for (let n = 0; n < 4; n++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    return id;
  };

  /** Side a wins the match 2-0, as two agreeing reports would confirm it. */
  const play = async (m: Match) =>
    db.admin.query(
      `select private.confirm_result(m, m.entry_a, 2, 0, 'result_confirmed', 'Both players reported the same result', null, true)
         from public.matches m where m.id = $1`,
      [m.id],
    );

  /** A referee's session, and a correction of a confirmed match to its other player: the refusal's hint, or null. */
  const correctToOther = async (m: Match) => {
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    const staff = player(referee.id, referee.email, 'aal2');
    const other = m.winner_entry_id === m.entry_a ? m.entry_b : m.entry_a;
    const score = other === m.entry_a ? '{2,0}' : '{0,2}';
    return rpcOf(() => db)(staff, `public.staff_correct_result($1, $2, $3, 'The screenshot shows otherwise', true)`, [
      m.id,
      other,
      score,
    ]).then(
      () => null,
      (error: { hint?: string }) => error.hint,
    );
  };
  it('gives the grand final to the winners bracket champion without a reset, and finishes the cup', async () => {
    const id = await drawnDoubleCup();

    // Side a wins every match until the losers' final, which nobody shows up for.
    for (let guard = 0; guard < 10; guard++) {
      const next = (await matchesOf(id)).find((m) => m.status === 'scheduled' && m.bracket !== 'grand_final');
      if (!next) break;
      const losersFinal = (await matchesOf(id)).filter((m) => m.bracket === 'losers').sort((a, b) => b.round - a.round)[0]!;
      if (next.id === losersFinal.id) break;
      await play(next);
    }
    const losersFinal = (await matchesOf(id)).filter((m) => m.bracket === 'losers').sort((a, b) => b.round - a.round)[0]!;
    expect(losersFinal.status).toBe('scheduled');
    const champion = (await matchesOf(id)).find((m) => m.bracket === 'grand_final')!.entry_a;
    expect(champion).not.toBeNull();

    await setDatabaseClock(db, new Date(losersFinal.scheduled_at.getTime() + 11 * 60_000).toISOString());
    await db.admin.query('select private.run_due_work()');
    const failures = await db.admin.query('select step, error from private.due_work_failures');
    expect(failures.rows).toEqual([]);
    const after = await matchesOf(id);
    expect(after.find((m) => m.id === losersFinal.id)!.status).toBe('void');
    const finals = after.filter((m) => m.bracket === 'grand_final');
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ status: 'confirmed', entry_a: champion, entry_b: null, winner_entry_id: champion });
    const [cup] = (
      await db.admin.query<{ finished: boolean }>('select finished_at is not null as finished from public.tournaments where id = $1', [id])
    ).rows;
    expect(cup!.finished).toBe(true);
    const first = (
      await db.admin.query<{ s: Array<{ from: number; entries: Array<{ entry_id: string }> }> }>('select public.get_standings($1) as s', [
        id,
      ])
    ).rows[0]!.s[0]!;
    expect(first.from).toBe(1);
    expect(first.entries.map((e) => e.entry_id)).toEqual([champion]);
  });

  it('refuses a correction of the grand final or of a match before it once the grand final was played again', async () => {
    const id = await drawnDoubleCup();
    const settle = (m: Match, side: 'a' | 'b') =>
      db.admin.query(
        `select private.confirm_result(m, case when $2 = 'a' then m.entry_a else m.entry_b end, case when $2 = 'a' then 2 else 0 end,
                                       case when $2 = 'a' then 0 else 2 end, 'result_confirmed', 'Both players reported the same result', null, true)
           from public.matches m where m.id = $1`,
        [m.id, side],
      );
    // Everything to side a, except the grand final, which the losers' bracket winner (side b) wins: the reset is added.
    for (let guard = 0; guard < 10; guard++) {
      const next = (await matchesOf(id)).find((m) => m.status === 'scheduled');
      if (!next) break;
      if (next.bracket === 'grand_final' && (await matchesOf(id)).filter((m) => m.bracket === 'grand_final').length > 1) break;
      await settle(next, next.bracket === 'grand_final' ? 'b' : 'a');
    }
    const finals = (await matchesOf(id)).filter((m) => m.bracket === 'grand_final');
    expect(finals.map((m) => m.status)).toEqual(['confirmed', 'scheduled']);
    await settle(finals[1]!, 'a');

    // The first grand final, and the losers' final before it: either would make a new grand final the reset cannot undo.
    expect(await correctToOther(finals[0]!)).toBe('stage_closed');
    const losersFinal = (await matchesOf(id)).filter((m) => m.bracket === 'losers').sort((a, b) => b.round - a.round)[0]!;
    expect(await correctToOther(losersFinal)).toBe('stage_closed');
    expect((await matchesOf(id)).filter((m) => m.bracket === 'grand_final').map((m) => m.status)).toEqual(['confirmed', 'confirmed']);
  });

  /** A drawn double elimination played out, side a winning every match: the winners' bracket champion wins it. */
  const playedDoubleCup = async () => {
    const id = await drawnDoubleCup();
    for (let guard = 0; guard < 10; guard++) {
      const next = (await matchesOf(id)).find((m) => m.status === 'scheduled');
      if (!next) break;
      await play(next);
    }
    return id;
  };
  const finished = async (id: string) =>
    (await db.admin.query<{ f: boolean }>('select finished_at is not null as f from public.tournaments where id = $1', [id])).rows[0]!.f;

  it('reopens a finished cup when a correction gives the first grand final to the losers bracket winner, until the reset is played', async () => {
    const id = await playedDoubleCup();
    expect(await finished(id)).toBe(true);
    const [final] = (await matchesOf(id)).filter((m) => m.bracket === 'grand_final');
    expect(await correctToOther(final!)).toBeNull();

    // Both players have lost once now: the reset is to play, so the cup is not finished and names no champion.
    const finals = (await matchesOf(id)).filter((m) => m.bracket === 'grand_final');
    expect(finals.map((m) => m.status)).toEqual(['confirmed', 'scheduled']);
    expect(await finished(id)).toBe(false);
    await play(finals[1]!);
    expect(await finished(id)).toBe(true);
    const first = (
      await db.admin.query<{ s: Array<{ from: number; entries: Array<{ entry_id: string }> }> }>('select public.get_standings($1) as s', [
        id,
      ])
    ).rows[0]!.s[0]!;
    expect(first).toMatchObject({ from: 1, entries: [{ entry_id: finals[1]!.entry_a }] });
  });

  it('refuses a correction that would send a disqualified player on', async () => {
    const id = await playedDoubleCup();
    const [final] = (await matchesOf(id)).filter((m) => m.bracket === 'grand_final');
    // The grand final's loser is disqualified afterwards (a cheat found on review): no correction can make them win.
    await db.admin.query(`update public.entries set status = 'withdrawn' where id = $1`, [final!.entry_b]);
    expect(await correctToOther(final!)).toBe('winner_out');
    expect((await matchesOf(id)).filter((m) => m.bracket === 'grand_final').map((m) => m.status)).toEqual(['confirmed']);
    expect(await finished(id)).toBe(true);
  });

  it('places both players of a void winners bracket match, at the foot of the standings, each place once', async () => {
    const id = await drawnDoubleCup();
    // The second winners' match is played; nobody shows up for the first, which the periodic work voids.
    const [noShow, played] = (await matchesOf(id)).filter((m) => m.bracket === 'winners' && m.entry_a && m.entry_b);
    await play(played!);
    await setDatabaseClock(db, new Date(noShow!.scheduled_at.getTime() + 11 * 60_000).toISOString());
    await db.admin.query('select private.run_due_work()');
    expect((await matchesOf(id)).find((m) => m.id === noShow!.id)!.status).toBe('void');
    for (let guard = 0; guard < 10; guard++) {
      const next = (await matchesOf(id)).find((m) => m.status === 'scheduled');
      if (!next) break;
      await play(next);
    }
    const standings = (
      await db.admin.query<{ s: Array<{ from: number; to: number; entries: Array<{ entry_id: string }> }> }>(
        'select public.get_standings($1) as s',
        [id],
      )
    ).rows[0]!.s;
    const placed = standings.flatMap((band) => band.entries.map((e) => e.entry_id));
    // Every entry once: the two who never played are not left out (their places would be nobody's).
    expect(new Set(placed).size).toBe(placed.length);
    expect(placed).toHaveLength(4);
    expect(placed).toEqual(expect.arrayContaining([noShow!.entry_a, noShow!.entry_b]));
    const last = standings.at(-1)!;
    expect(last).toMatchObject({ from: 3, to: 4 });
    expect(last.entries.map((e) => e.entry_id).sort()).toEqual([noShow!.entry_a, noShow!.entry_b].sort());
  });
});
