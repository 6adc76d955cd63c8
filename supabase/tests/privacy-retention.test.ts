/**
 * Retention: each rule is a setting (private.settings) applied by the periodic function on the database's
 * clock. If it failed, result screenshots, parents' addresses and unconfirmed "Notify Me" addresses would be
 * kept for ever, or evidence would vanish while a dispute or a chargeback still needs it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createUser,
  engines,
  serviceRole,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
} from './helpers.ts';
import { verifiedPanHolder } from './money-fixtures.ts';

type Counts = {
  evidence_deletions_queued: number;
  consent_requests_deleted: number;
  used_consent_links_deleted: number;
  unconfirmed_news_signups_deleted: number;
};

describe.each(engines)('retention on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine, { storageRules: true });
  });
  afterAll(() => db?.close());

  /**
   * One pass of the periodic function with every step: the retention steps run once a quarter of an hour
   * (foundation-due-work-cadence.test.ts), and these tests run them again within minutes.
   */
  async function runDueWork(): Promise<Counts> {
    const { rows } = await db.admin.query<{ r: Counts }>('select private.run_due_steps(true) as r');
    return rows[0]!.r;
  }

  async function setting(key: string, days: number) {
    await db.admin.query('update private.settings set value = to_jsonb($2::numeric) where key = $1', [key, days]);
  }

  /** A tournament settled at `settledAt` with one match and a screenshot of each player. */
  async function settledWithEvidence(settledAt: string) {
    const id = `ret-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, is_live,
                                       starts_at, drawn_at, finished_at, settled_at)
       values ($1, 'Retention Cup', 'quick', 'Super 4', 0, 0, 4, true, $2::timestamptz - interval '3 hours',
               $2::timestamptz - interval '3 hours', $2::timestamptz - interval '2 hours', $2::timestamptz)`,
      [id, settledAt],
    );
    const [match] = (
      await db.admin.query<{ id: string }>(
        `insert into public.matches (tournament_id, round, position, status, scheduled_at)
         values ($1, 1, 1, 'pending', $2::timestamptz - interval '3 hours') returning id`,
        [id, settledAt],
      )
    ).rows;
    const paths = [`${match!.id}/${randomUUID()}/result.png`, `${match!.id}/${randomUUID()}/result.png`].sort();
    for (const path of paths) {
      await db.admin.query(`insert into storage.objects (bucket_id, name) values ('match-evidence', $1)`, [path]);
    }
    return { id, matchId: match!.id, paths };
  }

  const deletionsOf = async (tournamentId: string) =>
    (
      await db.admin.query<{ payload: { bucket: string; paths: string[] }; status: string }>(
        `select payload, status from private.outbox where kind = 'storage_deletion' and payload ->> 'tournament_id' = $1`,
        [tournamentId],
      )
    ).rows;

  it('queues the deletion of evidence 90 days after settlement, through the Storage API, once', async () => {
    const cup = await settledWithEvidence('2026-09-01T10:00:00Z');
    await setDatabaseClock(db, '2026-11-29T10:00:00Z');
    await runDueWork();
    expect(await deletionsOf(cup.id)).toEqual([]);

    await setDatabaseClock(db, '2026-11-30T10:00:01Z');
    expect((await runDueWork()).evidence_deletions_queued).toBeGreaterThanOrEqual(1);
    expect(await deletionsOf(cup.id)).toEqual([
      { payload: expect.objectContaining({ bucket: 'match-evidence', paths: cup.paths }), status: 'pending' },
    ]);
    // The rows stay until the Storage API removes the files: SQL never deletes them.
    expect((await db.admin.query(`select 1 from storage.objects where name = any($1)`, [cup.paths])).rows).toHaveLength(2);
    await runDueWork();
    expect(await deletionsOf(cup.id)).toHaveLength(1);
    await setDatabaseClock(db, null);
  });

  it('keeps evidence while a dispute or a chargeback of the tournament is open', async () => {
    const disputed = await settledWithEvidence('2026-08-01T10:00:00Z');
    const [dispute] = (
      await db.admin.query<{ id: string }>(
        `insert into public.match_disputes (match_id, reason, opened_at, deadline_at)
         values ($1, 'other', '2026-07-31T10:00:00Z', '2026-07-31T11:00:00Z') returning id`,
        [disputed.matchId],
      )
    ).rows;
    const chargedBack = await settledWithEvidence('2026-08-01T10:00:00Z');
    await db.admin.query(
      `insert into private.chargebacks (razorpay_dispute_id, razorpay_payment_id, tournament_id, amount_paise, status, opened_at, updated_at)
       values ($1, 'pay_retention', $2, 10000, 'open', '2026-08-02T10:00:00Z', '2026-08-02T10:00:00Z')`,
      [`disp_${randomUUID().slice(0, 8)}`, chargedBack.id],
    );
    await setDatabaseClock(db, '2026-12-01T10:00:00Z');
    await runDueWork();
    expect(await deletionsOf(disputed.id)).toEqual([]);
    expect(await deletionsOf(chargedBack.id)).toEqual([]);

    await db.admin.query(`update public.match_disputes set settled_at = '2026-11-01T10:00:00Z', outcome = 'result_set' where id = $1`, [
      dispute!.id,
    ]);
    await runDueWork();
    expect(await deletionsOf(disputed.id)).toHaveLength(1);
    expect(await deletionsOf(chargedBack.id)).toEqual([]);
    await setDatabaseClock(db, null);
  });

  it('reads the period from its setting', async () => {
    const cup = await settledWithEvidence('2026-06-01T10:00:00Z');
    await setting('retention_evidence_days', 400);
    await setDatabaseClock(db, '2027-06-01T10:00:00Z');
    await runDueWork();
    expect(await deletionsOf(cup.id)).toEqual([]);
    await setDatabaseClock(db, '2027-07-06T10:00:01Z');
    await runDueWork();
    expect(await deletionsOf(cup.id)).toHaveLength(1);
    await setting('retention_evidence_days', 90);
    await setDatabaseClock(db, null);
  });

  async function consentRequest(at: string) {
    await setDatabaseClock(db, at);
    const child = await createUser(db);
    await completeProfile(db, child.id, { dateOfBirth: '2012-02-02' });
    await db.as(child.actor, 'select public.request_parental_consent($1)', [`parent-${child.id.slice(0, 6)}@example.com`]);
    const { rows } = await db.admin.query<{ id: string }>('select id from private.parental_consents where player_id = $1', [child.id]);
    return { child, consentId: rows[0]!.id };
  }
  const consentRow = async (id: string) =>
    (await db.admin.query('select parent_email, token_sha256 from private.parental_consents where id = $1', [id])).rows;

  it('deletes a consent request once its link expired unused, the parent’s address with it', async () => {
    const { consentId } = await consentRequest('2026-12-01T10:00:00Z');
    await setDatabaseClock(db, '2026-12-08T09:59:59Z');
    await runDueWork();
    expect(await consentRow(consentId)).toHaveLength(1);
    await setDatabaseClock(db, '2026-12-08T10:00:00Z');
    expect((await runDueWork()).consent_requests_deleted).toBeGreaterThanOrEqual(1);
    expect(await consentRow(consentId)).toEqual([]);

    // A longer setting keeps it that many days past the link's expiry.
    await setting('retention_expired_consent_request_days', 3);
    const later = await consentRequest('2026-12-10T10:00:00Z');
    await setDatabaseClock(db, '2026-12-20T09:59:00Z');
    await runDueWork();
    expect(await consentRow(later.consentId)).toHaveLength(1);
    await setDatabaseClock(db, '2026-12-20T10:00:00Z');
    await runDueWork();
    expect(await consentRow(later.consentId)).toEqual([]);
    await setting('retention_expired_consent_request_days', 0);
    await setDatabaseClock(db, null);
  });

  it('deletes a used consent link at once, keeping the consent', async () => {
    const { consentId } = await consentRequest('2026-12-01T10:00:00Z');
    const [job] = (await db.admin.query<{ id: number }>(`select id from private.outbox where payload ->> 'consent_id' = $1`, [consentId]))
      .rows;
    const [{ d }] = (await db.as<{ d: { token: string; code: string } }>(
      serviceRole,
      'select public.service_outside_call_details($1) as d',
      [job!.id],
    )) as [{ d: { token: string; code: string } }];
    const parentEmail = (
      await db.admin.query<{ e: string }>('select parent_email as e from private.parental_consents where id = $1', [consentId])
    ).rows[0]!.e;
    const parent = await verifiedPanHolder(db, parentEmail);
    await db.as(parent.actor, `select public.confirm_parental_consent($1, $2, 'Ravi Kumar', 'father', true)`, [d.token, d.code]);
    expect(await consentRow(consentId)).toEqual([{ parent_email: expect.stringContaining('@example.com'), token_sha256: null }]);
    await setDatabaseClock(db, '2027-03-01T10:00:00Z');
    await runDueWork();
    expect(await consentRow(consentId)).toHaveLength(1);
    await setDatabaseClock(db, null);
  });

  const signup = async (email: string) =>
    (await db.admin.query('select email from public.story_notification_signups where email = $1', [email])).rows;

  it('deletes a "Notify Me" address never confirmed after 30 days, and keeps a confirmed one', async () => {
    await setDatabaseClock(db, '2026-12-01T10:00:00Z');
    await db.as(anon, 'select public.sign_up_for_story_news($1, $2)', ['quiet@example.in', 'I agree to hear from Golazo Arena.']);
    await db.as(anon, 'select public.sign_up_for_story_news($1, $2)', ['keen@example.in', 'I agree to hear from Golazo Arena.']);
    await db.admin.query(
      `select public.confirm_story_news(private.story_news_token(id, 'confirm')) from public.story_notification_signups where email = 'keen@example.in'`,
    );
    await setDatabaseClock(db, '2026-12-31T09:59:59Z');
    await runDueWork();
    expect(await signup('quiet@example.in')).toHaveLength(1);
    await setDatabaseClock(db, '2026-12-31T10:00:00Z');
    expect((await runDueWork()).unconfirmed_news_signups_deleted).toBeGreaterThanOrEqual(1);
    expect(await signup('quiet@example.in')).toEqual([]);
    expect(await signup('keen@example.in')).toHaveLength(1);
    await setDatabaseClock(db, null);
  });

  it('lists every rule as a setting', async () => {
    const { rows } = await db.admin.query<{ key: string; value: number }>(
      `select key, value from private.settings where key like 'retention_%' order by key`,
    );
    expect(rows).toEqual([
      { key: 'retention_evidence_days', value: 90 },
      { key: 'retention_expired_consent_request_days', value: 0 },
      { key: 'retention_outbox_given_up_days', value: 30 },
      { key: 'retention_unconfirmed_news_signup_days', value: 30 },
    ]);
  });
});
