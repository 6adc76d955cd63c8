import { deepStrictEqual as assertEquals, ok as assert, rejects as assertRejects, throws as assertThrows } from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import ece from 'npm:http_ece@1.2.1';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'npm:jose@6';
import {
  base64UrlDecode,
  base64UrlEncode,
  encryptPushPayload,
  generateVapidKeys,
  pushEndpointAllowed,
  vapidAuthorization,
} from './web-push.ts';

/** An ECDH key pair from its private scalar and public key (base64url), as RFC 8291's example gives them. */
async function ecdhPair(privateD: string, publicKey: string): Promise<CryptoKeyPair> {
  const raw = base64UrlDecode(publicKey);
  const jwk = { kty: 'EC', crv: 'P-256', x: base64UrlEncode(raw.slice(1, 33)), y: base64UrlEncode(raw.slice(33, 65)) };
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    privateKey: await crypto.subtle.importKey('jwk', { ...jwk, d: privateD }, algorithm, true, ['deriveBits']),
    publicKey: await crypto.subtle.importKey('jwk', jwk, algorithm, true, []),
  };
}

/**
 * A browser's subscription made with Node's ECDH (not our Web Crypto code): its p256dh and auth, and how a
 * browser reads a push: `http_ece`, the RFC 8188 reference implementation, decrypts the body.
 */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const read = (body: Uint8Array) =>
    new TextDecoder().decode(ece.decrypt(Buffer.from(body), { version: 'aes128gcm', privateKey: ecdh, authSecret: Buffer.from(auth) }));
  return { p256dh: ecdh.getPublicKey('base64url'), auth: base64UrlEncode(auth), read };
}

/** How a push service checks a VAPID header (RFC 8292): jose verifies the ES256 JWT against the key in k=. */
async function verifyVapid(header: string, audience: string, now: number) {
  const match = /^vapid t=(\S+), k=(\S+)$/.exec(header);
  assert(match?.[1] && match[2], header);
  const raw = base64UrlDecode(match[2]);
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: base64UrlEncode(raw.slice(1, 33)), y: base64UrlEncode(raw.slice(33, 65)) },
    'ES256',
  );
  const { payload } = await jwtVerify(match[1], key, { algorithms: ['ES256'], audience, currentDate: new Date(now) });
  return { header: decodeProtectedHeader(match[1]), claims: payload };
}

Deno.test('encryption matches the worked example of RFC 8291 (Appendix A)', async () => {
  const sender = await ecdhPair(
    'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
    'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  );
  const body = await encryptPushPayload(
    new TextEncoder().encode('When I grow up, I want to be a watermelon'),
    { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' },
    { salt: base64UrlDecode('DGv6ra1nlYgDCS1FRnbzlw'), senderKeys: sender },
  );
  assertEquals(
    base64UrlEncode(body),
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  );
});

Deno.test('a push round trip: our encryption reads back with http_ece for that subscription only', async () => {
  const browser = browserSubscription();
  const message = JSON.stringify({ title: 'Room posted', body: 'demo2 posted the room ₹', url: '/match/?id=abc' });
  const body = await encryptPushPayload(new TextEncoder().encode(message), browser);
  // aes128gcm: salt, record size 4096, the sender's 65-byte key, then the record.
  assertEquals(new DataView(body.buffer).getUint32(16), 4096);
  assertEquals(body[20], 65);
  assertEquals(browser.read(body), message);

  // Another device given the same p256dh and auth still cannot read it without the private key.
  const stranger = browserSubscription();
  assertThrows(() => stranger.read(body));
  // A flipped byte in the record fails authentication instead of reading as something else.
  const tampered = body.slice();
  tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
  assertThrows(() => browser.read(tampered));
  // Two messages never share a salt or a sender key.
  const again = await encryptPushPayload(new TextEncoder().encode(message), browser);
  assert(base64UrlEncode(again.slice(0, 86)) !== base64UrlEncode(body.slice(0, 86)));
  // The largest message that fits one record reads back whole; one byte more is refused before sending.
  const largest = 'x'.repeat(3993);
  assertEquals(browser.read(await encryptPushPayload(new TextEncoder().encode(largest), browser)), largest);
  await assertRejects(encryptPushPayload(new TextEncoder().encode(`${largest}x`), browser), /at most 3993 bytes/);
  await assertRejects(encryptPushPayload(new Uint8Array(1), { ...browser, p256dh: 'BAAA' }), /p256dh/);
  await assertRejects(encryptPushPayload(new Uint8Array(1), { ...browser, auth: 'AAAA' }), /auth/);
});

Deno.test('the VAPID header carries an ES256 JWT for the push service origin that jose verifies', async () => {
  const keys = await generateVapidKeys();
  assertEquals(base64UrlDecode(keys.publicKey).length, 65);
  assertEquals(base64UrlDecode(keys.privateKey).length, 32);
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123';
  const now = Date.UTC(2027, 0, 5, 10, 0, 0);
  const header = await vapidAuthorization(endpoint, keys, 'mailto:support@golazo.example', now);
  assert(header.endsWith(`, k=${keys.publicKey}`));
  const verified = await verifyVapid(header, 'https://fcm.googleapis.com', now);
  assertEquals(verified.header, { typ: 'JWT', alg: 'ES256' });
  assertEquals(verified.claims, { aud: 'https://fcm.googleapis.com', exp: now / 1000 + 12 * 3600, sub: 'mailto:support@golazo.example' });

  // What a push service refuses: another origin, a token past its hour, a signature under another key.
  await assertRejects(verifyVapid(header, 'https://updates.push.services.mozilla.com', now), /aud/);
  await assertRejects(verifyVapid(header, 'https://fcm.googleapis.com', now + 13 * 3600_000), /exp/);
  const other = await generateVapidKeys();
  await assertRejects(verifyVapid(header.replace(keys.publicKey, other.publicKey), 'https://fcm.googleapis.com', now), /signature/);
});

Deno.test('pushes go only to the allowed push services', () => {
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/x',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=x',
  ]) {
    assertEquals(pushEndpointAllowed(endpoint), true, endpoint);
  }
  for (const endpoint of [
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://notify.windows.com.evil.example/x',
    'https://169.254.169.254/latest',
    'http://127.0.0.1:54321/push/endpoint/x',
    'not a url',
  ]) {
    assertEquals(pushEndpointAllowed(endpoint), false, endpoint);
  }
  assertEquals(pushEndpointAllowed('http://127.0.0.1:54321/push/endpoint/x', 'http://127.0.0.1:54321/push/endpoint/'), true);
});
