/**
 * What the end-to-end tests add to the shared test support (tests/support/) for pages in a browser: the
 * stack the built site talks to, a patient `expect`, and sessions the page starts with or signs in
 * through the real screen. Seeds rows with the service role, as the payment confirmation would.
 */
import { createHmac } from 'node:crypto';
import { expect as baseExpect, type Page } from '@playwright/test';
import { projectAddresses } from '../../../scripts/project-env.ts';
import { codeFromInbox, type NewProfile, newPlayer, type Session, setPassword, signInWithPassword } from '../../support/players.ts';
import { localStack } from '../../support/stack.ts';

/**
 * Signed-in pages wait on the local stack (sign-in, database functions, Realtime); on a busy
 * CI machine that can take longer than Playwright's default 5 s, so account tests wait up to 15 s.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** The local stack the built site talks to (SUPABASE_LOCAL_PORT / PUBLIC_SUPABASE_URL, see src/lib/local-addresses.ts). */
export const stack = localStack(projectAddresses().stackUrl);

/** Where supabase-js keeps the session: `sb-<first label of the host>-auth-token`. */
export const SESSION_KEY = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;

/**
 * RFC 6238 code for a base32 secret: what an authenticator app would show now. Written out here rather
 * than taken from the stack's own TOTP module, so the two-step tests check the stack against the standard.
 */
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

/**
 * A second, independent session of the same player (another device): gives the account a
 * password through the first session, then signs in with it.
 */
export async function secondSession(first: Session): Promise<Session> {
  const password = `pw-${crypto.randomUUID()}-Aa1`;
  await setPassword(stack, first, password);
  return signInWithPassword(stack, first.user.email, password);
}

/** Asks Auth for new tokens with a refresh token, as supabase-js does when a session ages. */
export function refreshSession(refreshToken: string): Promise<Response> {
  return stack.request('/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });
}

/** Makes the page start signed in with `session`, as supabase-js would have stored it. */
export async function storeSession(page: Page, session: Session): Promise<void> {
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

/**
 * A new player, signed in on the page: the usual start of a test about a signed-in page. `profile`
 * completes their profile too (an adult who lives in India unless a date of birth says otherwise).
 */
export async function signedInPlayer(page: Page, label: string, options: { profile?: NewProfile } = {}): Promise<Session> {
  const session = await newPlayer(stack, label, options);
  await storeSession(page, session);
  return session;
}

/** Signs in through /login like a player: e-mail, then the code from the inbox. */
export async function signInThroughScreen(page: Page, email: string): Promise<void> {
  const since = Date.now();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code from the e-mail').fill(await codeFromInbox(stack, email, since));
}

/** A paid Razorpay payment and the registration it bought, as the payment confirmation writes them. */
export async function seedPaidRegistration(
  userId: string,
  { tournamentId = 'champions-dec-2026', slots = 2, amountPaise = 30_000 } = {},
): Promise<{ paymentId: string; razorpayPaymentId: string }> {
  const suffix = Math.random().toString(36).slice(2, 12);
  const razorpayPaymentId = `pay_test${suffix}`;
  const [payment] = await stack.rest<{ id: string }[]>('/rest/v1/payments', {
    body: {
      user_id: userId,
      tournament_id: tournamentId,
      razorpay_order_id: `order_test${suffix}`,
      razorpay_payment_id: razorpayPaymentId,
      amount_paise: amountPaise,
      slots,
      status: 'paid',
      paid_at: new Date().toISOString(),
    },
  });
  await stack.rest('/rest/v1/tournament_registrations', {
    body: { user_id: userId, tournament_id: tournamentId, slots, payment_id: payment!.id },
  });
  return { paymentId: String(payment!.id), razorpayPaymentId };
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
  await stack.rest('/rest/v1/payments', {
    body: {
      user_id: userId,
      tournament_id: tournamentId,
      razorpay_order_id: `order_test${suffix}`,
      razorpay_payment_id: razorpayPaymentId,
      amount_paise: amountPaise,
      slots: 1,
      status: 'refunded',
      refund_id: `rfnd_test${suffix}`,
      failure_reason: reason,
    },
  });
  return { razorpayPaymentId };
}
