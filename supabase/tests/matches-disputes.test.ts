/**
 * Disputes need a reason that fits the match as it stands (docs/areas/matches.md, Playing a match): nothing can be
 * disputed before the match has started, a no-show only once Ready has closed, a wrong score only against
 * the opponent's report, and cheating or "other" only with details. Both players add their side and a
 * screenshot to an open dispute, and the referee's note shows on the match. If these fail, an empty
 * dispute freezes a match before it is played, or staff decide hearing one side only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  engines,
  expectSqlError,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  rpcOf,
} from './helpers.ts';
import { drawnSemiFinal } from './match-fixtures.ts';

const START = new Date('2027-06-08T14:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000).toISOString();

type Reports = {
  dispute: {
    reason: string;
    details: string | null;
    note: string | null;
    statements: Array<{ entry_id: string; details: string; screenshot_path: string | null }>;
  } | null;
  dispute_reasons: Array<{ reason: string; opens_at: string; details_required: boolean }>;
  decision: { action: string; note: string; at: string } | null;
};

describe.each(engines)('disputes on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const rpc = rpcOf(() => db);

  const semiFinal = () => drawnSemiFinal<{ id: string; entry_a: string; entry_b: string }>(db, { start: START, title: 'Dispute Cup' });

  async function evidence(matchId: string, userId: string) {
    const name = `${matchId}/${userId}/evidence-${randomUUID().slice(0, 6)}.png`;
    await db.admin.query(`insert into storage.objects (bucket_id, name, owner) values ('match-evidence', $1, $2)`, [name, userId]);
    return name;
  }

  const dispute = (userId: string, matchId: string, reason: string, details: string | null) =>
    rpc<{ status: string }>(player(userId), 'public.dispute_match($1, $2, $3)', [matchId, reason, details]);
  const reports = (userId: string, matchId: string) => rpc<Reports>(player(userId), 'public.get_match_reports($1)', [matchId]);

  it('refuses any dispute before the match has started, and an empty "wrong score" with nothing reported', async () => {
    const { match, a } = await semiFinal();
    await setDatabaseClock(db, at(-4));
    await expectSqlError(dispute(a, match.id, 'wrong_score', null), 'PT409', 'not reported a score');
    await expectSqlError(dispute(a, match.id, 'disconnection', 'Lag'), 'PT409', 'not started');
    await expectSqlError(dispute(a, match.id, 'no_show', null), 'PT409', '10 minutes after');
    expect((await reports(a, match.id)).dispute).toBeNull();
    await setDatabaseClock(db, at(3));
    await expectSqlError(dispute(a, match.id, 'no_show', null), 'PT409', '10 minutes after');
    expect(await dispute(a, match.id, 'disconnection', null)).toMatchObject({ status: 'disputed' });
  });

  it('needs details for cheating and "other"', async () => {
    const { match, a } = await semiFinal();
    await setDatabaseClock(db, at(5));
    await expectSqlError(dispute(a, match.id, 'cheating', '   '), 'PT400', 'details');
    await expectSqlError(dispute(a, match.id, 'other', null), 'PT400', 'details');
    expect(await dispute(a, match.id, 'cheating', 'Used a modded controller, see the clip')).toMatchObject({ status: 'disputed' });
  });

  it("takes a no-show once Ready has closed, and a wrong score only against the opponent's report", async () => {
    const first = await semiFinal();
    await setDatabaseClock(db, at(0));
    await rpc(player(first.a), 'public.set_ready($1)', [first.match.id]);
    await setDatabaseClock(db, at(11));
    expect(await dispute(first.a, first.match.id, 'no_show', null)).toMatchObject({ status: 'disputed' });

    const second = await semiFinal();
    await setDatabaseClock(db, at(2));
    await rpc(player(second.a), 'public.report_match($1, $2, $3, $4, $5)', [
      second.match.id,
      2,
      1,
      'true',
      await evidence(second.match.id, second.a),
    ]);
    // The reporter has nothing of the opponent's to call wrong; the opponent showed up, so no no-show against them.
    await expectSqlError(dispute(second.a, second.match.id, 'wrong_score', null), 'PT409', 'not reported a score');
    await expectSqlError(dispute(second.b, second.match.id, 'no_show', null), 'PT409', 'showed up');
    const offered = (await reports(second.b, second.match.id)).dispute_reasons.map((option) => option.reason);
    expect(offered).toEqual(['wrong_score', 'disconnection', 'cheating', 'other']);
    expect(await dispute(second.b, second.match.id, 'wrong_score', null)).toMatchObject({ status: 'disputed' });
  });

  it('offers the reasons that fit, with when each opens and whether it needs details', async () => {
    const { match, a } = await semiFinal();
    await setDatabaseClock(db, at(-3));
    const before = await reports(a, match.id);
    expect(before.dispute_reasons).toEqual([
      { reason: 'no_show', opens_at: expect.any(String), details_required: false },
      { reason: 'disconnection', opens_at: expect.any(String), details_required: false },
      { reason: 'cheating', opens_at: expect.any(String), details_required: true },
      { reason: 'other', opens_at: expect.any(String), details_required: true },
    ]);
    expect(new Date(before.dispute_reasons[0]!.opens_at).toISOString()).toBe(at(10));
    expect(new Date(before.dispute_reasons[1]!.opens_at).toISOString()).toBe(at(0));
  });

  it("lets the other player add their side and a screenshot; staff read both, and the referee's note shows on the match", async () => {
    const { match, a, b } = await semiFinal();
    const referee = await createUser(db);
    await db.admin.query(`insert into public.staff_roles (user_id, role) values ($1, 'referee')`, [referee.id]);
    const staff = player(referee.id, referee.email, 'aal2');
    await setDatabaseClock(db, at(0));
    for (const userId of [a, b]) await rpc(player(userId), 'public.set_ready($1)', [match.id]);
    await setDatabaseClock(db, at(20));
    await expectSqlError(
      rpc(player(b), 'public.add_dispute_evidence($1, $2, $3)', [match.id, 'Nothing to add to', null]),
      'PT409',
      'no open dispute',
    );
    await dispute(a, match.id, 'disconnection', 'My connection dropped at 70 minutes while 1-0 up');
    // The other player does not open a second dispute: they add their side to this one.
    await expectSqlError(dispute(b, match.id, 'other', 'He quit on purpose'), 'PT409', 'add your side');
    await expectSqlError(rpc(player(b), 'public.add_dispute_evidence($1, $2, $3)', [match.id, '', null]), 'PT400', 'what happened');
    await expectSqlError(
      rpc(player(b), 'public.add_dispute_evidence($1, $2, $3)', [match.id, 'He quit', `${match.id}/${a}/not-mine.png`]),
      'PT400',
      'screenshot',
    );
    const path = await evidence(match.id, b);
    await rpc(player(b), 'public.add_dispute_evidence($1, $2, $3)', [match.id, 'He quit on purpose at 1-1, see the screen', path]);

    for (const reader of [player(a), player(b)]) {
      const seen = await rpc<Reports>(reader, 'public.get_match_reports($1)', [match.id]);
      expect(seen.dispute?.statements).toEqual([
        expect.objectContaining({ entry_id: match.entry_b, details: 'He quit on purpose at 1-1, see the screen', screenshot_path: path }),
      ]);
      expect(seen.dispute_reasons).toEqual([]);
    }
    const queue = await rpc<Array<{ match_id: string; statements: unknown[] }>>(staff, 'public.staff_list_disputes()');
    expect(queue.find((item) => item.match_id === match.id)?.statements).toHaveLength(1);

    await rpc(staff, 'public.staff_settle_match($1, $2, $3, $4)', [
      match.id,
      match.entry_b,
      [1, 2],
      'The replay of the last minutes shows a quit',
    ]);
    const settled = await reports(a, match.id);
    expect(settled.decision).toMatchObject({ action: 'result_set_by_staff', note: 'The replay of the last minutes shows a quit' });
    expect(settled.dispute).toMatchObject({ note: 'The replay of the last minutes shows a quit' });
    await expectSqlError(rpc(player(b), 'public.add_dispute_evidence($1, $2, $3)', [match.id, 'More', null]), 'PT409', 'no open dispute');
  });
});
