import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { readAlertSettings, sendPush, sendWhatsApp, whatsAppTemplateMessage } from './alerts.ts';
import { drainOutbox, type OutboxDeps } from './outbox.ts';
import { createECDH, randomBytes } from 'node:crypto';
import ece from 'npm:http_ece@1.2.1';
import { generateVapidKeys } from './web-push.ts';

/** A device's subscription, read back as a browser reads a push (http_ece, not our own code). */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const read = (body: Uint8Array) =>
    ece.decrypt(Buffer.from(body), { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url'), read };
}

/** A push service answering `status`, keeping what it was sent. */
function pushService(status: number) {
  const sent: { url: string; headers: Headers; body: Uint8Array }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: new Headers(init.headers), body: new Uint8Array(init.body as Uint8Array) });
    return new Response(null, { status });
  }) as typeof fetch;
  return { sent, fetcher };
}

const NOW = Date.UTC(2027, 4, 12, 9, 0, 0);
const endpoint = 'https://fcm.googleapis.com/fcm/send/device-1';

Deno.test('a push goes encrypted, signed and urgent for match ready; a 410 forgets the device', async () => {
  const keys = await generateVapidKeys();
  const browser = device();
  const forgotten: string[] = [];
  const deps = {
    settings: { keys, subject: 'mailto:support@golazo.example' },
    forgetSubscription: async (e: string) => forgotten.push(e),
    now: () => NOW,
  };
  const payload = {
    endpoint,
    p256dh: browser.p256dh,
    auth: browser.auth,
    kind: 'room_posted',
    title: 'Room posted',
    body: 'Go',
    url: '/match/?id=m1',
    expires_at: new Date(NOW + 3600_000).toISOString(),
  };

  const ok = pushService(201);
  assertEquals(await sendPush(deps, payload, ok.fetcher), { outcome: 'done', answer: { http_status: 201 } });
  const [request] = ok.sent;
  assertEquals(request?.headers.get('urgency'), 'high');
  assertEquals(request?.headers.get('ttl'), '3600');
  assertEquals(request?.headers.get('content-encoding'), 'aes128gcm');
  assertEquals(request?.headers.get('authorization')?.startsWith('vapid t='), true);
  assertEquals(JSON.parse(browser.read(request?.body ?? new Uint8Array())), { title: 'Room posted', body: 'Go', url: '/match/?id=m1' });

  const gone = pushService(410);
  assertEquals(await sendPush(deps, payload, gone.fetcher), { outcome: 'done', answer: { http_status: 410, subscription_gone: true } });
  assertEquals(forgotten, [endpoint]);
  assertEquals((await sendPush(deps, payload, pushService(503).fetcher)).outcome, 'retry');
  assertEquals((await sendPush(deps, payload, pushService(403).fetcher)).outcome, 'failed');
});

Deno.test('no push to a service outside the list, nor after its hour', async () => {
  const keys = await generateVapidKeys();
  const browser = device();
  const deps = { settings: { keys, subject: 'mailto:support@golazo.example' }, forgetSubscription: async () => 0, now: () => NOW };
  const service = pushService(201);
  const base = { p256dh: browser.p256dh, auth: browser.auth, title: 't', body: 'b', url: '/' };
  assertEquals((await sendPush(deps, { ...base, endpoint: 'https://169.254.169.254/latest' }, service.fetcher)).answer, {
    refused: 'not an allowed push service',
  });
  assertEquals((await sendPush(deps, { ...base, endpoint, expires_at: new Date(NOW - 1).toISOString() }, service.fetcher)).answer, {
    expired: true,
  });
  assertEquals(service.sent.length, 0);
});

Deno.test('WhatsApp template messages carry the body variables and the link as the URL button', async () => {
  assertEquals(
    whatsAppTemplateMessage(
      { to: '+919876543210', template: 'golazo_match_ready', params: ['Room posted', 'Go'], url: '/match/?id=m1' },
      'en',
    ),
    {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'golazo_match_ready',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Room posted' },
              { type: 'text', text: 'Go' },
            ],
          },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '/match/?id=m1' }] },
        ],
      },
    },
  );
  // A template approved in Hindi goes as Hindi; English (or anything the database did not choose) as the English code.
  const template = (language: unknown) =>
    whatsAppTemplateMessage({ to: '+919876543210', template: 'golazo_next_match', params: [], url: null, language }, 'en_US').template
      .language;
  assertEquals(template('hi'), { code: 'hi' });
  assertEquals(template('en'), { code: 'en_US' });
  assertEquals(template(undefined), { code: 'en_US' });
  assertEquals(template('hi"; x'), { code: 'en_US' });
  // The authentication template: the code in the body and in its copy-code button.
  const code = whatsAppTemplateMessage({ to: '+919876543210', template: 'golazo_opt_in_code', params: ['123456'], url: null }, 'en');
  assertEquals(code.template.components[1], {
    type: 'button',
    sub_type: 'url',
    index: '0',
    parameters: [{ type: 'text', text: '123456' }],
  });

  const settings = { apiBase: 'https://graph.example/v21.0', phoneNumberId: '42', accessToken: 'token', language: 'en' };
  const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
  assertEquals(
    await sendWhatsApp(settings, { to: '+919876543210', template: 't', params: [] }, 'k', answer(200, { messages: [{ id: 'wamid.1' }] })),
    {
      outcome: 'done',
      answer: { message_id: 'wamid.1' },
    },
  );
  assertEquals(
    (await sendWhatsApp(settings, { to: '+91', template: 't' }, 'k', answer(400, { error: { code: 131026, message: 'undeliverable' } })))
      .outcome,
    'failed',
  );
  assertEquals((await sendWhatsApp(settings, { to: '+91', template: 't' }, 'k', answer(500, {}))).outcome, 'retry');
});

