/**
 * What the contract tests add to the shared test support (tests/support/): the running stack (its URL
 * comes from global-setup.ts), supabase-js clients, and a fresh player signed in through supabase-js.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { projectAddresses } from '../../scripts/project-env.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { codeFromInbox, uniqueEmail } from '../support/players.ts';
import { type LocalStack, localStack } from '../support/stack.ts';

export { ANON_KEY, SERVICE_ROLE_KEY };

/** The site's local origins (SITE_PORT, PUBLIC_SITE_URL): the stack under test answers them. */
export const SITE_ORIGINS = projectAddresses().siteOrigins;

export function stackUrl(): string {
  return inject('stackUrl');
}

let running: LocalStack | undefined;
/** The stack under test, over HTTP (requests as a role, the clock, the due work, the inbox). */
export function stack(): LocalStack {
  running ??= localStack(stackUrl());
  return running;
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function anonClient(): SupabaseClient {
  return createClient(stackUrl(), ANON_KEY, clientOptions);
}

export function serviceClient(): SupabaseClient {
  return createClient(stackUrl(), SERVICE_ROLE_KEY, clientOptions);
}

/** A new player signed in through supabase-js with an e-mailed code read from the inbox. */
export async function signedInPlayer(
  label = 'player',
): Promise<{ client: SupabaseClient; email: string; userId: string; accessToken: string }> {
  const client = anonClient();
  const email = uniqueEmail(label);
  const since = Date.now();
  const sent = await client.auth.signInWithOtp({ email });
  if (sent.error) throw sent.error;
  const { data, error } = await client.auth.verifyOtp({ email, token: await codeFromInbox(stack(), email, since), type: 'email' });
  if (error || !data.session || !data.user) throw error ?? new Error('no session');
  return { client, email, userId: data.user.id, accessToken: data.session.access_token };
}

/** The claims of an access token (payload only; the stack signed it). Empty when there is no token. */
export function tokenClaims(accessToken: string | undefined): { amr?: { method: string }[]; [claim: string]: unknown } {
  const payload = accessToken?.split('.')[1];
  return payload ? JSON.parse(Buffer.from(payload, 'base64url').toString()) : {};
}
