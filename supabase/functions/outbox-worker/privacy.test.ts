/**
 * The outbox keeps references, not personal data: the worker reads a PAN, a UPI id or an address from the
 * database when it makes the call (service_outside_call_details) and writes none of it back. If this
 * failed, a copy of every player's PAN and every parent's address would sit in the queue and its answers.
 */
import { deepStrictEqual as assertEquals, match as assertMatch, ok as assert } from 'node:assert/strict';
import { startHarness } from '../_test/harness.ts';
import { drainOutbox } from '../_shared/outbox.ts';
import type { Mail, Mailer } from '../_shared/mailer.ts';
import type { StorageRemover } from '../_shared/storage-remover.ts';

const PAN_PATTERN = /[A-Z]{5}[0-9]{4}[A-Z]/;
const SITE = 'https://golazo.example';

function recordingMailer() {
  const sent: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
  return { sent, mailer };
}

type Harness = Awaited<ReturnType<typeof startHarness>>;

/** Everything the outbox holds, as text: payloads, last answers and every answer recorded. */
async function outboxText(h: Harness): Promise<string> {
  const rows = await h.sql<{ text: string }>(
    `select coalesce(string_agg(o.payload::text || ' ' || coalesce(o.last_answer::text, ''), ' '), '') ||
            coalesce((select string_agg(a.answer::text, ' ') from private.outbox_answers a), '') as text
       from private.outbox o`,
  );
  return rows[0]?.text ?? '';
}

Deno.test('the PAN check reads the PAN when it is made, audited, and nothing in the outbox keeps it', async () => {
  const h = await startHarness();
  try {
    const player = await h.signIn();
    await h.rpcAs(player.id, 'submit_kyc', { p_pan: 'ABCPE1234F', p_upi_id: 'asha.rao@okaxis' });
    const queued = await h.sql<{ kind: string; payload: Record<string, unknown> }>(
      `select kind, payload from private.outbox where kind in ('pan_verification', 'upi_validation') order by kind`,
    );
    assertEquals(queued, [
      { kind: 'pan_verification', payload: { user_id: player.id, submission: 1 } },
      { kind: 'upi_validation', payload: { user_id: player.id, submission: 1 } },
    ]);

    await h.runDueWork();
    // The provider was asked about the PAN itself, once.
    assertEquals(h.panDouble.checks.get('ABCPE1234F'), 1);
    const [kyc] = await h.sql<{ status: string }>(`select status from public.kyc_records where user_id = $1`, [player.id]);
    assertEquals(kyc?.status, 'verified');

    const text = await outboxText(h);
    assert(!PAN_PATTERN.test(text), `a PAN in the outbox: ${text}`);
    assert(!text.includes('Test Player'), 'a legal name in the outbox');
    assert(!text.includes('asha.rao@okaxis'), 'a UPI id in the outbox');
    const audit = await h.sql<{ action: string; after: { user_ids: string[] } }>(
      `select action, after from public.audit_log where action = 'pan_decrypted'`,
    );
    assertEquals(audit.length, 1);
    assertEquals(audit[0]?.after.user_ids, [player.id]);
  } finally {
    await h.close();
  }
});

Deno.test('a check of a PAN the player has replaced since is not made', async () => {
  const h = await startHarness();
  try {
    const player = await h.signIn();
    await h.rpcAs(player.id, 'submit_kyc', { p_pan: 'ABCPE1111F', p_upi_id: 'asha.rao@okaxis' });
    await h.rpcAs(player.id, 'submit_kyc', { p_pan: 'ABCPE2222F', p_upi_id: 'asha.rao@okaxis' });
    await h.runDueWork();
    assertEquals(h.panDouble.checks.get('ABCPE1111F'), undefined);
    assertEquals(h.panDouble.checks.get('ABCPE2222F'), 1);
    const answers = await h.sql<{ last_answer: unknown }>(
      `select last_answer from private.outbox where kind = 'pan_verification' order by id limit 1`,
    );
    assertEquals(answers[0]?.last_answer, { stale: true });
  } finally {
    await h.close();
  }
});

