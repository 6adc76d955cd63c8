import { deepStrictEqual as assertEquals, ok as assert } from 'node:assert/strict';
import {
  base64UrlDecode,
  base64UrlEncode,
  decryptPushPayload,
  encryptPushPayload,
  generateVapidKeys,
  pushEndpointAllowed,
  vapidAuthorization,
  vapidRefusal,
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

/** A browser's subscription: its key pair and the p256dh / auth it hands the site. */
async function browserSubscription() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const p256dh = base64UrlEncode(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  const auth = base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
  return { privateKey: pair.privateKey, p256dh, auth };
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

Deno.test('a message encrypted for a subscription decrypts with its private key, and only with it', async () => {
  const browser = await browserSubscription();
  const message = JSON.stringify({ title: 'Room posted', body: 'demo2 posted the room', url: '/match/?id=abc' });
  const body = await encryptPushPayload(new TextEncoder().encode(message), browser);
  // aes128gcm: salt, record size 4096, the sender's 65-byte key, then the record.
  assertEquals(new DataView(body.buffer).getUint32(16), 4096);
  assertEquals(body[20], 65);
  assertEquals(new TextDecoder().decode(await decryptPushPayload(body, browser)), message);

  const stranger = await browserSubscription();
  let refused = false;
  try {
    await decryptPushPayload(body, { ...stranger, p256dh: browser.p256dh, auth: browser.auth });
  } catch {
    refused = true;
  }
  assert(refused, 'another key must not decrypt it');
  // Two messages never share a salt or a sender key.
  const again = await encryptPushPayload(new TextEncoder().encode(message), browser);
  assert(base64UrlEncode(again.slice(0, 86)) !== base64UrlEncode(body.slice(0, 86)));
});

Deno.test('the VAPID header carries an ES256 JWT for the push service origin, checked as a push service checks it', async () => {
  const keys = await generateVapidKeys();
  assertEquals(base64UrlDecode(keys.publicKey).length, 65);
  assertEquals(base64UrlDecode(keys.privateKey).length, 32);
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123';
  const now = Date.UTC(2027, 0, 5, 10, 0, 0);
  const header = await vapidAuthorization(endpoint, keys, 'mailto:support@golazo.example', now);
  assert(header.startsWith('vapid t=') && header.endsWith(`, k=${keys.publicKey}`));
  const [, claims] = header.slice('vapid t='.length).split('.');
  assertEquals(JSON.parse(new TextDecoder().decode(base64UrlDecode(claims ?? ''))), {
    aud: 'https://fcm.googleapis.com',
    exp: now / 1000 + 12 * 3600,
    sub: 'mailto:support@golazo.example',
  });
  assertEquals(await vapidRefusal(header, 'https://fcm.googleapis.com', now), null);
  assertEquals(
    await vapidRefusal(header, 'https://updates.push.services.mozilla.com', now),
    'aud must be https://updates.push.services.mozilla.com',
  );
  assertEquals(await vapidRefusal(header, 'https://fcm.googleapis.com', now + 13 * 3600_000), 'exp must be within 24 hours');
  assertEquals(await vapidRefusal(null, 'https://fcm.googleapis.com', now), 'missing or malformed vapid authorization');
  // Another key pair's public key under the same token: the signature no longer verifies.
  const other = await generateVapidKeys();
  assertEquals(await vapidRefusal(header.replace(keys.publicKey, other.publicKey), 'https://fcm.googleapis.com', now), 'bad signature');
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
