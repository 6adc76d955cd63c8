import { describe, expect, it } from 'vitest';
import { LOCAL_SUPABASE_ANON_KEY } from '../../src/lib/supabase-address.ts';
import { codeFromInbox, readInbox, uniqueEmail } from '../support/players.ts';
import { ANON_KEY, anonClient, signedInPlayer, stack, stackUrl, tokenClaims } from './helpers.ts';

describe('auth: email one-time code', () => {
  it('serves the same anon key the site is built with', () => {
    expect(ANON_KEY).toBe(LOCAL_SUPABASE_ANON_KEY);
  });

  it('signs a new player in with the 6-digit code from the inbox', async () => {
    const client = anonClient();
    const email = uniqueEmail('otp');
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();

    const messages = await readInbox(stack(), email);
    expect(messages).toHaveLength(1);
    expect(messages[0].code).toMatch(/^\d{6}$/);

    const { data, error } = await client.auth.verifyOtp({ email, token: messages[0].code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.session?.token_type).toBe('bearer');
    const claims = tokenClaims(data.session?.access_token);
    expect(claims).toMatchObject({
      sub: data.user?.id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.amr?.[0]?.method).toBe('otp');
    expect(typeof claims.session_id).toBe('string');
  });

  it("refuses a wrong code with GoTrue's error, and the right one still works", async () => {
    const client = anonClient();
    const email = uniqueEmail('wrong');
    await client.auth.signInWithOtp({ email });
    const code = await codeFromInbox(stack(), email);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await client.auth.verifyOtp({ email, token: wrong, type: 'email' });
    expect(refused.data.session).toBeNull();
    expect(refused.error?.message).toBe('Token has expired or is invalid');
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('otp_expired');

    expect((await client.auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
  });

  it('throws a code away after too many wrong guesses', async () => {
    const client = anonClient();
    const email = uniqueEmail('guess');
    await client.auth.signInWithOtp({ email });
    const code = await codeFromInbox(stack(), email);
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      await client.auth.verifyOtp({ email, token: guess, type: 'email' });
    }
    const { error } = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error?.code).toBe('otp_expired');
  });

  it('limits resends to one a minute per address', async () => {
    const client = anonClient();
    const email = uniqueEmail('resend');
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const again = await client.auth.signInWithOtp({ email });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(await readInbox(stack(), email)).toHaveLength(1);
  });

  it("counts each kind of code's limit from its last send, used or not, as GoTrue does", async () => {
    // Sign-up code, then at once a sign-in code (another kind): allowed; a third within the minute is not.
    const { email } = await signedInPlayer('used');
    const client = anonClient();
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const messages = await readInbox(stack(), email);
    expect(messages.map((m) => m.type)).toEqual(['signup', 'magiclink']);
    expect((await client.auth.verifyOtp({ email, token: messages[1].code, type: 'email' })).error).toBeNull();
    const third = await client.auth.signInWithOtp({ email });
    expect(third.error?.code).toBe('over_email_send_rate_limit');
  });

  it('honours create_user: false for an unknown address', async () => {
    const email = uniqueEmail('nobody');
    const { error } = await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error?.code).toBe('otp_disabled');
    expect(await readInbox(stack(), email)).toHaveLength(0);
  });
});

describe('auth: sessions', () => {
  it('refreshes with rotation: a new refresh token, and the old one cannot be replayed later', async () => {
    const { client } = await signedInPlayer('refresh');
    const before = (await client.auth.getSession()).data.session!;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(before.refresh_token);
    expect(data.session?.access_token.split('.')).toHaveLength(3);

    // Within GoTrue's reuse window the old token answers with the current session (two tabs racing).
    const raced = await fetch(`${stackUrl()}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: before.refresh_token }),
    });
    expect(raced.status).toBe(200);
    expect((await raced.json()).refresh_token).toBe(data.session?.refresh_token);

    const unknown = await anonClient().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('returns the signed-in user and rejects a forged token', async () => {
    const { client, email, userId, accessToken } = await signedInPlayer('getuser');
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email, aud: 'authenticated', role: 'authenticated' });
    expect(data.user?.identities?.[0]?.provider).toBe('email');

    const [header, payload] = accessToken.split('.');
    const forged = await anonClient().auth.getUser(`${header}.${payload}.c2lnbmF0dXJl`);
    expect(forged.data.user).toBeNull();
    expect(forged.error?.status).toBe(403);
  });

  it('signs the demo player in with a password and refuses a wrong one', async () => {
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email: 'demo1@golazo.test', password: 'golazo-demo' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('demo1@golazo.test');
    const claims = tokenClaims(data.session?.access_token);
    expect(claims.amr?.[0]?.method).toBe('password');

    const wrong = await anonClient().auth.signInWithPassword({ email: 'demo1@golazo.test', password: 'not-the-password' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
  });

  it('ends the session on sign-out', async () => {
    const { client, accessToken } = await signedInPlayer('logout');
    expect((await client.auth.signOut()).error).toBeNull();
    // GoTrue answers session_not_found, which auth-js reports as a missing session.
    const after = await anonClient().auth.getUser(accessToken);
    expect(after.data.user).toBeNull();
    expect(after.error?.name).toBe('AuthSessionMissingError');
  });

  it('publishes settings and an empty JWKS for the HS256 secret', async () => {
    const settings = await (await fetch(`${stackUrl()}/auth/v1/settings`, { headers: { apikey: ANON_KEY } })).json();
    expect(settings.external.email).toBe(true);
    const jwks = await (await fetch(`${stackUrl()}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks).toEqual({ keys: [] });
  });
});