Deno.test("a parent's consent: the request carries a link and a code, the confirmation a withdrawal link", async () => {
  const h = await startHarness();
  try {
    // The parent's own account, at the address the child names, with a PAN the PAN check verified.
    const parent = await h.signIn();
    await h.sql('update auth.users set email = $2 where id = $1', [parent.id, 'parent@example.com']);
    await h.rpcAs(parent.id, 'submit_kyc', { p_pan: 'ABCPE3333F', p_upi_id: 'asha.rao@okaxis' });
    await h.runDueWork();
    const child = await h.signIn({ dateOfBirth: '2012-03-04' });
    await h.rpcAs(child.id, 'request_parental_consent', { p_parent_email: 'Parent@Example.com' });
    const [request] = await h.sql<{ id: string; token: string; code: string }>(
      `select id, private.parental_consent_link_token(id) as token, private.parental_consent_code(id) as code
         from private.parental_consents where player_id = $1`,
      [child.id],
    );
    const { sent, mailer } = recordingMailer();
    assertEquals((await drainOutbox({ store: h.store, razorpay: h.razorpay, mailer, siteOrigin: SITE })).done, 1);
    assertEquals(sent.length, 1);
    assertEquals(sent[0]?.to, 'parent@example.com');
    assertEquals(sent[0]?.link, `${SITE}/parental-consent#token=${request!.token}`);
    assertMatch(sent[0]!.text, new RegExp(`enter this code there: ${request!.code}`));

    await h.rpcAs(parent.id, 'confirm_parental_consent', {
      p_token: request!.token,
      p_code: request!.code,
      p_parent_name: 'Asha Rao',
      p_relation: 'mother',
      p_declaration: true,
    });
    assertEquals((await drainOutbox({ store: h.store, razorpay: h.razorpay, mailer, siteOrigin: SITE })).done, 1);
    assertMatch(sent[1]!.link ?? '', /\/parental-consent#withdraw=[0-9a-f]{64}$/);

    // The consent's own e-mails keep neither the address nor the link once sent (the parent's "KYC verified"
    // e-mail, which this harness has no mailer for, waits for its retry with its address, as any unsent e-mail).
    const [consentCalls] = await h.sql<{ text: string }>(
      `select coalesce(string_agg(o.payload::text || ' ' || coalesce(o.last_answer::text, ''), ' '), '') as text
         from private.outbox o where o.payload ? 'consent_id'`,
    );
    assertMatch(consentCalls!.text, /"message": "request"/);
    assert(!consentCalls!.text.includes('parent@example.com'), `the parent's address in the outbox: ${consentCalls!.text}`);
    const text = await outboxText(h);
    assert(!text.includes(request!.token), 'the consent link in the outbox');
  } finally {
    await h.close();
  }
});

Deno.test('story news: confirmed addresses only, each message with its unsubscribe link', async () => {
  const h = await startHarness();
  try {
    // News waits for the morning (quiet hours): a day-time clock sends it at once.
    await h.clock.set(new Date('2026-12-01T06:00:00Z'));
    await h.sql(`select public.sign_up_for_story_news('reader@example.com', 'I agree to hear from Golazo Arena.')`);
    const { sent, mailer } = recordingMailer();
    // News before the address is confirmed goes to nobody.
    assertEquals(await h.sql(`select private.queue_story_news('early', 'First story', 'It is out.') as n`), [{ n: 0 }]);
    await drainOutbox({ store: h.store, razorpay: h.razorpay, mailer, siteOrigin: SITE });
    assertEquals(sent.length, 1);
    const confirm = new URL(sent[0]!.link!).hash.slice('#confirm='.length);
    assertMatch(sent[0]!.text, /\/story-news#unsubscribe=/);

    await h.sql(`select public.confirm_story_news($1)`, [confirm]);
    assertEquals(await h.sql(`select private.queue_story_news('first', 'First story', 'It is out.', '/blog') as n`), [{ n: 1 }]);
    await drainOutbox({ store: h.store, razorpay: h.razorpay, mailer, siteOrigin: SITE });
    assertEquals(sent.length, 2);
    assertEquals(sent[1]!.subject, 'First story');
    const unsubscribe = /\/story-news#unsubscribe=([^\s]+)/.exec(sent[1]!.text)?.[1] ?? '';
    const [id, token] = decodeURIComponent(unsubscribe).split('.');
    await h.sql(`select public.unsubscribe_story_news($1, $2)`, [id, token]);
    assertEquals(await h.sql(`select count(*)::int as n from public.story_notification_signups`), [{ n: 0 }]);
  } finally {
    await h.close();
  }
});

Deno.test('expired evidence is removed through the Storage API in batches, and a removal that fails is retried', async () => {
  const h = await startHarness();
  try {
    const paths = Array.from({ length: 1500 }, (_, i) => `${crypto.randomUUID()}/${crypto.randomUUID()}/shot-${i}.png`);
    await h.sql(
      `insert into private.outbox (kind, idempotency_key, payload)
       values ('storage_deletion', 'evidence-test', jsonb_build_object('bucket', 'match-evidence', 'paths', $1::jsonb))`,
      [JSON.stringify(paths)],
    );
    let down = true;
    const calls: { bucket: string; paths: string[] }[] = [];
    const storage: StorageRemover = {
      remove(bucket, batch) {
        if (down) return Promise.reject(new (class extends Error {})('unreachable'));
        calls.push({ bucket, paths: batch });
        return Promise.resolve(batch.length);
      },
    };
    assertEquals((await drainOutbox({ store: h.store, razorpay: h.razorpay, storage })).retry, 1);
    down = false;
    await h.sql(`update private.outbox set next_attempt_at = now() where idempotency_key = 'evidence-test'`);
    assertEquals((await drainOutbox({ store: h.store, razorpay: h.razorpay, storage })).doneByKind, { storage_deletion: 1 });
    assertEquals(
      calls.map((c) => [c.bucket, c.paths.length]),
      [
        ['match-evidence', 1000],
        ['match-evidence', 500],
      ],
    );
    const [row] = await h.sql<{ last_answer: unknown }>(`select last_answer from private.outbox where idempotency_key = 'evidence-test'`);
    assertEquals(row?.last_answer, { bucket: 'match-evidence', asked: 1500, removed: 1500 });
  } finally {
    await h.close();
  }
});
