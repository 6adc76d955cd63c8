/**
 * A referee's correction after the final (docs/areas/matches.md, Corrections): within the challenge window a result
 * of an earlier round may still change, and the later matches of the changed path are reset. The tournament must
 * then be unfinished again until its final is played anew, and a final that was only given to the one player left
 * (the other semi-final void: neither player pressed Ready) must wait for the winner of the match the correction
 * reopened. If these fail, prizes are credited by standings whose final was never played, and a player put back
 * into the bracket by a correction can never reach the final.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeProfile,
  createRegistration,
  createUser,
  engines,
  player,
  rpcOf,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';

const START = new Date('2027-04-21T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Match = {
  id: string;
  round: number;
  position: number;
  entry_a: string | null;
  entry_b: string | null;
  status: string;
  winner_entry_id: string | null;
  next_match_id: string | null;
};

describe.each(engines)('corrections after the final on $name', (engine) => {
  let db: TestDatabase;
  let staff: ReturnType<typeof player>;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    staff = player(referee.id, referee.email, 'aal2');
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  /** A paid knockout of `size` entries drawn at check-in close (8: quarter-finals, semi-finals, final). */
  async function drawnCup(size: number) {
    const id = `correct-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, 'Correction Cup', 'championship', 'Knockout', 15000, 60000, $3, $3, true, $2)`,
      [id, START.toISOString(), size],
    );
    for (let i = 0; i < size; i++) {
      const user = await createUser(db);
      await completeProfile(db, user.id);
      await createRegistration(db, user.id, id);
    }
    await db.admin.query('update public.entries set checked_in_at = $2 where tournament_id = $1', [id, at(-120)]);
    await setDatabaseClock(db, at(-59));
    await db.admin.query('select private.run_due_work()');
    return id;
  }

  const matchesOf = async (id: string) =>
    (await db.admin.query<Match>('select * from public.matches where tournament_id = $1 order by round, position', [id])).rows;
  const finished = async (id: string) =>
    (await db.admin.query<{ f: boolean }>('select finished_at is not null as f from public.tournaments where id = $1', [id])).rows[0]!.f;

  /** Side a wins, as both players' agreeing reports confirm it. */
  async function win(match: Match) {
    await db.admin.query(
      `select private.confirm_result(m, m.entry_a, 2, 0, 'result_confirmed', 'Both players reported the same result', null, true)
         from public.matches m where m.id = $1`,
      [match.id],
    );
  }
  const correct = (match: Match) =>
    rpc(staff, `public.staff_correct_result($1, $2, '{0,1}', 'The screenshot shows 0-1', true)`, [match.id, match.entry_b]);

  it('is unfinished again once a correction resets the final, and credits no prize until the final is played anew', async () => {
    const id = await drawnCup(4);
    for (const m of (await matchesOf(id)).filter((m) => m.round === 1)) await win(m);
    await win((await matchesOf(id)).find((m) => m.round === 2)!);
    expect(await finished(id)).toBe(true);

    await setDatabaseClock(db, at(200));
    await correct((await matchesOf(id))[0]!);
    const final = (await matchesOf(id)).find((m) => m.round === 2)!;
    expect(final).toMatchObject({ status: 'scheduled', winner_entry_id: null });
    expect(await finished(id)).toBe(false);

    // A day later the challenge window of the first finish has long passed: still nothing is credited.
    await setDatabaseClock(db, at(200 + 26 * 60));
    await db.admin.query('select private.run_due_work()');
    const [prizes] = (
      await db.admin.query<{ n: number; settled: boolean }>(
        `select (select count(*)::integer from private.prize_awards where tournament_id = $1) as n,
                (select settled_at is not null from public.tournaments where id = $1) as settled`,
        [id],
      )
    ).rows;
    expect(prizes).toEqual({ n: 0, settled: false });
  });

  it('reopens a final given to the one player left when the correction puts a player into the void semi-final', async () => {
    const id = await drawnCup(8);
    for (const m of (await matchesOf(id)).filter((m) => m.round === 1)) await win(m);
    const [semiOne, semiTwo] = (await matchesOf(id)).filter((m) => m.round === 2);
    await win(semiOne!);
    // Neither player of the second semi-final pressed Ready: it is void, and the final goes to the one player left.
    await setDatabaseClock(db, at(24 * 60));
    await db.admin.query('select private.run_due_work()');
    expect((await matchesOf(id)).find((m) => m.id === semiTwo!.id)!.status).toBe('void');
    expect((await matchesOf(id)).find((m) => m.round === 3)).toMatchObject({ status: 'confirmed', winner_entry_id: semiOne!.entry_a });
    expect(await finished(id)).toBe(true);

    // The quarter-final that fed the void semi-final is corrected: its new winner plays that semi-final...
    const quarter = (await matchesOf(id)).find((m) => m.round === 1 && m.next_match_id === semiTwo!.id && m.winner_entry_id)!;
    await correct(quarter);
    const after = await matchesOf(id);
    expect(after.find((m) => m.id === semiTwo!.id)).toMatchObject({ status: 'scheduled', winner_entry_id: null });
    // ...and the final waits for that semi-final's winner instead of standing as the lone player's walkover.
    const final = after.find((m) => m.round === 3)!;
    expect(final).toMatchObject({ status: 'pending', winner_entry_id: null, entry_a: semiOne!.entry_a });
    expect(await finished(id)).toBe(false);
  });

  it('takes out of the final the player who beat the old winner, whose semi-final is played again', async () => {
    const id = await drawnCup(8);
    for (const m of (await matchesOf(id)).filter((m) => m.round === 1)) await win(m);
    const quarter = (await matchesOf(id))[0]!;
    const semi = (await matchesOf(id)).find((m) => m.id === quarter.next_match_id)!;
    // The old winner of the quarter-final loses the semi-final; its winner goes on to win the final.
    await db.admin.query(
      `select private.confirm_result(m, case when m.entry_a = $2 then m.entry_b else m.entry_a end, 0, 0, 'result_confirmed',
                                     'Both players reported the same result', null, true)
         from public.matches m where m.id = $1`,
      [semi.id, quarter.winner_entry_id],
    );
    for (const m of (await matchesOf(id)).filter((m) => m.round === 2 && m.status === 'scheduled')) await win(m);
    await win((await matchesOf(id)).find((m) => m.round === 3)!);
    const semiWinner = (await matchesOf(id)).find((m) => m.id === semi.id)!.winner_entry_id!;
    expect(await finished(id)).toBe(true);

    await setDatabaseClock(db, at(300));
    await correct(quarter);
    const after = await matchesOf(id);
    expect(after.find((m) => m.id === semi.id)).toMatchObject({ status: 'scheduled', winner_entry_id: null });
    const final = after.find((m) => m.round === 3)!;
    expect(final.status).toBe('pending');
    expect([final.entry_a, final.entry_b]).not.toContain(semiWinner);
    expect(await finished(id)).toBe(false);
  });
});
