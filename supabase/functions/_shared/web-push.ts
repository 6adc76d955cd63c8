/**
 * Web Push with WebCrypto only (no imports): message encryption per RFC 8291 (`aes128gcm`, RFC 8188) and the
 * VAPID JWT per RFC 8292, for the outbox worker (Deno here, Supabase's Edge Runtime in production).
 *
 * Written here rather than taken from a library, each candidate having been run under the local Deno (2.9):
 * `@pushforge/builder` 2.0.5 still writes the older `aesgcm` draft encoding; it and `@block65/webcrypto-web-push`
 * 2.0.0 refuse any endpoint that is not https (the local push double is plain http on loopback) and sign with
 * the machine's clock, not the clock tests move; `web-push` 3.6 now runs under Deno, but through Node's ECDH,
 * `https` and `jws`, i.e. Deno's Node compatibility layer, which the Edge Runtime ships at its own Deno version
 * and which we cannot run here. Plain Web Crypto (ECDH, HKDF, AES-GCM, ECDSA) is what the Edge Runtime
 * documents and implements natively, so this file stays on it. What proves it apart from itself:
 * web-push.test.ts decrypts with `http_ece` (the RFC 8188 reference implementation) and verifies the JWT with
 * `jose`, and the local push double reads every push the same way.
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

/** RFC 8291 §3.4: the content key and nonce derived from the ECDH secret and the subscription's auth secret. */
async function contentKeys(ecdh: Bytes, authSecret: Bytes, uaPublic: Bytes, asPublic: Bytes, salt: Bytes) {
  const keyInfo = concat(encoder.encode('WebPush: info\0'), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdh, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);
  return { cek: await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']), nonce };
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