Deno.test('alerts wait for their settings on a hosted project and use the doubles on the local stack', () => {
  const hosted = readAlertSettings((name) => ({ SUPABASE_URL: 'https://x.supabase.co' })[name]);
  assertEquals(hosted, { push: undefined, whatsapp: undefined });
  const local = readAlertSettings(
    (name) =>
      ({ SUPABASE_URL: 'http://127.0.0.1:54321', GOLAZO_LOCAL_STACK: 'true', VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' })[name],
  );
  assertEquals(local.push?.localDoublePrefix, 'http://127.0.0.1:54321/push/endpoint/');
  assertEquals(local.whatsapp?.apiBase, 'http://127.0.0.1:54321/whatsapp/v21.0');
});

Deno.test('a retried WhatsApp job carries the same idempotency key, so a provider that kept the first send sends nothing twice', async () => {
  // A provider that honours the key (as the local double does): the first request is kept and sent, but its
  // answer is lost on the way back; the retry with the same key answers the first message instead of a second.
  const delivered = new Map<string, { id: string; to: string }>();
  const requests: { header: string | null; body: string | undefined }[] = [];
  let loseNextAnswer = true;
  const provider = (async (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const body = JSON.parse(String(init.body)) as { to: string; biz_opaque_callback_data?: string };
    requests.push({ header: headers.get('idempotency-key'), body: body.biz_opaque_callback_data });
    const key = headers.get('idempotency-key') ?? '';
    const first = delivered.get(key) ?? { id: `wamid.${delivered.size + 1}`, to: body.to };
    if (key !== '') delivered.set(key, first);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      throw new TypeError('connection reset');
    }
    return new Response(JSON.stringify({ messages: [{ id: first.id }] }), { status: 200 });
  }) as unknown as typeof fetch;

  const jobs = [
    {
      id: 7,
      kind: 'whatsapp' as const,
      idempotency_key: 'whatsapp-code-u1-1-1810000000',
      attempt: 1,
      payload: { to: '+919876543210', template: 'golazo_opt_in_code', params: ['123456'] },
    },
    {
      id: 8,
      kind: 'whatsapp' as const,
      idempotency_key: 'whatsapp-code-u1-2-1810000060',
      attempt: 1,
      payload: { to: '+919876543210', template: 'golazo_opt_in_code', params: ['654321'] },
    },
  ];
  const answers: { id: number; outcome: string; answer: Record<string, unknown> }[] = [];
  const store = {
    claimOutsideCalls: async () => jobs.filter((job) => !answers.some((a) => a.id === job.id && a.outcome === 'done')).slice(0, 1),
    recordOutsideAnswer: async (id: number, outcome: string, answer: Record<string, unknown>) => {
      answers.push({ id, outcome, answer });
    },
  } as unknown as OutboxDeps['store'];
  const settings = { apiBase: 'https://graph.example/v21.0', phoneNumberId: '42', accessToken: 'token', language: 'en' };
  await drainOutbox({ store, razorpay: {} as OutboxDeps['razorpay'], alerts: { whatsapp: settings, fetch: provider } }, { maxRounds: 5 });

  // Job 7 was tried twice, each time under its own outbox key; job 8 once, under its own.
  assertEquals(requests, [
    { header: jobs[0].idempotency_key, body: jobs[0].idempotency_key },
    { header: jobs[0].idempotency_key, body: jobs[0].idempotency_key },
    { header: jobs[1].idempotency_key, body: jobs[1].idempotency_key },
  ]);
  assertEquals(
    answers.map((a) => [a.id, a.outcome]),
    [
      [7, 'retry'],
      [7, 'done'],
      [8, 'done'],
    ],
  );
  // Two jobs, two messages: the retry was answered with the first send.
  assertEquals(delivered.size, 2);
  assertEquals(answers[1]?.answer, { message_id: 'wamid.1' });
});
