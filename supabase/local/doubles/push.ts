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
 *
 * The double reads pushes with libraries, not with the sender's code: `http_ece` (the RFC 8188 reference
 * implementation, by its author) decrypts and `jose` checks the VAPID JWT, so a delivery read back proves the
 * product's own encryption and signing against code written apart from it.
 */
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { SERVICE_ROLE_KEY } from '../keys.ts';
import type { ServiceModule } from '../service.ts';
import { serveWebHandler } from './web-handler.ts';

type Device = { ecdh: ECDH; auth: Buffer; serverKey: string | null; expired: boolean };
type Delivery = { received_at: string; payload: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

export function createPushDouble(controlKey: string) {
  const devices = new Map<string, Device>();
  const deliveries = new Map<string, Delivery[]>();

  async function subscribe(request: Request): Promise<Response> {
    const body = (await request.json().catch(() => ({}))) as { application_server_key?: unknown };
    // A browser's subscription: a P-256 key pair and a 16-byte auth secret (RFC 8291 §2).
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomBytes(18).toString('base64url');
    const serverKey = typeof body.application_server_key === 'string' ? body.application_server_key : null;
    devices.set(id, { ecdh, auth, serverKey, expired: false });
    const endpoint = `${new URL(request.url).origin}/push/endpoint/${id}`;
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
    return json({ endpoint, expirationTime: null, keys }, 201);
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
      const body = Buffer.from(await request.arrayBuffer());
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });
      payload = JSON.parse(plain.toString('utf8'));
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

/** Why a push service would refuse a VAPID header for `audience` (its origin), or null when it is valid (RFC 8292). */
async function vapidRefusal(authorization: string | null, audience: string): Promise<string | null> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(authorization?.trim() ?? '');
  if (!match?.[1] || !match[2]) return 'missing or malformed vapid authorization';
  const raw = Buffer.from(match[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 public key';
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') };
  let claims: { exp?: number; sub?: unknown };
  try {
    const key = await importJWK(jwk, 'ES256');
    ({ payload: claims } = await jwtVerify(match[1], key, { algorithms: ['ES256'], audience, requiredClaims: ['exp', 'sub'] }));
  } catch (error) {
    return `the JWT does not verify: ${(error as Error).message}`;
  }
  // jose refuses an expired token; RFC 8292 §2 also caps exp at 24 hours ahead.
  if ((claims.exp ?? 0) > Date.now() / 1000 + 24 * 3600) return 'exp must be within 24 hours';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 'sub must be a mailto: or https: URL';
  return null;
}

export const pushService: ServiceModule = {
  name: 'push',
  prefix: '/push',
  create(ctx) {
    const double = createPushDouble(SERVICE_ROLE_KEY);
    return { handle: (req, res, url) => serveWebHandler(double.handle, ctx.apiUrl, req, res, url) };
  },
};
