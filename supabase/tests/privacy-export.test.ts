/**
 * Download my data: export_my_data() answers the caller's own rows of every kind (the contract's keys and
 * more), never another player's, never the opponent's evidence, the PAN only as its last four characters,
 * and at most once in 10 minutes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  engines,
  expectSqlError,
  setDatabaseClock,
  startWithMovableClock,
  WRONG_STATE,
  INSUFFICIENT_PRIVILEGE,
  type TestDatabase,
} from './helpers.ts';
import { drawnSemiFinal } from './match-fixtures.ts';
import { givePrize, kycPlayer, rpcOf } from './money-fixtures.ts';

type Export = Record<string, unknown> & {
  profile: { user_id: string; email: string; legal_name: string; in_game_name: string };
  entries: { entry_id: string; tournament_id: string }[];
  matches: { match_id: string; your_reports: { screenshot_path: string }[]; opponent_in_game_name: string }[];
  evidence: { path: string; match_id: string }[];
  payments: { payment_id: string }[];
  ledger: { amount_paise: number; account: string }[];
  kyc: { pan_masked: string; upi_id: string } | null;
  notifications: { settings: unknown[]; messages: { title: string }[] };
  consents: { parental_consents: unknown[]; eligibility: Record<string, unknown> };
};

describe.each(engines)('export_my_data on $name', (engine) => {
  let db: TestDatabase;
  const start = new Date('2027-01-10T12:00:00Z');
  let semi: { tournamentId: string; match: { id: string; entry_a: string; entry_b: string }; a: string; b: string };
  let pan: string;
  let otherPan: string;

  beforeAll(async () => {
    db = await startWithMovableClock(engine, { storageRules: true });
    semi = await drawnSemiFinal(db, { start, title: 'Export Cup' });
    // Both players report with their own screenshots; b's is the opponent's evidence for a.
    for (const [user, entry, shot] of [
      [semi.a, semi.match.entry_a, `${semi.match.id}/${semi.a}/a-result.jpg`],
      [semi.b, semi.match.entry_b, `${semi.match.id}/${semi.b}/b-result.jpg`],
    ] as const) {
      await db.admin.query(
        `insert into private.match_reports (match_id, entry_id, reported_by, goals_a, goals_b, winner_entry_id, screenshot_path, reported_at)
         values ($1, $2, $3, 2, 1, $4, $5, $6)`,
        [semi.match.id, entry, user, semi.match.entry_a, shot, start.toISOString()],
      );
    }
    // KYC for both, with PANs whose last four characters are known.
    pan = 'ABCPK1234Q';
    otherPan = 'XYZPL9876R';
    for (const [user, p] of [
      [semi.a, pan],
      [semi.b, otherPan],
    ] as const) {
      await db.admin.query(
        `insert into public.kyc_records (user_id, pan_ciphertext, pan_last4, pan_hmac, upi_id, submitted_at, updated_at,
                                         pan_check_submission, upi_check_submission)
         values ($1, private.encrypt_pan($2::text), right($2::text, 4), private.pan_hmac($2::text), $3, now(), now(), 1, 1)`,
        [user, p, `upi${user.slice(0, 4)}@okaxis`],
      );
    }
    await givePrize(db, semi.a, 50_000);
    await givePrize(db, semi.b, 70_000);
    await db.admin.query(
      `insert into public.notifications (user_id, kind, title) values ($1, 'prize_credited', 'Prize for A'), ($2, 'prize_credited', 'Prize for B')`,
      [semi.a, semi.b],
    );
    await setDatabaseClock(db, '2027-01-11T09:00:00Z');
  });
  afterAll(() => db?.close());

  const exportAs = async (userId: string) => {
    const [row] = await db.as<{ result: Export }>({ role: 'authenticated', userId }, 'select public.export_my_data() as result');
    return row!.result;
  };

  it('answers every key of the contract, the caller’s own rows in each', async () => {
    const data = await exportAs(semi.a);
    for (const key of ['profile', 'entries', 'matches', 'payments', 'ledger', 'payouts', 'kyc', 'consents', 'notifications']) {
      expect(data, key).toHaveProperty(key);
    }
    for (const key of ['evidence', 'tax_withheld', 'audit', 'grievances', 'prizes']) expect(data, key).toHaveProperty(key);
    expect(data.profile.user_id).toBe(semi.a);
    expect(data.entries.map((entry) => entry.tournament_id)).toEqual([semi.tournamentId]);
    expect(data.payments).toHaveLength(1);
    expect(data.matches.map((match) => match.match_id)).toContain(semi.match.id);
    expect(data.notifications.messages.map((message) => message.title)).toContain('Prize for A');
    expect(data.notifications.messages.map((message) => message.title)).not.toContain('Prize for B');
    expect(data.ledger.filter((line) => line.amount_paise === 50_000)).toHaveLength(1);
    expect(data.consents).toMatchObject({ eligibility: { paid_entry_refusal: null } });
  });

  it('holds nothing of the other player: no id, e-mail, PAN, UPI id, prize or notification', async () => {
    await setDatabaseClock(db, '2027-01-11T10:00:00Z');
    const text = JSON.stringify(await exportAs(semi.a));
    const other = (
      await db.admin.query<{ email: string; upi_id: string }>(
        `select u.email, k.upi_id from auth.users u join public.kyc_records k on k.user_id = u.id where u.id = $1`,
        [semi.b],
      )
    ).rows[0]!;
    expect(text).not.toContain(semi.b);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.upi_id);
    expect(text).not.toContain('876R');
    expect(text).not.toContain('70000');
    expect(text).not.toContain('Prize for B');
  });

  it('lists the caller’s own evidence and never the opponent’s screenshot', async () => {
    await setDatabaseClock(db, '2027-01-11T11:00:00Z');
    const data = await exportAs(semi.a);
    expect(data.evidence.map((item) => item.path)).toEqual([`${semi.match.id}/${semi.a}/a-result.jpg`]);
    const match = data.matches.find((item) => item.match_id === semi.match.id)!;
    expect(match.your_reports.map((report) => report.screenshot_path)).toEqual([`${semi.match.id}/${semi.a}/a-result.jpg`]);
    expect(JSON.stringify(data)).not.toContain('b-result.jpg');
    // The opponent is named as the bracket names them, publicly.
    expect(match.opponent_in_game_name).toBeTruthy();
  });

  it('shows the PAN as its last four characters only', async () => {
    await setDatabaseClock(db, '2027-01-11T12:00:00Z');
    const data = await exportAs(semi.a);
    expect(data.kyc?.pan_masked).toMatch(/^•+234Q$/);
    expect(data.kyc?.pan_masked).not.toMatch(/[A-Z]{2}|1/);
    expect(JSON.stringify(data)).not.toContain(pan);
  });

  it('gives one export in 10 minutes: a second is refused with when the next opens, then allowed', async () => {
    await setDatabaseClock(db, '2027-01-11T13:00:00Z');
    await exportAs(semi.a);
    await setDatabaseClock(db, '2027-01-11T13:09:00Z');
    await expectSqlError(exportAs(semi.a), WRONG_STATE, 'next download opens at 18:40');
    await setDatabaseClock(db, '2027-01-11T13:10:00Z');
    const data = await exportAs(semi.a);
    expect((data.data_exports as unknown[]).length).toBeGreaterThanOrEqual(2);
  });

  it('counts each player apart: another player’s export does not block this one', async () => {
    await setDatabaseClock(db, '2027-01-11T14:00:00Z');
    const other = await kycPlayer(db, { verified: false });
    await rpcOf(db)(other.actor, 'public.export_my_data()');
    await expect(exportAs(semi.a)).resolves.toHaveProperty('profile');
  });

  it('refuses a visitor who is not signed in, and no browser role reads the export log', async () => {
    await expectSqlError(db.as(anon, 'select public.export_my_data()'), INSUFFICIENT_PRIVILEGE);
    await expectSqlError(
      db.as({ role: 'authenticated', userId: randomUUID() }, 'select * from private.data_exports'),
      INSUFFICIENT_PRIVILEGE,
    );
  });
});
