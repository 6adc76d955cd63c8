/**
 * Players as tests need them: a fresh address, the one-time code the stack's inbox received, a session
 * signed in with it (a new player on first sign-in) or with a seeded account's password, and the profile
 * that lets a player pay (an adult who lives in India) or one of a given age.
 *
 * Plain TypeScript with `fetch` and no Node-only imports: Node and Deno both load it.
 */
import type { InboxMessage } from '../../supabase/local/doubles/mailbox.ts';
import type { LocalStack } from './stack.ts';

/** The seeded accounts' password and the staff accounts' authenticator secret (local seed only). */
export const SEED_PASSWORD = 'golazo-demo';
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** A session as Auth answers it (and as supabase-js stores it in the browser). */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email: string; factors?: { id: string; status: string }[] };
}

/** A fresh address per player, so tests never share one. */
export function uniqueEmail(label = 'player'): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@golazo.test`;
}

/** The messages the stack's inbox holds for `email`, newest last. */
export async function readInbox(stack: LocalStack, email: string): Promise<InboxMessage[]> {
  const response = await stack.request(`/__inbox?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`the inbox answered ${response.status}`);
  return ((await response.json()) as { messages: InboxMessage[] }).messages;
}

/** The newest code e-mailed to `email` since `since` (ms), waiting up to 10 s for it to arrive. */
export async function codeFromInbox(stack: LocalStack, email: string, since = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const code = (await readInbox(stack, email)).filter((m) => m.code && Date.parse(m.sent_at) >= since - 1000).at(-1)?.code;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code was e-mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The code of the newest account-deletion e-mail sent to `email` since `since` (ms): its own mail through the
 * outbox (subject `subject`, the code in its words), not Auth's sign-in code. Waits up to 15 s (the outbox
 * worker runs every second).
 */
export async function deletionCodeFromInbox(stack: LocalStack, email: string, subject: string, since = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await readInbox(stack, email)).filter((m) => m.subject === subject && Date.parse(m.sent_at) >= since - 1000).at(-1);
    const code = mail ? /is (\d{6})\./.exec(mail.text ?? '')?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no account-deletion code was e-mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function auth<T>(stack: LocalStack, path: string, body: unknown, as: 'anon' | Session = 'anon', method = 'POST'): Promise<T> {
  const response = await stack.request(`/auth/v1${path}`, { as, method, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /auth/v1${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Auth leaves `expires_at` out of some answers; supabase-js fills it in the same way. */
const withExpiry = (session: Session): Session => ({
  ...session,
  expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
});

/** Signs in with an e-mailed code, as the sign-in screen does (creating the player if new). */
export async function signInWithCode(stack: LocalStack, email: string): Promise<Session> {
  const since = Date.now();
  await auth(stack, '/otp', { email, create_user: true });
  const token = await codeFromInbox(stack, email, since);
  return withExpiry(await auth<Session>(stack, '/verify', { type: 'email', email, token }));
}

export async function signInWithPassword(stack: LocalStack, email: string, password = SEED_PASSWORD): Promise<Session> {
  return withExpiry(await auth<Session>(stack, '/token?grant_type=password', { email, password }));
}

/**
 * Passes a signed-in session's authenticator step (aal2) with `code`, the code the app would show now
 * for the session's verified factor.
 */
export async function verifyAuthenticator(stack: LocalStack, session: Session, code: string): Promise<Session> {
  const factor = session.user.factors?.find((f) => f.status === 'verified');
  if (!factor) throw new Error(`${session.user.email} has no verified authenticator`);
  const challenge = await auth<{ id: string }>(stack, `/factors/${factor.id}/challenge`, {}, session);
  return withExpiry(await auth<Session>(stack, `/factors/${factor.id}/verify`, { challenge_id: challenge.id, code }, session));
}

/** Gives the account a password through `session`, so a test can sign the same player in elsewhere. */
export async function setPassword(stack: LocalStack, session: Session, password: string): Promise<void> {
  await auth(stack, '/user', { password }, session, 'PUT');
}

/**
 * The profile answers `update_my_profile` takes for player `userId`: an adult (born 5 May 1995 unless
 * `dateOfBirth` says otherwise) who lives in India, with names and a game id of their own.
 */
export function profileOf(userId: string, { dateOfBirth = '1995-05-05' }: { dateOfBirth?: string } = {}) {
  return {
    p_legal_name: 'Test Player',
    p_in_game_name: `P${userId.slice(0, 6)}`,
    p_age: null,
    p_game_user_id: `T-${userId.slice(0, 8)}`,
    p_date_of_birth: dateOfBirth,
    p_lives_in_india: true,
  };
}

/** Completes the player's profile (see profileOf): as an adult who lives in India, paid entry is open to them. */
export async function completeProfile(stack: LocalStack, session: Session, facts: { dateOfBirth?: string } = {}): Promise<void> {
  await stack.call('update_my_profile', profileOf(session.user.id, facts), session);
}

/** Whether a new player completes their profile: `true` as an adult who lives in India, or born on a given date. */
export type NewProfile = boolean | { dateOfBirth: string };

/** A new player, signed in with an e-mailed code; `profile` completes their profile too. */
export async function newPlayer(stack: LocalStack, label: string, { profile = false }: { profile?: NewProfile } = {}): Promise<Session> {
  const session = await signInWithCode(stack, uniqueEmail(label));
  if (profile) await completeProfile(stack, session, profile === true ? {} : profile);
  return session;
}
