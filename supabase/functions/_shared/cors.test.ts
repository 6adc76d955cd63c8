import { deepStrictEqual as assertEquals, throws as assertThrows } from 'node:assert/strict';
import { ConfigError } from './config.ts';
import { readSiteOrigins, withSiteCors } from './cors.ts';

const reader = (values: Record<string, string>) => (name: string) => values[name];
const SITE = 'https://golazo-arena.example';
const answer = withSiteCors(new Set([SITE]), () => Promise.resolve(Response.json({ success: true }, { status: 201 })));

Deno.test('a preflight from the site is allowed with the methods and headers supabase-js sends', async () => {
  const response = await answer(new Request('https://fn.example/', { method: 'OPTIONS', headers: { origin: SITE } }));
  assertEquals(response.status, 204);
  assertEquals(response.headers.get('access-control-allow-origin'), SITE);
  assertEquals(response.headers.get('access-control-allow-headers'), 'authorization, x-client-info, apikey, content-type');
});

Deno.test('a preflight from another site is refused, so its browser never sends the call', async () => {
  const response = await answer(new Request('https://fn.example/', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }));
  assertEquals(response.status, 403);
  assertEquals(response.headers.get('access-control-allow-origin'), null);
});

Deno.test('an answer is readable by the site and by no other page', async () => {
  const fromSite = await answer(new Request('https://fn.example/', { method: 'POST', headers: { origin: SITE } }));
  assertEquals([fromSite.status, fromSite.headers.get('access-control-allow-origin')], [201, SITE]);
  assertEquals(await fromSite.json(), { success: true });
  const foreign = await answer(new Request('https://fn.example/', { method: 'POST', headers: { origin: 'https://evil.example' } }));
  assertEquals(foreign.headers.get('access-control-allow-origin'), null);
  assertEquals(foreign.headers.get('vary'), 'Origin');
  const server = await answer(new Request('https://fn.example/', { method: 'POST' }));
  assertEquals([server.status, server.headers.get('access-control-allow-origin')], [201, null]);
});

Deno.test('SITE_URL lists the allowed origins, paths and trailing slashes ignored', () => {
  const origins = readSiteOrigins(reader({ SITE_URL: `${SITE}/, https://www.golazo-arena.example/tournaments` }));
  assertEquals([...origins], [SITE, 'https://www.golazo-arena.example']);
});

Deno.test('a hosted project without SITE_URL refuses to start instead of answering every origin', () => {
  assertThrows(() => readSiteOrigins(reader({})), ConfigError);
  assertThrows(() => readSiteOrigins(reader({ SITE_URL: 'golazo-arena.example' })), /not an http\(s\) URL/);
});

Deno.test('the local stack falls back to the dev site on SITE_PORT, 4321 by default', () => {
  assertEquals([...readSiteOrigins(reader({ GOLAZO_LOCAL_STACK: 'true' }))], ['http://localhost:4321', 'http://127.0.0.1:4321']);
  assertEquals(
    [...readSiteOrigins(reader({ GOLAZO_LOCAL_STACK: 'true', SITE_PORT: '4400' }))],
    ['http://localhost:4400', 'http://127.0.0.1:4400'],
  );
  assertThrows(() => readSiteOrigins(reader({ GOLAZO_LOCAL_STACK: 'true', SITE_PORT: 'eighty' })), /SITE_PORT/);
});
