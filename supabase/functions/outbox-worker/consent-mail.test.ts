/**
 * The consent e-mail: queued by request_parental_consent() in the outbox (the consent's id only), sent once by
 * the worker with the link to the site's consent page and the one-time code, read when it sends. If it
 * failed, a parent would never get the link (no free tournaments for their child), or get it twice.
 */
import { deepStrictEqual as assertEquals, match as assertMatch, ok as assert } from 'node:assert/strict';
import { startHarness } from '../_test/harness.ts';
import { drainOutbox } from '../_shared/outbox.ts';
import { MailError, type Mail, type Mailer } from '../_shared/mailer.ts';

Deno.test('the outbox sends a parent the consent link once', async (t) => {
  const h = await startHarness();
  try {
    // A player of 13 to 17 asks; the queued row names the consent only.
    const queue = async () => {
      const child = await h.signIn({ dateOfBirth: '2012-03-04' });
      await h.rpcAs(child.id, 'request_parental_consent', { p_parent_email: 'parent@example.com' });
      const [row] = await h.sql<{ key: string; token: string; code: string }>(
        `select 'parental_consent_' || id as key, private.parental_consent_link_token(id) as token,
                private.parental_consent_code(id) as code
           from private.parental_consents where player_id = $1`,
        [child.id],
      );
      return row!;
    };

    await t.step('sends the link to the site page and the code, with the outbox key, and is done', async () => {
      const { key, token, code } = await queue();
      const sent: Array<{ mail: Mail; key: string }> = [];
      const mailer: Mailer = { send: async (mail, idempotencyKey) => void sent.push({ mail, key: idempotencyKey }) };
      const summary = await drainOutbox(
        { store: h.store, razorpay: h.razorpay, mailer, siteOrigin: 'https://golazo.example' },
        { onlyKey: key },
      );
      assertEquals(summary, { done: 1, retry: 0, failed: 0, doneByKind: { parental_consent_email: 1 } });
      assertEquals(sent.length, 1);
      assertEquals(sent[0]!.key, key);
      assertEquals(sent[0]!.mail.to, 'parent@example.com');
      assertEquals(sent[0]!.mail.link, `https://golazo.example/parental-consent#token=${token}`);
      assertMatch(sent[0]!.mail.text, new RegExp(`code there: ${code}`));
      assertMatch(sent[0]!.mail.text, /^P[0-9a-f]{6} wants to join/);
      // Done means done: a second drain sends nothing.
      assertEquals(
        await drainOutbox({ store: h.store, razorpay: h.razorpay, mailer, siteOrigin: 'https://golazo.example' }, { onlyKey: key }),
        { done: 0, retry: 0, failed: 0, doneByKind: {} },
      );
    });

    await t.step('retries when the mail service is down for a while', async () => {
      const { key } = await queue();
      const mailer: Mailer = { send: () => Promise.reject(new MailError('the mail service answered 503', true)) };
      const summary = await drainOutbox(
        { store: h.store, razorpay: h.razorpay, mailer, siteOrigin: 'https://golazo.example' },
        { onlyKey: key },
      );
      assertEquals(summary, { done: 0, retry: 1, failed: 0, doneByKind: {} });
      const [row] = await h.sql<{ status: string }>(`select status from private.outbox where idempotency_key = $1`, [key]);
      assert(row && row.status === 'pending');
    });
  } finally {
    await h.close();
  }
});
