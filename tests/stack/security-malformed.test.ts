/**
 * Malformed requests to every local service answer a 4xx with a clear message: never a 500 (which
 * hides the caller's mistake and, on a real server, often a crash path an attacker can lean on) and
 * never a hang (one bad client must not stall the stack for every player).
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANON_KEY, signedInPlayer, stackUrl } from './helpers.ts';

type Case = { name: string; path: string; method?: string; body?: BodyInit; headers?: Record<string, string> };

const BAD_UTF8 = new Uint8Array([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]); // {"e":"<invalid bytes>"}
const HUGE = 'x'.repeat(60 * 1024 * 1024);
const BODIES: Record<string, BodyInit> = {
  'bad JSON': '{"email": ',
  'JSON null': 'null',
  'JSON array': '[1, 2]',
  'JSON string': '"text"',
  'wrong types': JSON.stringify({
    email: 42,
    token: { a: 1 },
    password: [],
    type: 7,
    refresh_token: 9,
    factor_type: 3,
    challenge_id: 5,
    code: 12,
    prefixes: 'x',
    order_id: 1,
    outcome: {},
    amount: 'ten',
    currency: 5,
    receipt: [],
  }),
  'bad UTF-8': BAD_UTF8,
};

function casesFor(token: string): Case[] {
  const json = { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const posts: [string, string][] = [
    ['auth otp', '/auth/v1/otp'],
    ['auth verify', '/auth/v1/verify'],
    ['auth password', '/auth/v1/token?grant_type=password'],
    ['auth refresh', '/auth/v1/token?grant_type=refresh_token'],
    ['auth enroll', '/auth/v1/factors'],
    ['auth challenge of a non-uuid factor', '/auth/v1/factors/not-a-uuid/challenge'],
    ['auth verify of a non-uuid factor', '/auth/v1/factors/not-a-uuid/verify'],
    ['rest insert', '/rest/v1/tournaments'],
    ['rest rpc', '/rest/v1/rpc/get_tournament_participants'],
    ['storage upload', '/storage/v1/object/profile-pictures/x.png'],
    ['razorpay test pay', '/razorpay/test/pay'],
    ['razorpay orders', '/razorpay/v1/orders'],
    ['razorpayx payouts', '/razorpayx/v1/payouts'],
    ['razorpayx test control', '/razorpayx/test/control'],
    ['pan verification', '/pan-verification/pan/verify'],
  ];
  const cases: Case[] = [];
  for (const [name, path] of posts)
    for (const [bodyName, body] of Object.entries(BODIES))
      cases.push({ name: `${name}: ${bodyName}`, path, method: 'POST', body, headers: json });
  for (const [bodyName, body] of Object.entries(BODIES)) {
    cases.push({ name: `auth update user: ${bodyName}`, path: '/auth/v1/user', method: 'PUT', body, headers: json });
    cases.push({ name: `rest update: ${bodyName}`, path: '/rest/v1/tournaments?id=eq.none', method: 'PATCH', body, headers: json });
    cases.push({
      name: `storage bulk delete: ${bodyName}`,
      path: '/storage/v1/object/profile-pictures',
      method: 'DELETE',
      body,
      headers: json,
    });
  }
  cases.push(
    { name: 'unknown route', path: '/nowhere' },
    { name: 'auth unknown route', path: '/auth/v1/nowhere', headers: json },
    { name: 'auth wrong method', path: '/auth/v1/otp', method: 'GET', headers: json },
    { name: 'auth delete of a non-uuid factor', path: '/auth/v1/factors/%%zz', method: 'DELETE', headers: json },
    { name: 'rest bad percent-encoding', path: '/rest/v1/%E0%A4%A', headers: json },
    { name: 'rest bad limit', path: '/rest/v1/tournaments?limit=-1', headers: json },
    { name: 'rest huge limit', path: '/rest/v1/tournaments?limit=99999999999999999999999', headers: json },
    { name: 'rest bad offset', path: '/rest/v1/tournaments?offset=abc', headers: json },
    { name: 'rest bad range', path: '/rest/v1/tournaments', headers: { ...json, range: '5-2' } },
    { name: 'rest garbage range', path: '/rest/v1/tournaments', headers: { ...json, range: 'bytes=a-b' } },
    { name: 'rest filter on a uuid column with a non-uuid', path: '/rest/v1/profiles?id=eq.not-a-uuid', headers: json },
    { name: 'rest wrong method', path: '/rest/v1/tournaments', method: 'PURGE', headers: json },
    { name: 'rest rpc wrong method', path: '/rest/v1/rpc/get_tournament_states', method: 'DELETE', headers: json },
    { name: 'storage wrong method', path: '/storage/v1/object/profile-pictures/x.png', method: 'PATCH', headers: json },
    { name: 'rest huge body', path: '/rest/v1/tournaments', method: 'POST', body: HUGE, headers: json },
    { name: 'storage bad percent-encoding', path: '/storage/v1/object/profile-pictures/%E0%A4%A', headers: json },
    { name: 'storage public bad percent-encoding', path: '/storage/v1/object/public/profile-pictures/%E0%A4%A' },
    {
      name: 'storage unknown bucket',
      path: '/storage/v1/object/no-such-bucket/x.png',
      method: 'POST',
      body: 'x',
      headers: { ...json, 'content-type': 'image/png' },
    },
    {
      name: 'storage huge upload',
      path: '/storage/v1/object/profile-pictures/huge.png',
      method: 'POST',
      body: HUGE,
      headers: { ...json, 'content-type': 'image/png' },
    },
    {
      name: 'storage broken multipart',
      path: '/storage/v1/object/profile-pictures/m.png',
      method: 'POST',
      body: '--b\r\nnot a part',
      headers: { ...json, 'content-type': 'multipart/form-data; boundary=b' },
    },
    { name: 'storage unknown route', path: '/storage/v1/nowhere', headers: json },
    { name: 'functions unknown function', path: '/functions/v1/no-such-function', headers: json },
    { name: 'functions bad name', path: '/functions/v1/..%2F..%2Fetc', headers: json },
    { name: 'realtime plain HTTP', path: '/realtime/v1/websocket', headers: json },
    { name: 'inbox without an address', path: '/__inbox' },
    { name: 'inbox wrong method', path: '/__inbox?email=a@b.c', method: 'POST', body: '{}' },
    { name: 'razorpay unknown route', path: '/razorpay/nowhere' },
    { name: 'razorpay huge body', path: '/razorpay/test/pay', method: 'POST', body: HUGE, headers: json },
    { name: 'razorpayx unknown route', path: '/razorpayx/nowhere' },
    { name: 'razorpayx huge body', path: '/razorpayx/v1/payouts', method: 'POST', body: HUGE, headers: json },
    { name: 'pan verification unknown route', path: '/pan-verification/nowhere' },
    { name: 'pan verification huge body', path: '/pan-verification/pan/verify', method: 'POST', body: HUGE, headers: json },
  );
  return cases;
}

describe('security: malformed requests answer 4xx, never 500 or a hang', () => {
  it('answers every malformed HTTP request with a 4xx and a message', async () => {
    const { accessToken } = await signedInPlayer('malformed');
    const failures: string[] = [];
    for (const testCase of casesFor(accessToken)) {
      let status: number;
      let text: string;
      try {
        const response = await fetch(`${stackUrl()}${testCase.path}`, {
          method: testCase.method ?? 'GET',
          headers: testCase.headers,
          body: testCase.body,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        // A huge body may be cut off once the answer is sent; the answer itself must have been a 413.
        failures.push(`${testCase.name}: no answer (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`);
        continue;
      }
      // A PostgREST/GoTrue feature the stack leaves out answers 501 naming it; unknown routes and methods may not.
      const namedFeature =
        status === 501 && /not supported by the local stack/.test(text) && !/unknown route|wrong method/.test(testCase.name);
      if (namedFeature) continue;
      if (status < 400 || status >= 500) failures.push(`${testCase.name}: ${status} ${text.slice(0, 160)}`);
      else if (!/message|msg|error|description/i.test(text)) failures.push(`${testCase.name}: ${status} without a message`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers WebSocket garbage with an error reply and keeps the connection and the stack working', async () => {
    const socket = new WebSocket(`${stackUrl().replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`);
    const messages: { topic?: string; event?: string; ref?: string; payload?: { status?: string } }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const garbage = [
      'not json',
      '[1, 2',
      Buffer.from([0xff, 0xfe, 0x00]),
      JSON.stringify(null),
      JSON.stringify(42),
      JSON.stringify({ topic: 5, event: [], payload: 'x', ref: 'g1' }),
      JSON.stringify({ topic: 'realtime:x', event: 'phx_join', ref: 'g2', payload: { config: { postgres_changes: 'all' } } }),
      JSON.stringify({
        topic: 'realtime:y',
        event: 'phx_join',
        ref: 'g3',
        payload: { config: { postgres_changes: [{ event: 5, table: {}, filter: 3 }] } },
      }),
      JSON.stringify({ topic: 'realtime:z', event: 'phx_join', ref: 'g4', payload: { access_token: 12, config: null } }),
      JSON.stringify({ topic: 'realtime:w', event: 'access_token', ref: 'g5', payload: null }),
    ];
    for (const frame of garbage) socket.send(frame);
    socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', ref: 'alive', payload: {} }));
    await new Promise<void>((resolve) => {
      const check = () => (messages.some((m) => m.ref === 'alive') ? resolve() : setImmediate(check));
      socket.on('message', check);
      check();
    });
    // Each malformed join was answered with an error, not silence.
    for (const ref of ['g2', 'g3']) expect(messages.find((m) => m.ref === ref)?.payload?.status, ref).toBe('error');
    socket.close();
    const health = await fetch(`${stackUrl()}/auth/v1/health`);
    expect(health.status).toBe(200);
  });

  it('closes a socket that sends an oversized frame and caps channels per connection, so one client cannot load every change', async () => {
    const url = `${stackUrl().replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`;
    const big = new WebSocket(url);
    await new Promise((resolve, reject) => {
      big.once('open', resolve);
      big.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)));
    big.send('x'.repeat(2 * 1024 * 1024));
    expect(await closed).toBe(1009);

    const socket = new WebSocket(url);
    const replies = new Map<string, string>();
    let waiting: (() => void) | undefined;
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.event === 'phx_reply') replies.set(message.ref, message.payload.status);
      waiting?.();
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    for (let i = 0; i <= 100; i++)
      socket.send(JSON.stringify({ topic: `realtime:c${i}`, event: 'phx_join', ref: `j${i}`, join_ref: `j${i}`, payload: { config: {} } }));
    await new Promise<void>((resolve) => {
      waiting = () => replies.has('j100') && resolve();
      waiting();
    });
    expect(replies.get('j99')).toBe('ok');
    expect(replies.get('j100')).toBe('error');
    socket.close();
  });
});
