/**
 * PAN encrypted at rest: kyc_records keeps the PAN encrypted under a key that is not in the database (Vault;
 * locally the stack's key file), its last four characters and its keyed HMAC. Only the functions that need
 * the PAN decrypt it, each use audited. If this failed, a copy of the database (a backup, a dump, a support
 * session) would hand out every player's PAN; the outbox would too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createUser,
  engines,
  expectSqlError,
  INSUFFICIENT_PRIVILEGE,
  NOT_ALLOWED,
  player,
  serviceRole,
  TEST_PAN_ENCRYPTION_KEY,
  type TestDatabase,
} from './helpers.ts';
import { admin, freshPan, givePrize, kycPlayer, rpcOf } from './money-fixtures.ts';

const PAN_PATTERN = /[A-Z]{5}[0-9]{4}[A-Z]/;

describe.each(engines)('PANs at rest on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  it('keeps no PAN in clear in kyc_records, nor a PAN, legal name or UPI id in the outbox', async () => {
    const players = [await kycPlayer(db), await kycPlayer(db, { verified: false })];
    // A payout queued for the first: the outbox names the payout only.
    await givePrize(db, players[0]!.id, 5000);
    const rpc = rpcOf(db);
    const payout = await rpc<{ payout_id: string }>(players[0]!.actor, 'public.request_payout($1)', [2000]);
    const staff = await admin(db);
    await rpc(staff.actor, 'public.staff_approve_payout($1)', [payout.payout_id]);

    const kyc = await db.as<{ row: string }>(serviceRole, 'select row_to_json(k)::text as row from public.kyc_records k');
    expect(kyc.length).toBeGreaterThanOrEqual(2);
    for (const { row } of kyc) expect(row).not.toMatch(PAN_PATTERN);
    const { rows: outbox } = await db.admin.query<{ kind: string; text: string }>(
      `select kind, payload::text || coalesce(last_answer::text, '') as text from private.outbox`,
    );
    expect(outbox.map((o) => o.kind)).toEqual(expect.arrayContaining(['pan_verification', 'upi_validation', 'razorpayx_payout']));
    for (const { text } of outbox) {
      expect(text).not.toMatch(PAN_PATTERN);
      expect(text).not.toContain('Test Player');
      expect(text).not.toMatch(/player[0-9a-f]{6}@okaxis/);
    }
  });

  it('shows only the last four characters to the player, and stores the format check’s result encrypted', async () => {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    const pan = freshPan();
    const kyc = await rpcOf(db)<{ pan_masked: string }>(user.actor, 'public.submit_kyc($1, $2)', [pan.toLowerCase(), 'me@okaxis']);
    expect(kyc.pan_masked).toBe(`••••••${pan.slice(-4)}`);
    const { rows } = await db.admin.query<{ last4: string; clear: string; without_key: string | null }>(
      `select pan_last4 as last4, extensions.pgp_sym_decrypt(pan_ciphertext, $2) as clear,
              position(convert_to($3, 'UTF8') in pan_ciphertext)::text as without_key
         from public.kyc_records where user_id = $1`,
      [user.id, TEST_PAN_ENCRYPTION_KEY, pan],
    );
    expect(rows).toEqual([{ last4: pan.slice(-4), clear: pan, without_key: '0' }]);
    // A malformed PAN is refused before anything is stored.
    await expectSqlError(rpcOf(db)(user.actor, 'public.submit_kyc($1, $2)', ['ABCDE1234F', 'me@okaxis']), 'PT400', 'fourth letter P');
  });

  it('refuses to store a PAN without the key, and no API role reaches the key or the decryption', async () => {
    const user = await createUser(db);
    await completeProfile(db, user.id);
    await db.admin.query(`select set_config('golazo.local_pan_encryption_key', '', false)`);
    try {
      await expectSqlError(rpcOf(db)(user.actor, 'public.submit_kyc($1, $2)', [freshPan(), 'me@okaxis']), '55000', 'Vault secret');
    } finally {
      await db.admin.query(`select set_config('golazo.local_pan_encryption_key', $1, false)`, [TEST_PAN_ENCRYPTION_KEY]);
    }
    for (const actor of [anon, user.actor, serviceRole]) {
      await expectSqlError(db.as(actor, 'select private.decrypt_pan(null)'), INSUFFICIENT_PRIVILEGE);
      await expectSqlError(db.as(actor, 'select private.pan_encryption_key()'), INSUFFICIENT_PRIVILEGE);
      await expectSqlError(db.as(actor, 'select * from vault.decrypted_secrets'), INSUFFICIENT_PRIVILEGE);
    }
  });

  it('decrypts only in the PAN check and the tax registers', async () => {
    const { rows } = await db.admin.query<{ name: string }>(
      `select p.oid::regprocedure::text as name from pg_proc p
        where p.prosrc like '%private.decrypt_pan(%' order by 1`,
    );
    // The PAN check's details are read by the service role's door to the outbox (service_outside_call_details),
    // which runs the function the payouts area registered for the check (private.outbox_kinds).
    expect(rows.map((r) => r.name)).toEqual([
      'private.kyc_check_call_details(private.outbox)',
      'staff_tax_certificates(integer)',
      'staff_withholding_register(date,date)',
    ]);
  });

  it('gives the worker the clear PAN for its check and the UPI id for its validation, each read of a PAN audited', async () => {
    const user = await kycPlayer(db, { verified: false });
    const { rows: calls } = await db.admin.query<{ id: string; kind: string }>(
      `select id, kind from private.outbox where kind in ('pan_verification', 'upi_validation') and payload ->> 'user_id' = $1 order by kind`,
      [user.id],
    );
    expect(calls.map((c) => c.kind)).toEqual(['pan_verification', 'upi_validation']);
    const details = async (id: string) => rpcOf(db)<Record<string, string>>(serviceRole, 'public.service_outside_call_details($1)', [id]);
    const pan = await details(calls[0]!.id);
    expect(pan).toEqual({ pan: expect.stringMatching(/^[A-Z]{5}[0-9]{4}[A-Z]$/), legal_name: expect.any(String) });
    expect(await details(calls[1]!.id)).toEqual({ upi_id: user.upi, legal_name: pan.legal_name });
    const { rows: audit } = await db.admin.query(
      `select 1 from public.audit_log where action = 'pan_decrypted' and after -> 'user_ids' ? $1`,
      [user.id],
    );
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the tax register the clear PAN for platform admins at aal2 only, each read audited', async () => {
    const user = await kycPlayer(db);
    const pan = (
      await db.admin.query<{ pan: string }>(
        'select private.decrypt_pan(pan_ciphertext) as pan from public.kyc_records where user_id = $1',
        [user.id],
      )
    ).rows[0]!.pan;
    await db.admin.query(
      `insert into private.tax_withholdings (user_id, financial_year, kind, at, gross_paise, net_winnings_paise, tax_paise)
       values ($1, 2026, 'withdrawal', '2026-12-02T10:00:00Z', 100000, 100000, 30000)`,
      [user.id],
    );
    const staff = await admin(db);
    const rpc = rpcOf(db);
    const register = await rpc<Array<{ user_id: string; pan: string }>>(
      staff.actor,
      `public.staff_withholding_register('2026-12-01', '2026-12-03')`,
    );
    expect(register.find((r) => r.user_id === user.id)?.pan).toBe(pan);
    const certificates = await rpc<Array<{ user_id: string; pan: string }>>(staff.actor, 'public.staff_tax_certificates(2026)');
    expect(certificates.find((r) => r.user_id === user.id)?.pan).toBe(pan);
    const { rows: audit } = await db.admin.query<{ actor_id: string; summary: string; user_ids: string[] }>(
      `select actor_id, summary, after -> 'user_ids' as user_ids from public.audit_log
        where action = 'pan_decrypted' and actor_id = $1 order by id`,
      [staff.id],
    );
    expect(audit.map((a) => a.summary)).toEqual([
      'PAN read in clear for withholding register 2026-12-01 to 2026-12-03',
      'PAN read in clear for tax certificates 2026',
    ]);
    expect(audit.every((a) => a.user_ids.includes(user.id))).toBe(true);

    const firstStepOnly = player(staff.id, staff.email, 'aal1');
    for (const actor of [firstStepOnly, user.actor]) {
      await expectSqlError(rpc(actor, `public.staff_withholding_register('2026-12-01', '2026-12-03')`), NOT_ALLOWED);
      await expectSqlError(rpc(actor, 'public.staff_tax_certificates(2026)'), NOT_ALLOWED);
    }
  });

  it('keeps answers and delivered calls without personal data', async () => {
    const { rows } = await db.admin.query<{ id: number }>(
      `insert into private.outbox (kind, idempotency_key, payload)
       values ('email', 'privacy-scrub-' || gen_random_uuid(), '{"to": "asha@example.com", "subject": "Hi", "text": "Hello"}')
       returning id`,
    );
    const id = rows[0]!.id;
    await db.as(serviceRole, `select public.service_record_outside_answer($1, 'retry', $2)`, [
      id,
      { description: 'VPA asha.rao@okaxis refused; PAN ABCPE1234F; write to asha@example.com', sent_to: 'asha@example.com' },
    ]);
    await db.as(serviceRole, `select public.service_record_outside_answer($1, 'done', $2)`, [id, { sent: true, name: 'Asha Rao' }]);
    const { rows: kept } = await db.admin.query<{ payload: unknown; last_answer: unknown }>(
      'select payload, last_answer from private.outbox where id = $1',
      [id],
    );
    // A delivered e-mail keeps only the hash of what was sent (private.outbox_kept_fields).
    expect(kept).toEqual([{ payload: { payload_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }, last_answer: { sent: true } }]);
    const { rows: answers } = await db.admin.query<{ answer: unknown }>(
      'select answer from private.outbox_answers where outbox_id = $1 order by id',
      [id],
    );
    expect(answers).toEqual([
      { answer: { description: 'VPA [UPI id] refused; PAN [PAN]; write to [e-mail]' } },
      { answer: { sent: true } },
    ]);
  });
});
