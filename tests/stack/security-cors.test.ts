/**
 * Which web pages may talk to the local stack. A page on any other site must not be able to read
 * answers, change state, read the one-time codes in the inbox or mark Razorpay orders paid; the
 * site itself (dev/preview on SITE_PORT, PUBLIC_SITE_URL, SUPABASE_LOCAL_ALLOWED_ORIGINS) keeps working,
 * including the checkout stand-in.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { uniqueEmail } from '../support/players.ts';
import { ANON_KEY, SITE_ORIGINS, stackUrl } from './helpers.ts';

const FOREIGN = 'https://evil.example';
const SITE = SITE_ORIGINS[0];
/** Set by tests/stack/global-setup.ts through SUPABASE_LOCAL_ALLOWED_ORIGINS. */
const CONFIGURED = 'https://staging.golazo.test';

const api = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` };

function call(path: string, init: RequestInit & { origin?: string } = {}) {
  const { origin, headers, ...rest } = init;
  return fetch(`${stackUrl()}${path}`, { ...rest, headers: { ...(origin ? { origin } : {}), ...(headers as Record<string, string>) } });
}

describe('security: CORS answers the site only', () => {
  it("gives a foreign page no CORS permission, so it cannot read players' data through their browser", async () => {
    const preflight = await call('/rest/v1/rpc/get_tournament_states', {
      method: 'OPTIONS',
      origin: FOREIGN,
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey, content-type' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const read = await call('/rest/v1/tournaments?select=id&limit=1', { origin: FOREIGN, headers: api });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses state-changing requests from a foreign page (403), so it cannot sign players up or spend their session', async () => {
    const email = uniqueEmail('cors');
    const otp = await call('/auth/v1/otp', {
      method: 'POST',
      origin: FOREIGN,
      headers: { ...api, 'content-type': 'application/json' },
      body: JSON.stringify({ email, create_user: true }),
    });
    expect(otp.status).toBe(403);
    expect(otp.headers.get('access-control-allow-origin')).toBeNull();
    const inbox = await call(`/__inbox?email=${encodeURIComponent(email)}`);
    expect((await inbox.json()).messages).toEqual([]);

    const rpc = await call('/rest/v1/rpc/get_tournament_states', {
      method: 'POST',
      origin: 'null',
      headers: { ...api, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rpc.status).toBe(403);
  });

  it("answers the site's own origins, the configured extra one included", async () => {
    for (const origin of [...SITE_ORIGINS, CONFIGURED]) {
      const response = await call('/rest/v1/rpc/get_tournament_states', {
        method: 'POST',
        origin,
        headers: { ...api, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('vary')).toMatch(/origin/i);
    }
  });

  it('keeps the gateway in charge of CORS even when a function answers every origin itself', async () => {
    const foreign = await call('/functions/v1/open-cors', { origin: FOREIGN, headers: api });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const site = await call('/functions/v1/open-cors', { origin: SITE, headers: api });
    expect(site.headers.get('access-control-allow-origin')).toBe(SITE);
  });

  it('refuses a Realtime WebSocket opened by a foreign page, which could otherwise watch live changes', async () => {
    const url = `${stackUrl().replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`;
    const status = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, { origin });
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('error', reject);
      });
    expect(await status(FOREIGN)).toBe(403);
    expect(await status(SITE)).toBe(101);
  });
});

describe('security: developer tools answer local callers only', () => {
  it('hides the inbox of one-time codes from every page but the local site', async () => {
    const path = `/__inbox?email=${encodeURIComponent(uniqueEmail('inbox'))}`;
    expect((await call(path, { origin: FOREIGN })).status).toBe(403);
    // Allowed for the API, but not served from this machine: it could read every code.
    expect((await call(path, { origin: CONFIGURED })).status).toBe(403);
    expect((await call(path, { origin: SITE })).status).toBe(200);
    expect((await call(path)).status).toBe(200);
  });

  it('lets only local callers press "Pay" on the Razorpay double, so no page can mark an order paid', async () => {
    const pay = (origin?: string) =>
      call('/razorpay/test/pay', {
        method: 'POST',
        origin,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'order_missing', outcome: 'success' }),
      });
    expect((await pay(FOREIGN)).status).toBe(403);
    expect((await pay(CONFIGURED)).status).toBe(403);
    // The checkout stand-in runs in the site's page and presses Pay from there.
    const fromSite = await pay(SITE);
    expect(fromSite.status).not.toBe(403);
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE);
    expect((await pay()).status).not.toBe(403);

    const script = await call('/razorpay/checkout.js', { origin: SITE });
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('/razorpay/test/pay');
  });
});
