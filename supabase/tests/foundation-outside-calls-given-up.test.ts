/**
 * Nothing stuck in silence (docs/areas/foundation.md; docs/money.md): every outbox call the worker gives up
 * on (a payout, a KYC check, a refund, an e-mail) shows on the console's needs-attention with its error
 * and a retry for an admin of the whole site; the payout reads "delayed" to its player and the KYC check
 * says it is late instead of staying "pending" in silence. If these fail, money sits in flight for ever
 * and nobody on the staff knows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, engines, expectSqlError, player, setDatabaseClock, startWithMovableClock, type TestDatabase } from './helpers.ts';
import { admin, givePrize, kycPlayer, rpcOf } from './money-fixtures.ts';

const service = { role: 'service_role' } as const;

type Item = { kind: string; title: string; tournament_id: string | null; detail: { job_id: number; job_kind: string; error: string } };

describe.each(engines)('outside calls given up on $name', (engine) => {
  let db: TestDatabase;
  let rpc: ReturnType<typeof rpcOf>;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    rpc = rpcOf(db);
    await setDatabaseClock(db, '2027-06-01T06:30:00Z');
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });

  const jobOf = async (key: string) =>
    (await db.admin.query<{ id: number; status: string }>('select id, status from private.outbox where idempotency_key = $1', [key]))
      .rows[0];
  /** The worker claims the call and gives up on it, as after its last attempt. */
  async function giveUp(key: string, answer: Record<string, unknown>) {
    const claimed = await rpc<Array<{ id: number }>>(service, 'public.service_claim_outside_calls(10, $1)', [key]);
    expect(claimed).toHaveLength(1);
    expect(
      await rpc(service, `public.service_record_outside_answer($1, 'failed', $2::jsonb)`, [claimed[0]?.id, JSON.stringify(answer)]),
    ).toEqual({
      status: 'gave_up',
    });
    return claimed[0]?.id as number;
  }

  it('lists a given-up payout, KYC check, refund and e-mail with their errors, and an admin retries each', async () => {
    const staff = await admin(db);
    const approver = await admin(db);

    const payee = await kycPlayer(db);
    await givePrize(db, payee.id, 20_000);
    const payout = await rpc<{ payout_id: string }>(payee.actor, 'public.request_payout($1)', [20_000]);
    await rpc(approver.actor, 'public.staff_approve_payout($1)', [payout.payout_id]);
    const payoutJob = await giveUp(`payout-${payout.payout_id}`, { error: 'RazorpayX timed out' });

    const applicant = await kycPlayer(db, { verified: false });
    const kycKey = (
      await db.admin.query<{ key: string }>(
        `select idempotency_key as key from private.outbox where kind = 'pan_verification' and payload ->> 'user_id' = $1`,
        [applicant.id],
      )
    ).rows[0]?.key as string;
    const kycJob = await giveUp(kycKey, { http_status: 503, error: 'PAN service unavailable' });

    await db.admin.query(
      `select private.enqueue_outside_call('razorpay_refund', 'refund-pay_GivenUp000001',
              jsonb_build_object('razorpay_payment_id', 'pay_GivenUp000001', 'amount_paise', 15000, 'reason', 'tournament_full'))`,
    );
    const refundJob = await giveUp('refund-pay_GivenUp000001', { description: 'The payment has not been captured' });
    await db.admin.query(`select private.queue_email('given-up-mail-1', 'someone@golazo.test', 'Hello', 'Text')`);
    const mailJob = await giveUp('given-up-mail-1', { error: 'mail service refused the address' });

    const items = (await rpc<Item[]>(staff.actor, 'public.staff_needs_attention()')).filter((i) => i.kind === 'outside_call_failed');
    const byJob = new Map(items.map((i) => [i.detail.job_id, i]));
    expect(byJob.get(payoutJob)).toMatchObject({
      title: 'Gave up on a payout',
      detail: { job_kind: 'razorpayx_payout', error: 'RazorpayX timed out' },
    });
    expect(byJob.get(kycJob)).toMatchObject({ title: 'Gave up on a PAN check', detail: { error: 'PAN service unavailable' } });
    expect(byJob.get(refundJob)).toMatchObject({ title: 'Gave up on a refund', detail: { error: 'The payment has not been captured' } });
    expect(byJob.get(mailJob)).toMatchObject({ title: 'Gave up on an e-mail', detail: { error: 'mail service refused the address' } });

    // The player is not left with a silent "approved" or "pending".
    const [mine] = await rpc<Array<{ status: string; delayed: boolean }>>(payee.actor, 'public.get_my_payouts()');
    expect(mine).toMatchObject({ status: 'approved', delayed: true });
    expect(await rpc(applicant.actor, 'public.get_my_kyc()')).toMatchObject({
      status: 'pending',
      reason: expect.stringMatching(/taking longer/),
      reason_code: 'check_late',
    });
    const audited = await db.admin.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log where action = 'outside_call_failed'`,
    );
    expect(audited.rows[0]?.n).toBe(4);
    const told = await db.admin.query<{ title: string }>(
      `select title from public.notifications where user_id = $1 and kind = 'staff_alert'`,
      [staff.id],
    );
    expect(told.rows.map((r) => r.title).sort()).toEqual(['Gave up on a PAN check', 'Gave up on a payout', 'Gave up on a refund']);

    // Only an admin of the whole site at the second step retries.
    const someone = await createUser(db);
    await expectSqlError(rpc(player(someone.id, someone.email, 'aal2'), 'public.staff_retry_outside_call($1)', [payoutJob]), 'PT403');
    await expectSqlError(rpc(player(staff.id, staff.email, 'aal1'), 'public.staff_retry_outside_call($1)', [payoutJob]), 'PT403');
    for (const job of [payoutJob, kycJob, refundJob, mailJob]) {
      expect(await rpc(staff.actor, 'public.staff_retry_outside_call($1)', [job])).toMatchObject({ job_id: job, status: 'pending' });
    }
    await expectSqlError(rpc(staff.actor, 'public.staff_retry_outside_call($1)', [payoutJob]), 'PT409');
    expect((await jobOf(`payout-${payout.payout_id}`))?.status).toBe('pending');
    const after = (await rpc<Item[]>(staff.actor, 'public.staff_needs_attention()')).filter((i) => i.kind === 'outside_call_failed');
    expect(after.filter((i) => [payoutJob, kycJob, refundJob, mailJob].includes(i.detail.job_id))).toEqual([]);
    expect(await rpc(applicant.actor, 'public.get_my_kyc()')).toMatchObject({ status: 'pending', reason: null, reason_code: null });
    const retried = await db.admin.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log where action = 'outside_call_retried'`,
    );
    expect(retried.rows[0]?.n).toBe(4);
  });

  it('offers no retry of a payout that ended anyway (the provider refused it, the money is back)', async () => {
    const staff = await admin(db);
    const approver = await admin(db);
    const payee = await kycPlayer(db);
    await givePrize(db, payee.id, 10_000);
    const payout = await rpc<{ payout_id: string }>(payee.actor, 'public.request_payout($1)', [10_000]);
    await rpc(approver.actor, 'public.staff_approve_payout($1)', [payout.payout_id]);
    await rpc(service, `public.service_record_payout_status($1, null, 'failed', 'Invalid VPA', now())`, [payout.payout_id]);
    const job = await giveUp(`payout-${payout.payout_id}`, { description: 'Invalid VPA' });
    const items = await rpc<Item[]>(staff.actor, 'public.staff_needs_attention()');
    expect(items.some((i) => i.kind === 'outside_call_failed' && i.detail.job_id === job)).toBe(false);
    await expectSqlError(rpc(staff.actor, 'public.staff_retry_outside_call($1)', [job]), 'PT409');
  });
});
