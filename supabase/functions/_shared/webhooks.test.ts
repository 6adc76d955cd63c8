import { deepStrictEqual as assertEquals, ok as assert } from 'node:assert/strict';
import { Webhook } from 'npm:standardwebhooks@1.3.0';
import { createWebhookReceiver } from '../../local/doubles/webhook-receiver.ts';
import { deliverWebhook, destinationRefusal, discordMessage, isPublicAddress, signWebhook, type WebhookDelivery } from './webhooks.ts';

const SECRET = `whsec_${btoa('golazo-webhook-test-key-24')}`;
const EVENT = {
  type: 'match.confirmed',
  timestamp: '2027-03-10T14:31:00.000Z',
  data: {
    tournament_id: 'cup-1',
    title: 'Webhook Cup',
    path: '/match/?id=m1',
    entries: [
      { entry_id: 'e1', in_game_name: 'Rohit FC' },
      { entry_id: 'e2', in_game_name: 'Aarav' },
    ],
    score: [2, 1],
    winner_entry_id: 'e1',
    walkover: false,
  },
};
const delivery = (url: string): WebhookDelivery => ({
  url,
  secret: SECRET,
  event_id: 'msg_2f6c1d0e9a7b4c3d8e5f6a7b8c9d0e1f',
  type: EVENT.type,
  body: JSON.stringify(EVENT),
});
const publicResolver = async () => ['93.184.215.14'];

Deno.test('a delivery verifies with the Standard Webhooks reference library, and a tampered one does not', async () => {
  let seen: Request | undefined;
  const answer = await deliverWebhook(
    {
      resolve: publicResolver,
      fetch: async (input, init) => {
        seen = new Request(input, init);
        return new Response(null, { status: 204 });
      },
      now: () => new Date('2027-03-10T14:31:05Z'),
    },
    delivery('https://hooks.example.com/golazo'),
  );
  assertEquals(answer, { outcome: 'done', answer: { status_code: 204 } });
  const headers = Object.fromEntries(seen!.headers);
  const body = await seen!.text();
  assertEquals(body, JSON.stringify(EVENT));
  assertEquals(headers['webhook-id'], 'msg_2f6c1d0e9a7b4c3d8e5f6a7b8c9d0e1f');
  assertEquals(headers['webhook-timestamp'], String(Date.parse('2027-03-10T14:31:05Z') / 1000));
  assertEquals(seen!.redirect, 'manual');

  // The library checks the timestamp against its own clock: verify as of the delivery's second.
  const realNow = Date.now;
  Date.now = () => Date.parse('2027-03-10T14:31:10Z');
  try {
    const verified = new Webhook(SECRET).verify(body, headers);
    assertEquals(verified, EVENT);
    let refused = 0;
    for (const tampered of [body.replace('"score":[2,1]', '"score":[1,2]'), body.replace('Rohit FC', 'Rohit  FC')]) {
      try {
        new Webhook(SECRET).verify(tampered, headers);
      } catch {
        refused++;
      }
    }
    for (const otherHeaders of [
      { ...headers, 'webhook-id': 'msg_other' },
      { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) },
    ]) {
      try {
        new Webhook(SECRET).verify(body, otherHeaders);
      } catch {
        refused++;
      }
    }
    try {
      new Webhook(`whsec_${btoa('another-secret-entirely!')}`).verify(body, headers);
    } catch {
      refused++;
    }
    assertEquals(refused, 5);
  } finally {
    Date.now = realNow;
  }
});

Deno.test('signs exactly "<id>.<timestamp>.<body>" with the secret after whsec_ (the specification example)', async () => {
  // The Standard Webhooks specification's own example.
  const signature = await signWebhook(
    'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    'msg_p5jXN8AQM9LWM0D4loKWxJek',
    1614265330,
    '{"test": 2432232314}',
  );
  assertEquals(signature, 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
});

Deno.test('refuses loopback, private, link-local, shared and unique-local destinations, and names resolving to them', async () => {
  for (const address of [
    '127.0.0.1',
    '10.0.0.5',
    '172.16.4.1',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.1.1',
    '0.0.0.0',
    '::1',
    'fd12::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '224.0.0.1',
  ]) {
    assert(!isPublicAddress(address), address);
  }
  for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '100.128.0.1']) assert(isPublicAddress(address), address);

  const deps = (addresses: string[]) => ({ resolve: async () => addresses });
  assertEquals(await destinationRefusal('https://hooks.example.com/x', deps(['93.184.215.14'])), null);
  assert(await destinationRefusal('https://rebound.example.com/x', deps(['93.184.215.14', '10.0.0.7'])));
  assert(await destinationRefusal('https://hooks.example.com/x', deps([])));
  assert(await destinationRefusal('http://hooks.example.com/x', deps(['93.184.215.14'])));
  assert(await destinationRefusal('https://[::1]/x', deps([])));
  assert(await destinationRefusal('https://user:pw@hooks.example.com/x', deps(['93.184.215.14'])));
  assert(await destinationRefusal('http://127.0.0.1:54321/__webhooks/a', deps([])));
  // The local stack's own receiver, and only it, where the stack says so.
  const local = { resolve: async () => [], localReceiverPrefix: 'http://127.0.0.1:54321/__webhooks/' };
  assertEquals(await destinationRefusal('http://127.0.0.1:54321/__webhooks/discord-test', local), null);
  assert(await destinationRefusal('http://127.0.0.1:54321/__webhooks/../rest/v1', local));
  assert(await destinationRefusal('http://127.0.0.1:54322/__webhooks/a', local));

  // A refused destination is never called, and is retried (the address may be fixed within the day).
  let called = false;
  const answer = await deliverWebhook(
    {
      resolve: async () => ['192.168.1.20'],
      fetch: async () => {
        called = true;
        return new Response(null, { status: 204 });
      },
    },
    delivery('https://internal.example.com/hook'),
  );
  assertEquals(called, false);
  assertEquals(answer.outcome, 'retry');
  assert(String(answer.answer.error).startsWith('refused: '));
});

