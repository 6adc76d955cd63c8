/**
 * profile-picture: what a player, and someone smuggling a page in as a picture, get back. If the content
 * check failed, an HTML or SVG file named face.png would be served from our Storage origin (phishing,
 * script); if the caller check failed, an e-mail-step session could change an enrolled player's picture.
 */
import { deepStrictEqual as assertEquals, match as assertMatch } from 'node:assert/strict';
import type { CallingUser } from '../_shared/supabase-gateway.ts';
import { PROFILE_PICTURE_MAX_BYTES } from '../_shared/rules.ts';
import { createProfilePictureHandler, type PictureStore } from './handler.ts';

const PLAYER = '0b0f7d4e-5b7a-4f7e-9d3a-2c1e8f6a9b10';
const users: Record<string, CallingUser> = {
  player: { id: PLAYER, email: 'p@golazo.test', aal: 'aal1', hasVerifiedFactor: false },
  firstStepOnly: { id: PLAYER, email: 'p@golazo.test', aal: 'aal1', hasVerifiedFactor: true },
};

function setUp(refuseWith?: { status: number; message: string }) {
  const stored = new Map<string, { bytes: Uint8Array<ArrayBuffer>; mimeType: string }>();
  const store: PictureStore = {
    put: (name, bytes, type) => {
      if (refuseWith) return Promise.resolve({ ok: false, ...refuseWith });
      stored.set(name, { bytes, mimeType: type.mimeType });
      return Promise.resolve({ ok: true });
    },
    publicUrlOf: (name) => `https://stack.test/storage/v1/object/public/profile-pictures/${name}`,
  };
  const handle = createProfilePictureHandler({ gateway: { userFromAccessToken: (t) => Promise.resolve(users[t] ?? null) }, store });
  const send = async (token: string | null, body: Uint8Array<ArrayBuffer> | string, contentType = 'image/png') => {
    const response = await handle(
      new Request('https://stack.test/functions/v1/profile-picture', {
        method: 'POST',
        headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      }),
    );
    return { status: response.status, body: (await response.json()) as { url?: string; error?: string } };
  };
  return { stored, send };
}

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(32).fill(0)]);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const WEBP = new Uint8Array([...new TextEncoder().encode('RIFF'), 0, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 '), 0, 0]);

Deno.test("stores PNG, JPEG and WebP under the caller's id with the detected type", async () => {
  const { stored, send } = setUp();
  for (const [image, mimeType, extension] of [
    [PNG, 'image/png', 'png'],
    [JPEG, 'image/jpeg', 'jpg'],
    [WEBP, 'image/webp', 'webp'],
  ] as const) {
    // The declared type is ignored: a JPEG declared as PNG is stored as what it is.
    const { status, body } = await send('player', image, 'image/png');
    assertEquals(status, 200);
    const url = body.url ?? '';
    assertMatch(url, new RegExp(`/profile-pictures/${PLAYER}-[0-9a-f-]{36}\\.${extension}$`));
    assertEquals(stored.get(url.split('/').pop() ?? '')?.mimeType, mimeType);
  }
});

Deno.test('refuses an HTML page or an SVG sent as image/png (400), storing nothing', async () => {
  const { stored, send } = setUp();
  for (const disguised of [
    '<!doctype html><script>steal()</script>',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="steal()"/>',
    'GIF89a......',
  ]) {
    const { status, body } = await send('player', disguised, 'image/png');
    assertEquals([status, body.error], [400, 'Please choose a JPG, PNG or WebP image']);
  }
  assertEquals(stored.size, 0);
});

Deno.test('refuses a picture over 2 MB (413)', async () => {
  const { send } = setUp();
  const big = new Uint8Array(PROFILE_PICTURE_MAX_BYTES + 1);
  big.set(PNG);
  assertEquals((await send('player', big)).status, 413);
});

Deno.test('refuses callers without a session (401) and enrolled players at the e-mail step (403)', async () => {
  const { stored, send } = setUp();
  assertEquals((await send(null, PNG)).status, 401);
  const firstStep = await send('firstStepOnly', PNG);
  assertEquals(firstStep.status, 403);
  assertMatch(firstStep.body.error!, /authenticator app/);
  assertEquals(stored.size, 0);
});

Deno.test('passes the database quota refusal on as 429', async () => {
  const { send } = setUp({ status: 429, message: 'You already have 3 pictures stored. Remove one before uploading another.' });
  const { status, body } = await send('player', PNG);
  assertEquals([status, body.error], [429, 'You already have 3 pictures stored. Remove one before uploading another.']);
});
