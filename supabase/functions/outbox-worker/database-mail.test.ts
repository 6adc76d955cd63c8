/**
 * E-mail the database words itself (an invitation to a place, a cancellation): queued in the outbox by
 * private.queue_email, sent once by the worker with the site path made a full link. If it failed, an
 * invited player would never hear of their place, or a player would not learn why their money came back.
 */
import { deepStrictEqual as assertEquals, match as assertMatch } from 'node:assert/strict';
import { startHarness } from '../_test/harness.ts';
import { drainOutbox } from '../_shared/outbox.ts';
import type { Mail, Mailer } from '../_shared/mailer.ts';

Deno.test('the outbox sends a database-worded e-mail once, with a full link', async () => {
  const h = await startHarness();
  try {
    const key = `test-mail-${crypto.randomUUID()}`;
    await h.sql(`select private.queue_email($1, 'friend@example.com', 'You are invited', 'Accept your place.', '/invite/?token=abc')`, [
      key,
    ]);
    const sent: Array<{ mail: Mail; key: string }> = [];
    const mailer: Mailer = { send: async (mail, idempotencyKey) => void sent.push({ mail, key: idempotencyKey }) };
    const deps = { store: h.store, razorpay: h.razorpay, mailer, siteOrigin: 'https://golazo.example' };

    assertEquals(await drainOutbox(deps, { onlyKey: key }), { done: 1, retry: 0, failed: 0, doneByKind: { email: 1 } });
    assertEquals(sent.length, 1);
    assertEquals(sent[0]!.key, key);
    assertEquals(sent[0]!.mail.to, 'friend@example.com');
    assertEquals(sent[0]!.mail.subject, 'You are invited');
    assertEquals(sent[0]!.mail.link, 'https://golazo.example/invite/?token=abc');
    assertMatch(sent[0]!.mail.text, /Accept your place\.\n\nhttps:\/\/golazo\.example\/invite\/\?token=abc$/);

    // Queued again under the same key (a retried transaction): nothing new is sent.
    await h.sql(`select private.queue_email($1, 'friend@example.com', 'You are invited', 'Accept your place.', '/invite/?token=abc')`, [
      key,
    ]);
    assertEquals(await drainOutbox(deps, { onlyKey: key }), { done: 0, retry: 0, failed: 0, doneByKind: {} });
    assertEquals(sent.length, 1);
  } finally {
    await h.close();
  }
});
