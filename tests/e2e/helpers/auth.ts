/**
 * Helpers for the account tests, against the local Supabase stack:
 * - read one-time codes from the stack's inbox (GET /__inbox?email=...), as a player reads e-mail;
 * - sign in through the real screen, or straight through the Auth API when sign-in is not the
 *   subject of the test;
 * - seed rows with the service role, as the payment confirmation would.
 */
import { createHmac } from 'node:crypto';
import { expect as baseExpect, type Page } from '@playwright/test';
import { projectAddresses } from '../../../scripts/project-env.ts';

/**
 * Signed-in pages wait on the local stack (sign-in, database functions, Realtime); on a busy
 * CI machine that can take longer than Playwright's default 5 s, so account tests wait up to 15 s.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** The local stack the built site talks to (SUPABASE_LOCAL_PORT / PUBLIC_SUPABASE_URL, see src/lib/local-addresses.ts). */
export const SUPABASE_URL = projectAddresses().stackUrl;
/** The Supabase CLI's well-known local keys (the local stack uses the same). */
export const ANON_KEY =
  process.env.PUBLIC_SUPABASE_ANON_KEY ??
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  process.env.SUPABASE_SERVICE_ROLE_KEY ??
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** Where supabase-js keeps the session: `sb-<first label of the host>-auth-token`. */
export const SESSION_KEY = `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`;

export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email: string; factors?: unknown[] };
}

/** A fresh address per test, so tests never share a player. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@golazo.test`;
}

/** The newest code e-mailed to `email` after `since` (ms), waiting for it to arrive. */
export async function codeFromInbox(email: string, since = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${SUPABASE_URL}/__inbox?email=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: { code: string; sent_at: string }[] };
        code = messages.filter((m) => Date.parse(m.sent_at) >= since - 1000).at(-1)?.code;
        return code;
      },
      { message: `a code e-mailed to ${email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

async function authFetch(path: string, body: unknown, token = ANON_KEY, method = 'POST'): Promise<unknown> {
  const response = await fetch(`${SUPABASE_URL}/auth/v1${path}`, {
    method,
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs in through the Auth API with an e-mailed code (creating the player if new). */
export async function signInWithApi(email: string): Promise<StoredSession> {
  const since = Date.now();
  await authFetch('/otp', { email, create_user: true });
  const token = await codeFromInbox(email, since);
  const session = (await authFetch('/verify', { type: 'email', email, token })) as StoredSession;
  return { ...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in };
}

/**
 * A second, independent session of the same player (another device): gives the account a
 * password through the first session, then signs in with it.
 */
export async function secondSession(first: StoredSession): Promise<StoredSession> {
  const password = `pw-${Math.random().toString(36).slice(2)}-Aa1`;
  await authFetch('/user', { password }, first.access_token, 'PUT');
  return (await authFetch('/token?grant_type=password', { email: first.user.email, password })) as StoredSession;
}

/** Asks Auth for new tokens with a refresh token, as supabase-js does when a session ages. */
export async function refreshSession(refreshToken: string): Promise<Response> {
  return fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

/** Makes the page start signed in with `session`, as supabase-js would have stored it. */
export async function storeSession(page: Page, session: StoredSession): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      // Only before the first sign-out of the test: a later navigation must not resurrect it.
      if (!sessionStorage.getItem('test:session-seeded')) {
        sessionStorage.setItem('test:session-seeded', '1');
        localStorage.setItem(key, value);
      }
    },
    [SESSION_KEY, JSON.stringify(session)] as const,
  );
}

/** A new player, signed in: the usual start of a test about a signed-in page. */
export async function signedInPlayer(page: Page, label: string): Promise<StoredSession> {
  const session = await signInWithApi(uniqueEmail(label));
  await storeSession(page, session);
  return session;
}

/** Signs in through /login like a player: e-mail, then the code from the inbox. */
export async function signInThroughScreen(page: Page, email: string): Promise<void> {
  const since = Date.now();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code from the e-mail').fill(await codeFromInbox(email, since));
}

/** Calls a database function as the player `session` (or as the service role). */
export async function rpc(name: string, args: Record<string, unknown>, token: string): Promise<Response> {
  return fetch(`${SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
}

async function insertAsService(table: string, row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_ROLE_KEY,
      authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify(row),
  });
  const json = (await response.json()) as Record<string, unknown>[];
  if (!response.ok) throw new Error(`insert into ${table} → ${response.status} ${JSON.stringify(json)}`);
  return json[0];
}

/** A paid Razorpay payment and the registration it bought, as the payment confirmation writes them. */
export async function seedPaidRegistration(
  userId: string,
  { tournamentId = 'champions-dec-2026', slots = 2, amountPaise = 30_000 } = {},
): Promise<{ paymentId: string; razorpayPaymentId: string }> {
  const suffix = Math.random().toString(36).slice(2, 12);
  const razorpayPaymentId = `pay_test${suffix}`;
  const payment = await insertAsService('payments', {
    user_id: userId,
    tournament_id: tournamentId,
    razorpay_order_id: `order_test${suffix}`,
    razorpay_payment_id: razorpayPaymentId,
    amount_paise: amountPaise,
    slots,
    status: 'paid',
    paid_at: new Date().toISOString(),
  });
  await insertAsService('tournament_registrations', {
    user_id: userId,
    tournament_id: tournamentId,
    slots,
    payment_id: payment.id,
  });
  return { paymentId: String(payment.id), razorpayPaymentId };
}

/**
 * A payment that was captured after the tournament filled up and then refunded, with the reason the
 * payment confirmation stores for the player.
 */
export async function seedRefundedPayment(
  userId: string,
  { tournamentId = 'champions-dec-2026', amountPaise = 15_000, reason = '' } = {},
): Promise<{ razorpayPaymentId: string }> {
  const suffix = Math.random().toString(36).slice(2, 12);
  const razorpayPaymentId = `pay_test${suffix}`;
  await insertAsService('payments', {
    user_id: userId,
    tournament_id: tournamentId,
    razorpay_order_id: `order_test${suffix}`,
    razorpay_payment_id: razorpayPaymentId,
    amount_paise: amountPaise,
    slots: 1,
    status: 'refunded',
    refund_id: `rfnd_test${suffix}`,
    failure_reason: reason,
  });
  return { razorpayPaymentId };
}

/** RFC 6238 code for a base32 secret: what an authenticator app would show now. */
export function authenticatorCode(secretBase32: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Completes the player's profile as an adult who lives in India: what paid entry needs. */
export async function completeEligibleProfile(session: StoredSession, dateOfBirth = '1995-05-05'): Promise<void> {
  const response = await rpc(
    'update_my_profile',
    {
      p_legal_name: 'Test Player',
      p_in_game_name: `P${session.user.id.slice(0, 6)}`,
      p_age: null,
      p_game_user_id: `T-${session.user.id.slice(0, 8)}`,
      p_date_of_birth: dateOfBirth,
      p_lives_in_india: true,
    },
    session.access_token,
  );
  if (!response.ok) throw new Error(`completing the profile answered ${response.status}: ${await response.text()}`);
}

/** A signed-in player whose profile lets them pay (see completeEligibleProfile). */
export async function eligiblePlayer(page: Page, label: string): Promise<StoredSession> {
  const session = await signedInPlayer(page, label);
  await completeEligibleProfile(session);
  return session;
}
