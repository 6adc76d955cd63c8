/**
 * Helpers for the staff tests: staff sessions that passed the authenticator step, and entries paid
 * through the real order function and the Razorpay test double (so refunds later reach the double too).
 */
import { newPlayer, type Session, STAFF_TOTP_SECRET, signInWithPassword, verifyAuthenticator } from '../../support/players.ts';
import { authenticatorCode, stack } from './auth';

/** A seeded staff account signed in with its password and its authenticator code (aal2). */
export async function staffSession(email: string): Promise<Session> {
  return verifyAuthenticator(stack, await signInWithPassword(stack, email), authenticatorCode(STAFF_TOTP_SECRET));
}

async function authCall<T>(path: string, body: unknown, session: Session): Promise<T> {
  const response = await stack.request(`/auth/v1${path}`, { as: session, method: 'POST', body });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /auth/v1${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * A new account with one staff grant limited to `tournamentId` and an authenticator app of its own, signed in
 * through both steps (aal2).
 */
export async function tournamentStaffSession(
  label: string,
  role: 'referee' | 'organiser' | 'admin',
  tournamentId: string,
): Promise<Session> {
  const session = await newPlayer(stack, label, { profile: true });
  await stack.call('service_grant_role', { p_email: session.user.email, p_role: role, p_tournament_id: tournamentId }, 'service_role');
  const factor = await authCall<{ id: string; totp: { secret: string } }>(
    '/factors',
    { factor_type: 'totp', friendly_name: label },
    session,
  );
  const challenge = await authCall<{ id: string }>(`/factors/${factor.id}/challenge`, {}, session);
  const strong = await authCall<Session>(
    `/factors/${factor.id}/verify`,
    { challenge_id: challenge.id, code: authenticatorCode(factor.totp.secret) },
    session,
  );
  return { ...strong, expires_at: strong.expires_at ?? Math.floor(Date.now() / 1000) + strong.expires_in };
}

async function paymentFunction(session: Session, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await stack.request('/functions/v1/razorpay-payment', { as: session, body });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok || json.success !== true)
    throw new Error(`razorpay-payment ${String(body.action)} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Pays for `slots` entries of `tournamentId` as `session`: the order function, the test double's
 * checkout ("Pay") and the verify call, as the pay panel does (tests/e2e/payments.spec.ts covers the
 * screens).
 */
export async function payForEntry(session: Session, tournamentId: string, slots = 1): Promise<void> {
  const order = await paymentFunction(session, { action: 'create_order', tournament_id: tournamentId, slots });
  const paid = await fetch(`${stack.url}/razorpay/test/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: order.order_id, outcome: 'success', email: session.user.email }),
  });
  const checkout = (await paid.json()) as Record<string, string>;
  if (!paid.ok) throw new Error(`the test checkout answered ${paid.status} ${JSON.stringify(checkout)}`);
  await paymentFunction(session, {
    action: 'verify_payment',
    tournament_id: tournamentId,
    order_id: checkout.razorpay_order_id,
    payment_id: checkout.razorpay_payment_id,
    signature: checkout.razorpay_signature,
  });
}

/** A new eligible player who paid for `slots` entries of `tournamentId`. */
export async function paidPlayer(label: string, tournamentId: string, slots = 1): Promise<Session> {
  const session = await newPlayer(stack, label, { profile: true });
  await payForEntry(session, tournamentId, slots);
  return session;
}

/** The pod of a quick series that takes entries now (the newest one). */
export async function openPodOf(seriesId: string): Promise<{ id: string; title: string }> {
  const [pod] = await stack.rest<{ id: string; title: string }[]>(
    `/rest/v1/tournaments?select=id,title&series_id=eq.${seriesId}&pod_number=not.is.null&order=pod_number.desc&limit=1`,
    { as: 'anon' },
  );
  if (!pod) throw new Error(`${seriesId} has no pod`);
  return pod;
}
