/**
 * Role escalation: every request runs as the role its verified JWT names (anon, authenticated or
 * service_role) with its claims, so grants and row-level security decide as on hosted Supabase.
 * If these failed, a visitor could act as the service role (read every player and payment, confirm
 * unpaid orders) or as the database owner.
 */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { JWT_SECRET, signJwt } from '../../supabase/local/keys.ts';
import { ANON_KEY, anonClient, signedInPlayer, stackUrl } from './helpers.ts';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const farFuture = Math.floor(Date.now() / 1000) + 3600;

/** Tokens an attacker can make without the project's secret, or with a role no API caller may take. */
async function forgedTokens(): Promise<Record<string, string>> {
  const wrongSecret = await new SignJWT({ role: 'service_role', exp: farFuture })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(`${JWT_SECRET}-not`));
  return {
    'wrong secret, role service_role': wrongSecret,
    'alg none, role service_role': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ role: 'service_role', exp: farFuture })}.`,
    'anon key with the payload swapped to service_role': `${ANON_KEY.split('.')[0]}.${base64url({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 })}.${ANON_KEY.split('.')[2]}`,
    // Signed with the real secret, yet not an API role: hosted PostgREST cannot switch to them either.
    'role postgres': await signJwt({ role: 'postgres', exp: farFuture }),
    'role supabase_admin': await signJwt({ role: 'supabase_admin', exp: farFuture }),
    'role authenticator': await signJwt({ role: 'authenticator', exp: farFuture }),
  };
}

const rest = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${stackUrl()}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });

describe('security: forged and foreign-role tokens', () => {
  it('refuses them on REST with 401 PGRST301, so nobody reads payments as the service role', async () => {
    for (const [label, token] of Object.entries(await forgedTokens())) {
      const response = await rest('/payments?select=id', token);
      expect(response.status, label).toBe(401);
      expect(await response.json(), label).toMatchObject({ code: 'PGRST301' });
    }
  });

  it('refuses them on Storage, Auth and Realtime too', async () => {
    for (const [label, token] of Object.entries(await forgedTokens())) {
      const storage = await fetch(`${stackUrl()}/storage/v1/object/profile-pictures/x.png`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
      });
      expect(storage.status, `storage: ${label}`).toBeGreaterThanOrEqual(400);
      expect(storage.status, `storage: ${label}`).toBeLessThan(500);
      const user = await fetch(`${stackUrl()}/auth/v1/user`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` } });
      expect([401, 403], `auth: ${label}`).toContain(user.status);

      const reply = await new Promise<{ status: string }>((resolve, reject) => {
        const socket = new WebSocket(`${stackUrl().replace('http', 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`);
        socket.once('error', reject);
        socket.once('open', () =>
          socket.send(
            JSON.stringify({
              topic: 'realtime:x',
              event: 'phx_join',
              ref: '1',
              join_ref: '1',
              payload: { access_token: token, config: { postgres_changes: [{ event: '*', schema: 'public', table: 'payments' }] } },
            }),
          ),
        );
        socket.on('message', (data) => {
          const message = JSON.parse(data.toString());
          if (message.event === 'phx_reply') {
            socket.close();
            resolve(message.payload);
          }
        });
      });
      expect(reply.status, `realtime: ${label}`).toBe('error');
    }
  });
});

describe("security: no way around the caller's role", () => {
  it('treats role-looking parameters as (unknown) columns, never as a role switch', async () => {
    for (const path of ['/payments?role=eq.service_role', '/payments?set%20role=postgres', '/payments?select=id&request.jwt.claims=x']) {
      const response = await rest(path, ANON_KEY);
      // 400 (no such column) or 501 (a dotted key reads as an embedded filter): refused either way.
      expect([400, 501], path).toContain(response.status);
    }
    const anon = await anonClient().from('payments').select('id');
    expect(anon.data ?? []).toEqual([]);
  });

  it('refuses private, auth and storage schemas through Accept-Profile and Content-Profile (406 PGRST106)', async () => {
    for (const schema of ['auth', 'private', 'storage', 'pg_catalog', 'local_realtime', 'extensions', 'PUBLIC']) {
      const read = await rest('/users?select=*', ANON_KEY, { headers: { 'accept-profile': schema } });
      expect(read.status, schema).toBe(406);
      expect(await read.json(), schema).toMatchObject({ code: 'PGRST106' });
      const call = await rest('/rpc/clock_now', ANON_KEY, { method: 'POST', body: '{}', headers: { 'content-profile': schema } });
      expect(call.status, schema).toBe(406);
    }
  });

  it('does not reach functions outside the exposed schema by a qualified name', async () => {
    for (const name of ['private.clock_now', 'pg_catalog.set_config', 'set_config', 'auth.uid', '..%2Fauth%2Fuid']) {
      const response = await rest(`/rpc/${name}`, ANON_KEY, {
        method: 'POST',
        body: JSON.stringify({ setting_name: 'role', new_value: 'postgres', is_local: false }),
      });
      expect(response.status, name).toBe(404);
    }
  });

  it('keeps service-only payment functions from visitors and players, so no one confirms an unpaid order', async () => {
    const body = JSON.stringify({ p_razorpay_order_id: 'order_x', p_razorpay_payment_id: 'pay_x' });
    const anon = await rest('/rpc/service_confirm_tournament_payment', ANON_KEY, { method: 'POST', body });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ code: '42501' });
    const player = await signedInPlayer('escalate');
    const signedIn = await rest('/rpc/service_confirm_tournament_payment', player.accessToken, { method: 'POST', body });
    expect(signedIn.status).toBe(403);
  });

  it('runs GET requests read-only, so a plain link (an <img> on any page) cannot make a player write', async () => {
    const player = await signedInPlayer('readonly');
    const before = await player.client.rpc('get_my_profile');
    const args = new URLSearchParams({
      p_legal_name: 'Link Clicker',
      p_in_game_name: 'clicked',
      p_age: '20',
      p_game_user_id: 'LINK123456789',
    });
    const response = await rest(`/rpc/update_my_profile?${args}`, player.accessToken);
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ code: '25006' });
    expect((await player.client.rpc('get_my_profile')).data).toEqual(before.data);
  });

  it("keeps a player's own claims: another player's profile stays invisible even when named", async () => {
    const [a, b] = [await signedInPlayer('claims-a'), await signedInPlayer('claims-b')];
    const { data } = await a.client.from('profiles').select('id, email').eq('id', b.userId);
    expect(data).toEqual([]);
  });
});
