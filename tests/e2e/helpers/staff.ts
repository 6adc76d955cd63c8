/**
 * Helpers for the staff tests: staff sessions that passed the authenticator step, entries paid through
 * the real order function and the Razorpay test double (so refunds later reach the double too), and the
 * local stack's queue of due work.
 */
import {
  ANON_KEY,
  authenticatorCode,
  completeEligibleProfile,
  rpc,
  SERVICE_ROLE_KEY,
  type StoredSession,
  signInWithApi,
  SUPABASE_URL,
  uniqueEmail,
} from './auth';

/** The seeded staff accounts' authenticator secret and password (local seed only). */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const SEED_PASSWORD = 'golazo-demo';

async function authPost(path: string, body: unknown, token = ANON_KEY): Promise<Record<string, unknown>> {
  const response = await fetch(`${SUPABASE_URL}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !json) throw new Error(`POST /auth/v1${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A seeded staff account signed in with its password and its authenticator code (aal2). */
export async function staffSession(email: string): Promise<StoredSession> {
  const first = (await authPost('/token?grant_type=password', { email, password: SEED_PASSWORD })) as unknown as StoredSession;
  const factor = (first.user.factors as { id: string; status: string }[] | undefined)?.find((f) => f.status === 'verified');
  if (!factor) throw new Error(`${email} has no verified authenticator in the seed`);
  const challenge = await authPost(`/factors/${factor.id}/challenge`, {}, first.access_token);
  const session = (await authPost(
    `/factors/${factor.id}/verify`,
    { challenge_id: challenge.id, code: authenticatorCode(STAFF_TOTP_SECRET) },
    first.access_token,
  )) as unknown as StoredSession;
  return { ...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in };
}

async function paymentFunction(session: StoredSession, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${SUPABASE_URL}/functions/v1/razorpay-payment`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
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
export async function payForEntry(session: StoredSession, tournamentId: string, slots = 1): Promise<void> {
  const order = await paymentFunction(session, { action: 'create_order', tournament_id: tournamentId, slots });
  const paid = await fetch(`${SUPABASE_URL}/razorpay/test/pay`, {
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
export async function paidPlayer(label: string, tournamentId: string, slots = 1): Promise<StoredSession> {
  const session = await signInWithApi(uniqueEmail(label));
  await completeEligibleProfile(session);
  await payForEntry(session, tournamentId, slots);
  return session;
}

/** The pod of a quick series that takes entries now (the newest one). */
export async function openPodOf(seriesId: string): Promise<{ id: string; title: string }> {
  const response = await fetch(
    `${SUPABASE_URL}/rest/v1/tournaments?select=id,title&series_id=eq.${seriesId}&pod_number=not.is.null&order=pod_number.desc&limit=1`,
    { headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` } },
  );
  const [pod] = (await response.json()) as { id: string; title: string }[];
  if (!pod) throw new Error(`${seriesId} has no pod`);
  return pod;
}

/** Stops the database's clock at `at` (null: real time again); every test that moves it gives it back. */
export async function setDatabaseClock(at: Date | null): Promise<void> {
  const response = await rpc('local_set_clock', { p_now: at?.toISOString() ?? null }, SERVICE_ROLE_KEY);
  if (!response.ok) throw new Error(`local_set_clock → ${response.status} ${await response.text()}`);
}

/** Runs the stack's periodic work and drains the outbox (refunds, e-mails) before answering. */
export async function runDueWork(): Promise<void> {
  const response = await rpc('local_run_due_work', {}, SERVICE_ROLE_KEY);
  if (!response.ok) throw new Error(`local_run_due_work → ${response.status} ${await response.text()}`);
}
