/**
 * resolveCaller: if it let an aal1 token of an enrolled player through, a stolen e-mail sign-in alone
 * could create orders and confirm payments in that player's name.
 */
import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { resolveCaller } from './caller.ts';
import { assuranceLevelOf, type CallingUser } from './supabase-gateway.ts';

const gatewayKnowing = (user: CallingUser | null) => ({ userFromAccessToken: () => Promise.resolve(user) });
const player = { id: 'u1', email: 'p@golazo.test' };

Deno.test('a caller without a valid token is asked to sign in (401 not_signed_in)', async () => {
  assertEquals((await resolveCaller(gatewayKnowing(null), 'expired')).ok, false);
  const refused = await resolveCaller(gatewayKnowing(player), null);
  assertEquals(refused.ok ? null : [refused.status, refused.code], [401, 'not_signed_in']);
});

Deno.test('an enrolled player with an aal1 token is refused (403 second_step_required)', async () => {
  const refused = await resolveCaller(gatewayKnowing({ ...player, aal: 'aal1', hasVerifiedFactor: true }), 't');
  assertEquals(refused.ok ? null : [refused.status, refused.code], [403, 'second_step_required']);
});

Deno.test('an enrolled player at aal2, and a player without a factor at aal1, are let in', async () => {
  assertEquals((await resolveCaller(gatewayKnowing({ ...player, aal: 'aal2', hasVerifiedFactor: true }), 't')).ok, true);
  assertEquals((await resolveCaller(gatewayKnowing({ ...player, aal: 'aal1', hasVerifiedFactor: false }), 't')).ok, true);
});

Deno.test('the assurance level is read from the token, aal1 when it cannot be read', () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replaceAll('=', '')}.s`;
  assertEquals(assuranceLevelOf(token({ aal: 'aal2' })), 'aal2');
  assertEquals(assuranceLevelOf(token({ aal: 'aal1' })), 'aal1');
  assertEquals(assuranceLevelOf('not-a-jwt'), 'aal1');
});
