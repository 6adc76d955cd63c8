/**
 * What the contract tests share: the running stack's URL and keys, supabase-js clients, and
 * signing a fresh player in through the local inbox.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import type { InboxMessage } from '../../supabase/local/doubles/mailbox.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { projectAddresses } from '../../scripts/project-env.ts';

export { ANON_KEY, SERVICE_ROLE_KEY };

/** The site's local origins (SITE_PORT, PUBLIC_SITE_URL): the stack under test answers them. */
export const SITE_ORIGINS = projectAddresses().siteOrigins;

export function stackUrl(): string {
  return inject('stackUrl');
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function anonClient(): SupabaseClient {
  return createClient(stackUrl(), ANON_KEY, clientOptions);
}

export function serviceClient(): SupabaseClient {
  return createClient(stackUrl(), SERVICE_ROLE_KEY, clientOptions);
}

export function uniqueEmail(label = 'player'): string {
  return `${label}-${randomUUID().slice(0, 8)}@golazo.test`;
}

export async function readInbox(email: string): Promise<InboxMessage[]> {
  const response = await fetch(`${stackUrl()}/__inbox?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return ((await response.json()) as { messages: InboxMessage[] }).messages;
}

export async function latestCode(email: string): Promise<string> {
  const messages = await readInbox(email);
  const last = messages.at(-1);
  if (!last) throw new Error(`no message for ${email}`);
  return last.code;
}

/** A new player signed in with an email one-time code read from the inbox. */
export async function signedInPlayer(
  label = 'player',
): Promise<{ client: SupabaseClient; email: string; userId: string; accessToken: string }> {
  const client = anonClient();
  const email = uniqueEmail(label);
  const sent = await client.auth.signInWithOtp({ email });
  if (sent.error) throw sent.error;
  const { data, error } = await client.auth.verifyOtp({ email, token: await latestCode(email), type: 'email' });
  if (error || !data.session || !data.user) throw error ?? new Error('no session');
  return { client, email, userId: data.user.id, accessToken: data.session.access_token };
}

/** The claims of an access token (payload only; the stack signed it). Empty when there is no token. */
export function tokenClaims(accessToken: string | undefined): { amr?: { method: string }[]; [claim: string]: unknown } {
  const payload = accessToken?.split('.')[1];
  return payload ? JSON.parse(Buffer.from(payload, 'base64url').toString()) : {};
}