Deno.test('anything but a 2xx is retried: error answers, redirects (never followed) and connections that fail', async () => {
  const answerTo = (response: () => Response | Promise<Response>) =>
    deliverWebhook({ resolve: publicResolver, fetch: async () => await response() }, delivery('https://hooks.example.com/x'));
  assertEquals(await answerTo(() => new Response('nope', { status: 500 })), {
    outcome: 'retry',
    answer: { status_code: 500, error: 'answered 500' },
  });
  assertEquals(await answerTo(() => new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/' } })), {
    outcome: 'retry',
    answer: { status_code: 302, error: 'redirected (redirects are not followed)' },
  });
  const failed = await answerTo(() => Promise.reject(new TypeError('connection refused')));
  assertEquals(failed, { outcome: 'retry', answer: { error: 'connection refused' } });
});

Deno.test('a Discord webhook gets a message Discord shows, and its retry_after is passed on', async () => {
  const discordUrl = 'https://discord.com/api/webhooks/123/abc';
  let sent: unknown;
  const ok = await deliverWebhook(
    {
      resolve: publicResolver,
      siteOrigin: 'https://golazo.example',
      fetch: async (_input, init) => {
        sent = JSON.parse(String(init?.body));
        return new Response(null, { status: 204 });
      },
    },
    delivery(discordUrl),
  );
  assertEquals(ok.outcome, 'done');
  assertEquals(sent, discordMessage(EVENT, 'https://golazo.example'));
  const message = sent as { content: string; embeds: { title: string; description: string; url: string }[]; allowed_mentions: unknown };
  assertEquals(message.content, 'Result confirmed in Webhook Cup');
  assertEquals(message.embeds[0]!.description, 'Rohit FC 2–1 Aarav: Rohit FC wins');
  assertEquals(message.embeds[0]!.url, 'https://golazo.example/match/?id=m1');
  // Player names can never ping a Discord server.
  assertEquals(message.allowed_mentions, { parse: [] });

  const limited = await deliverWebhook(
    {
      resolve: publicResolver,
      fetch: async () =>
        new Response(JSON.stringify({ message: 'You are being rate limited.', retry_after: 12.5, global: false }), { status: 429 }),
    },
    delivery(discordUrl),
  );
  assertEquals(limited, { outcome: 'retry', answer: { status_code: 429, error: 'answered 429', retry_after_seconds: 13 } });

  const draw = discordMessage({ ...EVENT, data: { ...EVENT.data, score: [1, 1], winner_entry_id: null } });
  assertEquals((draw.embeds as { description: string }[])[0]!.description, 'Rohit FC 1–1 Aarav: a draw');
});

Deno.test('the local receiver records what it is sent and answers it back as the contract says', async () => {
  const receiver = createWebhookReceiver();
  const post = await receiver.handle(
    new Request('http://127.0.0.1:54321/__webhooks/golazo', { method: 'POST', body: '{"a":1}', headers: { 'webhook-id': 'msg_1' } }),
  );
  assertEquals(post?.status, 204);
  const got = (await (await receiver.handle(new Request('http://127.0.0.1:54321/__webhooks/golazo')))!.json()) as {
    headers: Record<string, string>;
    body: string;
  }[];
  assertEquals(got.length, 1);
  assertEquals(got[0]!.body, '{"a":1}');
  assertEquals(got[0]!.headers['webhook-id'], 'msg_1');
  assertEquals(await (await receiver.handle(new Request('http://127.0.0.1:54321/__webhooks/other')))!.json(), []);
  assertEquals((await receiver.handle(new Request('http://127.0.0.1:54321/__webhooks/a/b')))!.status, 404);
});
