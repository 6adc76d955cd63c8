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
  loser_match_id: string | null;
  bracket: string | null;
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
  async function drawnCup(size: number, stages: unknown[] | null = null) {
    const id = `correct-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at, stages)
       values ($1, 'Correction Cup', 'championship', 'Knockout', 15000, 60000, $3, $3, true, $2, $4)`,
      [id, START.toISOString(), size, stages === null ? null : JSON.stringify(stages)],
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

  it('takes the loser a reset match sent to the losers bracket back out of it, and refuses once that loser played on', async () => {
    const id = await drawnCup(8, [{ kind: 'double_elimination', name: 'Double elimination' }]);
    const winners = async (round: number) => (await matchesOf(id)).filter((m) => m.bracket === 'winners' && m.round === round);
    for (const m of await winners(1)) await win(m);
    const first = (await matchesOf(id)).find((m) => m.bracket === 'winners' && m.round === 1 && m.position === 1)!;
    const oldWinner = first.winner_entry_id!;
    // The old winner loses in the winners' round 2 and drops to the losers' bracket, where the match waits for its opponent.
    const second = (await winners(2)).find((m) => m.id === first.next_match_id)!;
    await db.admin.query(
      `select private.confirm_result(m, case when m.entry_a = $2 then m.entry_b else m.entry_a end, 0, 1, 'result_confirmed',
                                     'Both players reported the same result', null, true)
         from public.matches m where m.id = $1`,
      [second.id, oldWinner],
    );
    const dropped = (await matchesOf(id)).find((m) => m.id === second.loser_match_id)!;
    expect([dropped.entry_a, dropped.entry_b]).toContain(oldWinner);

    await correct(first);
    const after = await matchesOf(id);
    // The old winner is now the loser of the corrected match: in its losers' match, and nowhere after it.
    const holding = after.filter((m) => m.id !== first.id && [m.entry_a, m.entry_b].includes(oldWinner)).map((m) => m.id);
    expect(holding).toEqual([first.loser_match_id]);
    expect(after.find((m) => m.id === second.id)).toMatchObject({ status: 'scheduled', winner_entry_id: null });

    // Once a loser it sent on has played in the losers' bracket, the winner of the match can no longer change.
    const again = after.find((m) => m.id === first.id)!;
    for (const m of after.filter((m) => m.bracket === 'losers' && m.status === 'scheduled')) await win(m);
    const refusal = await rpc(staff, `public.staff_correct_result($1, $2, '{1,0}', 'Back as it was', true)`, [
      again.id,
      again.entry_a,
    ]).then(
      () => null,
      (error: { hint?: string }) => error.hint,
    );
    expect(refusal).toBe('stage_closed');
  });
});
