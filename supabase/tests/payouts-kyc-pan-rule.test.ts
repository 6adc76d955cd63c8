/**
 * One PAN per verified account (docs/areas/payouts.md): a PAN typed by someone it does not belong to never
 * blocks its owner, no answer tells whether a PAN has an account here, and each check's answer counts only
 * for the submission it checked. If these failed, a stranger could lock a player out of withdrawals for
 * good, anyone could probe which PANs play here, or a late answer about an old PAN could verify a new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, createUser, engines, expectSqlError, player, type TestDatabase } from './helpers.ts';
import { freshPan, recordKycCheck, rpcOf } from './money-fixtures.ts';

describe.each(engines)('one PAN per verified account on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await engine.start();
    rpc = rpcOf(db);
  });
  afterAll(() => db?.close());

  async function adult() {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    return { ...user, actor: player(user.id, user.email) };
  }
  type Kyc = { status: string | null; reason: string | null; pan_masked?: string | null };
  const submit = (actor: ReturnType<typeof player>, pan: string, upi: string) => rpc<Kyc>(actor, 'public.submit_kyc($1, $2)', [pan, upi]);
  const kycOf = (actor: ReturnType<typeof player>) => rpc<Kyc>(actor, 'public.get_my_kyc()');

  it("lets a PAN's owner verify it after a stranger typed it and was rejected", async () => {
    const pan = freshPan();
    const stranger = await adult();
    await submit(stranger.actor, pan, 'stranger@okaxis');
    await recordKycCheck(db, stranger.id, 'pan', false, 'The name on this PAN does not match your legal name.');
    expect(await kycOf(stranger.actor)).toMatchObject({ status: 'rejected' });

    const owner = await adult();
    expect(await submit(owner.actor, pan, 'owner@okaxis')).toMatchObject({ status: 'pending' });
    await recordKycCheck(db, owner.id, 'pan', true);
    await recordKycCheck(db, owner.id, 'upi', true);
    expect(await kycOf(owner.actor)).toEqual(expect.objectContaining({ status: 'verified', reason: null }));
  });

  it('answers a PAN verified on another account exactly as a PAN that failed its check', async () => {
    const pan = freshPan();
    const owner = await adult();
    await submit(owner.actor, pan, 'first.owner@okaxis');
    await recordKycCheck(db, owner.id, 'pan', true);
    await recordKycCheck(db, owner.id, 'upi', true);

    // Submitting it elsewhere is accepted like any PAN: the submission itself tells nothing.
    const second = await adult();
    const failed = await adult();
    const atSubmit = await submit(second.actor, pan, 'second@okaxis');
    expect(atSubmit).toEqual({
      ...(await submit(failed.actor, freshPan(), 'failed@okaxis')),
      upi_id: 'second@okaxis',
      pan_masked: atSubmit.pan_masked,
    });
    expect(atSubmit).toMatchObject({ status: 'pending', reason: null, reason_code: null });

    // The provider confirms the PAN and the name: the outcome is the one of a PAN that failed its check.
    await recordKycCheck(db, second.id, 'pan', true);
    await recordKycCheck(db, second.id, 'upi', true);
    await recordKycCheck(db, failed.id, 'upi', true);
    await recordKycCheck(db, failed.id, 'pan', false, 'The PAN is not valid or not operative.');
    const refused = await kycOf(second.actor);
    expect(refused.status).toBe('rejected');
    expect(refused.reason).toBe((await kycOf(failed.actor)).reason);
    expect(refused).toMatchObject({ reason_code: 'pan_not_verified' });
    expect(refused.reason).not.toMatch(/another account|already|in use|registered/i);
    const notices = await db.admin.query<{ user_id: string; title: string; body: string }>(
      `select user_id, title, body from public.notifications where kind = 'kyc_result' and user_id = any($1) order by user_id = $2`,
      [[second.id, failed.id], failed.id],
    );
    expect(notices.rows.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'Your KYC was not accepted', body: refused.reason },
      { title: 'Your KYC was not accepted', body: refused.reason },
    ]);
    expect(await kycOf(owner.actor)).toMatchObject({ status: 'verified' });
  });

  it('keeps a verified PAN its owner’s while a new UPI id of theirs is checked', async () => {
    const pan = freshPan();
    const owner = await adult();
    await submit(owner.actor, pan, 'owner.old@okaxis');
    await recordKycCheck(db, owner.id, 'pan', true);
    await recordKycCheck(db, owner.id, 'upi', true);
    const ownerStrong = player(owner.id, owner.email, 'aal2');
    expect(await submit(ownerStrong, pan, 'owner.new@okaxis')).toMatchObject({ status: 'pending' });
    // Meanwhile the PAN is neither free for another account nor changeable by its owner.
    const other = await adult();
    await submit(other.actor, pan, 'other@okaxis');
    await recordKycCheck(db, other.id, 'pan', true);
    await recordKycCheck(db, other.id, 'upi', true);
    expect(await kycOf(other.actor)).toMatchObject({ status: 'rejected' });
    await expectSqlError(submit(ownerStrong, freshPan(), 'owner.new@okaxis'), 'PT409', 'cannot change');
    // A UPI id the bank refuses leaves the PAN with its owner, who tries another.
    await recordKycCheck(db, owner.id, 'upi', false, 'This UPI id does not exist at the bank.');
    // The UPI check's own words, with the code a Hindi page words.
    expect(await kycOf(owner.actor)).toMatchObject({
      status: 'rejected',
      reason: 'This UPI id does not exist at the bank.',
      reason_code: 'upi_not_verified',
    });
    await expectSqlError(submit(owner.actor, pan, 'owner.third@okaxis'), 'PT403', 'two-step');
    await submit(ownerStrong, pan, 'owner.third@okaxis');
    await recordKycCheck(db, owner.id, 'upi', true);
    expect(await kycOf(owner.actor)).toMatchObject({ status: 'verified' });
  });

  it('ignores an answer about an earlier submission', async () => {
    const user = await adult();
    await submit(user.actor, freshPan(), 'late@okaxis');
    // The player corrects their PAN before the first check answers.
    const corrected = freshPan();
    await submit(user.actor, corrected, 'late@okaxis');
    const { rows: queued } = await db.admin.query<{ payload: { submission: number } }>(
      `select payload from private.outbox where kind = 'pan_verification' and payload ->> 'user_id' = $1 order by id`,
      [user.id],
    );
    expect(queued.map(({ payload }) => payload.submission)).toEqual([1, 2]);
    // The queue names the submission only; the PAN is read when the check is made.
    expect(queued[1]?.payload).toEqual({ user_id: user.id, submission: 2 });

    // The first PAN's answers (a pass, then a failure) arrive late: nothing changes.
    expect(await recordKycCheck(db, user.id, 'pan', true, null, 1)).toMatchObject({ status: 'pending', ignored: 'stale_submission' });
    await recordKycCheck(db, user.id, 'upi', true, null, 1);
    expect(await kycOf(user.actor)).toMatchObject({ status: 'pending' });
    await recordKycCheck(db, user.id, 'pan', false, 'The PAN is not valid or not operative.', 1);
    expect(await kycOf(user.actor)).toMatchObject({ status: 'pending', reason: null });

    // The answer about the corrected PAN decides.
    await recordKycCheck(db, user.id, 'pan', true, null, 2);
    expect(await kycOf(user.actor)).toMatchObject({ status: 'verified' });
  });

  it('keeps PANs comparable only through a keyed HMAC whose key no API role reads', async () => {
    const user = await adult();
    const pan = freshPan();
    await submit(user.actor, pan.toLowerCase(), 'hmac@okaxis');
    const { rows } = await db.admin.query<{ same: boolean; plain: boolean }>(
      `select k.pan_hmac = extensions.hmac(convert_to($2, 'UTF8'), s.key, 'sha256') as same,
              k.pan_hmac = extensions.digest(convert_to($2, 'UTF8'), 'sha256') as plain
         from public.kyc_records k, private.secret_keys s
        where k.user_id = $1 and s.name = 'pan_hmac'`,
      [user.id, pan],
    );
    expect(rows).toEqual([{ same: true, plain: false }]);
    for (const actor of [user.actor, { role: 'service_role' as const }, { role: 'anon' as const }]) {
      await expectSqlError(db.as(actor, 'select key from private.secret_keys'), '42501');
    }
  });
});
