/**
 * The consent e-mail: queued by request_parental_consent() in the outbox, sent once by the worker with the
 * link to the site's consent page. If it failed, a parent would never get the link (no free tournaments for
 * their child), or get it twice.
 */
import { deepStrictEqual as assertEquals, match as assertMatch, ok as assert } from 'node:assert/strict';
import { startHarness } from '../_test/harness.ts';
import { drainOutbox } from '../_shared/outbox.ts';
import { MailError, type Mail, type Mailer } from '../_shared/mailer.ts';

Deno.test('the outbox sends a parent the consent link once', async (t) => {
  const h = await startHarness();
  try {
    const queue = async () => {
      const [row] = await h.sql<{ key: string }>(
        `insert into private.outbox (kind, idempotency_key, payload)
         values ('parental_consent_email', 'parental_consent_' || gen_random_uuid(),
                 jsonb_build_object('to', 'parent@example.com', 'token', 'tok-123', 'player_name', 'Kid Player', 'in_game_name', 'KidFC'))
         returning idempotency_key as key`,
      );
      return row!.key;
    };

    await t.step('sends the link to the site page, with the outbox key, and is done', async () => {
      const key = await queue();
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
      assertEquals(sent[0]!.mail.link, 'https://golazo.example/parental-consent#token=tok-123');
      assertMatch(sent[0]!.mail.text, /KidFC/);
      // Done means done: a second drain sends nothing.
      assertEquals(
        await drainOutbox({ store: h.store, razorpay: h.razorpay, mailer, siteOrigin: 'https://golazo.example' }, { onlyKey: key }),
        { done: 0, retry: 0, failed: 0, doneByKind: {} },
      );
    });

    await t.step('retries when the mail service is down for a while', async () => {
      const key = await queue();
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
