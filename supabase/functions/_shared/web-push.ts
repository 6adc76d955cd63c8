/**
 * Web Push with WebCrypto only (no imports), so the outbox worker (Deno) and the local push double (Node)
 * share one implementation: message encryption per RFC 8291 (`aes128gcm`, RFC 8188) and the VAPID JWT per
 * RFC 8292. The double decrypts with the same derivation, so a test that reads a delivery back proves the
 * sender encrypted it for that subscription's keys.
 */

type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function base64UrlDecode(text: string): Bytes {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, length: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

async function ecdhSecret(privateKey: CryptoKey, publicKeyRaw: Bytes): Promise<Bytes> {
  const publicKey = await crypto.subtle.importKey('raw', publicKeyRaw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256));
}

/** RFC 8291 §3.4: the content key and nonce both sides derive from the ECDH secret and the auth secret. */
async function contentKeys(ecdh: Bytes, authSecret: Bytes, uaPublic: Bytes, asPublic: Bytes, salt: Bytes) {
  const keyInfo = concat(encoder.encode('WebPush: info\0'), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdh, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);
  return { cek: await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt', 'decrypt']), nonce };
}

/** The record size written in the header: one record holds any push message (at most 4 KB). */
const RECORD_SIZE = 4096;

/**
 * Encrypts a push message for a subscription (its `p256dh` and `auth`, base64url) as one aes128gcm record.
 * `salt` and `senderKeys` are for tests; by default both are new for every message.
 */
export async function encryptPushPayload(
  plaintext: Uint8Array,
  subscription: { p256dh: string; auth: string },
  options: { salt?: Bytes; senderKeys?: CryptoKeyPair } = {},
): Promise<Bytes> {
  const uaPublic = base64UrlDecode(subscription.p256dh);
  const authSecret = base64UrlDecode(subscription.auth);
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 public key');
  if (authSecret.length !== 16) throw new Error('auth is not a 16-byte secret');
  if (plaintext.length > RECORD_SIZE - 17 - 86) throw new Error('a push message holds at most 3993 bytes');
  const sender =
    options.senderKeys ?? ((await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair);
  const asPublic = new Uint8Array(await crypto.subtle.exportKey('raw', sender.publicKey));
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const { cek, nonce } = await contentKeys(await ecdhSecret(sender.privateKey, uaPublic), authSecret, uaPublic, asPublic, salt);
  // The last (and only) record ends with the delimiter 0x02 and no padding.
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, cek, concat(plaintext, new Uint8Array([2]))),
  );
  const header = new Uint8Array(21 + asPublic.length);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  header.set(asPublic, 21);
  return concat(header, ciphertext);
}

/** The receiving side (a browser, or the local push double): decrypts an aes128gcm body with the subscription's private key. */
export async function decryptPushPayload(
  body: Uint8Array,
  receiver: { privateKey: CryptoKey; p256dh: string; auth: string },
): Promise<Bytes> {
  if (body.length < 21 + 65 + 17) throw new Error('too short for an aes128gcm message');
  const salt = body.slice(0, 16);
  const idLength = body[20] ?? 0;
  const asPublic = body.slice(21, 21 + idLength);
  const records = body.slice(21 + idLength);
  const uaPublic = base64UrlDecode(receiver.p256dh);
  const { cek, nonce } = await contentKeys(
    await ecdhSecret(receiver.privateKey, asPublic),
    base64UrlDecode(receiver.auth),
    uaPublic,
    asPublic,
    salt,
  );
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, cek, records));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record lacks its delimiter');
  return padded.slice(0, end);
}

/** A VAPID key pair as the settings hold it: the public key's 65 bytes and the private scalar's 32, base64url. */
export type VapidKeys = { publicKey: string; privateKey: string };

export async function generateVapidKeys(): Promise<VapidKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { publicKey: base64UrlEncode(publicKey), privateKey: String(jwk.d) };
}

async function vapidSigningKey(keys: VapidKeys): Promise<CryptoKey> {
  const publicKey = base64UrlDecode(keys.publicKey);
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new Error('VAPID_PUBLIC_KEY is not an uncompressed P-256 public key');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    d: keys.privateKey,
    x: base64UrlEncode(publicKey.slice(1, 33)),
    y: base64UrlEncode(publicKey.slice(33, 65)),
    ext: true,
  };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
}

/**
 * The `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292) for a push to `endpoint`: an ES256 JWT
 * whose audience is the push service's origin, valid 12 hours, naming who to contact (`subject`, mailto: or https:).
 */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string, now = Date.now()): Promise<string> {
  const header = base64UrlEncode(encoder.encode(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: subject };
  const unsigned = `${header}.${base64UrlEncode(encoder.encode(JSON.stringify(claims)))}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await vapidSigningKey(keys), encoder.encode(unsigned));
  return `vapid t=${unsigned}.${base64UrlEncode(new Uint8Array(signature))}, k=${keys.publicKey}`;
}

/** Why a push service would refuse a VAPID header for `audience` (its origin), or null when it is valid. */
export async function vapidRefusal(authorization: string | null, audience: string, now = Date.now()): Promise<string | null> {
  const match = /^vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), ?k=([A-Za-z0-9_-]+)$/.exec(authorization?.trim() ?? '');
  if (!match) return 'missing or malformed vapid authorization';
  const [, header, payload, signature, key] = match as unknown as [string, string, string, string, string];
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  let publicKey: CryptoKey;
  try {
    if (JSON.parse(new TextDecoder().decode(base64UrlDecode(header))).alg !== 'ES256') return 'the JWT is not ES256';
    claims = JSON.parse(new TextDecoder().decode(base64UrlDecode(payload)));
    publicKey = await crypto.subtle.importKey('raw', base64UrlDecode(key), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  } catch {
    return 'the JWT or the key does not parse';
  }
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    base64UrlDecode(signature),
    encoder.encode(`${header}.${payload}`),
  );
  if (!valid) return 'bad signature';
  if (claims.aud !== audience) return `aud must be ${audience}`;
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= seconds || claims.exp > seconds + 24 * 3600) return 'exp must be within 24 hours';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 'sub must be a mailto: or https: URL';
  return null;
}

/** The push services we send to (their hosts), the same list as SQL's private.push_endpoint_allowed. */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'] as const;
export const PUSH_SERVICE_HOST_SUFFIX = '.notify.windows.com';

/** Whether the worker may send to an endpoint: an allowed push service over https, or the local double when given. */
export function pushEndpointAllowed(endpoint: string, localDoublePrefix?: string): boolean {
  if (localDoublePrefix && endpoint.startsWith(localDoublePrefix)) return true;
  try {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
    return (PUSH_SERVICE_HOSTS as readonly string[]).includes(url.hostname) || url.hostname.endsWith(PUSH_SERVICE_HOST_SUFFIX);
  } catch {
    return false;
  }
}
