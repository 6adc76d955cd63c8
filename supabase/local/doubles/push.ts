/**
 * A push service's test double, served by the local stack under /push: it plays the browser's side too, so a
 * test can subscribe, let the outbox worker push, and read back what a device would have shown.
 *
 *   POST /push/endpoint/:id    a push (RFC 8030): refused with 401 without a valid VAPID JWT for this origin
 *                              (RFC 8292), 404 for an unknown id, 410 once expired; else decrypted (RFC 8291)
 *                              with the subscription's private key, recorded, 201
 *   POST /push/test/subscribe  {application_server_key?} → a browser's subscription JSON { endpoint, keys:
 *                              { p256dh, auth } } whose private key the double keeps (a key given must sign pushes)
 *   POST /push/test/expire     {endpoint} the device is gone: its endpoint answers 410 from now on
 *   GET  /push/test/deliveries ?endpoint= → [ { received_at, payload } ], oldest first, payload { title, body, url }
 * The test routes take the service role key. In memory only.
 */
import { base64UrlEncode, decryptPushPayload, vapidRefusal } from '../../functions/_shared/web-push.ts';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import type { ServiceModule } from '../service.ts';
import { serveWebHandler } from './web-handler.ts';

type Device = { privateKey: CryptoKey; p256dh: string; auth: string; serverKey: string | null; expired: boolean };
type Delivery = { received_at: string; payload: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

export function createPushDouble(controlKey: string) {
  const devices = new Map<string, Device>();
  const deliveries = new Map<string, Delivery[]>();

  async function subscribe(request: Request): Promise<Response> {
    const body = (await request.json().catch(() => ({}))) as { application_server_key?: unknown };
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
    const p256dh = base64UrlEncode(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
    const auth = base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
    const id = base64UrlEncode(crypto.getRandomValues(new Uint8Array(18)));
    const serverKey = typeof body.application_server_key === 'string' ? body.application_server_key : null;
    devices.set(id, { privateKey: pair.privateKey, p256dh, auth, serverKey, expired: false });
    const endpoint = `${new URL(request.url).origin}/push/endpoint/${id}`;
    return json({ endpoint, expirationTime: null, keys: { p256dh, auth } }, 201);
  }

  async function receive(id: string, request: Request): Promise<Response> {
    const device = devices.get(id);
    if (!device) return json({ error: 'no such subscription' }, 404);
    const authorization = request.headers.get('authorization');
    const refusal = await vapidRefusal(authorization, new URL(request.url).origin);
    if (refusal) return json({ error: refusal }, 401);
    if (device.serverKey && !authorization?.endsWith(`k=${device.serverKey}`)) {
      return json({ error: 'the VAPID key is not the one the subscription was made with' }, 403);
    }
    if (device.expired) return json({ error: 'subscription expired' }, 410);
    if (request.headers.get('content-encoding') !== 'aes128gcm') return json({ error: 'content-encoding must be aes128gcm' }, 415);
    let payload: unknown;
    try {
      const plain = await decryptPushPayload(new Uint8Array(await request.arrayBuffer()), device);
      payload = JSON.parse(new TextDecoder().decode(plain));
    } catch (error) {
      return json({ error: `cannot decrypt: ${(error as Error).message}` }, 400);
    }
    const endpoint = `${new URL(request.url).origin}/push/endpoint/${id}`;
    deliveries.set(endpoint, [...(deliveries.get(endpoint) ?? []), { received_at: new Date().toISOString(), payload }]);
    return new Response(null, { status: 201, headers: { location: `${endpoint}/messages/${crypto.randomUUID()}` } });
  }

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/push/')) return null;
    const device = /^\/push\/endpoint\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (device?.[1]) return request.method === 'POST' ? receive(device[1], request) : json({ error: 'pushes are POSTed' }, 405);
    if (!url.pathname.startsWith('/push/test/')) return json({ error: 'not found' }, 404);
    if (request.headers.get('authorization') !== `Bearer ${controlKey}`)
      return json({ error: 'the test routes take the service role key' }, 401);
    if (request.method === 'POST' && url.pathname === '/push/test/subscribe') return subscribe(request);
    if (request.method === 'POST' && url.pathname === '/push/test/expire') {
      const { endpoint } = (await request.json().catch(() => ({}))) as { endpoint?: unknown };
      const id = typeof endpoint === 'string' ? endpoint.split('/push/endpoint/')[1] : undefined;
      const known = id ? devices.get(id) : undefined;
      if (!known) return json({ error: 'no such subscription' }, 404);
      known.expired = true;
      return json({ expired: true });
    }
    if (request.method === 'GET' && url.pathname === '/push/test/deliveries') {
      return json(deliveries.get(url.searchParams.get('endpoint') ?? '') ?? []);
    }
    return json({ error: 'not found' }, 404);
  }

  return { handle };
}

export const pushService: ServiceModule = {
  name: 'push',
  prefix: '/push',
  create(ctx) {
    const double = createPushDouble(SERVICE_ROLE_KEY);
    return { handle: (req, res, url) => serveWebHandler(double.handle, ctx.apiUrl, req, res, url) };
  },
};
