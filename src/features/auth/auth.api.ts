/**
 * Everything the sign-in flow and the authenticator settings ask Supabase Auth.
 * Refusals are thrown as supabase-js AuthErrors (typed, with the code classifyAuthError in auth.ts turns
 * into words); the answers that carry data are checked with zod, an odd one is an ApiError('malformed').
 */
import * as z from 'zod/mini';
import { parseAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { $lang } from '@/stores/lang';
import { qrCodeImageSource } from './auth';

const FactorList = z.object({
  all: z.array(
    z.object({
      id: z.string(),
      factor_type: z.string(),
      friendly_name: z.nullish(z.string()),
      status: z.enum(['verified', 'unverified']),
      created_at: z.string(),
    }),
  ),
});

const TotpEnrolment = z.object({
  id: z.string(),
  totp: z.object({ qr_code: z.string(), secret: z.string() }),
});

const Challenge = z.object({ id: z.string() });

function auth() {
  return getSupabase().auth();
}

/**
 * E-mails a 6-digit code. New players get an account on the way (sign-up and sign-in are one flow), reading
 * their messages in the language of the page they signed up on (Auth keeps `data` only when it creates the
 * user; the database copies it to profiles.language, and the profile changes it later).
 */
export async function sendSignInCode(email: string): Promise<void> {
  const { error } = await (await auth()).signInWithOtp({
    email: email.trim(),
    options: { shouldCreateUser: true, data: { language: $lang.get() } },
  });
  if (error) throw error;
}

/** Exchanges the e-mailed code for a session (stored by supabase-js). */
export async function verifySignInCode(email: string, code: string): Promise<void> {
  const { error } = await (await auth()).verifyOtp({ email: email.trim(), token: code, type: 'email' });
  if (error) throw error;
}

/** Leaves for Google; supabase-js reads the session from the URL when the player comes back. */
export async function signInWithGoogle(returnTo: string): Promise<void> {
  const { error } = await (await auth()).signInWithOAuth({ provider: 'google', options: { redirectTo: returnTo } });
  if (error) throw error;
}

export interface Authenticator {
  id: string;
  friendlyName: string | null;
  status: 'verified' | 'unverified';
  createdAt: string;
}

/** The player's authenticator apps (TOTP factors), verified or still being set up. */
export async function listAuthenticators(): Promise<Authenticator[]> {
  const { data, error } = await (await auth()).mfa.listFactors();
  if (error) throw error;
  return parseAnswer(FactorList, data, 'auth list factors')
    .all.filter((f) => f.factor_type === 'totp')
    .map((f) => ({ id: f.id, friendlyName: f.friendly_name ?? null, status: f.status, createdAt: f.created_at }));
}

/** Second step of sign-in: the code from the authenticator app raises the session to aal2. */
export async function verifyAuthenticatorCode(code: string): Promise<void> {
  const factor = (await listAuthenticators()).find((f) => f.status === 'verified');
  if (!factor) throw new Error('No authenticator app is set up for this account.');
  await challengeAndVerify(factor.id, code);
}

/** Challenge, then verify: supabase-js saves the upgraded session and emits MFA_CHALLENGE_VERIFIED. */
async function challengeAndVerify(factorId: string, code: string): Promise<void> {
  const challenge = await (await auth()).mfa.challenge({ factorId });
  if (challenge.error) throw challenge.error;
  const { id: challengeId } = parseAnswer(Challenge, challenge.data, 'auth challenge');
  const verified = await (await auth()).mfa.verify({ factorId, challengeId, code });
  if (verified.error) throw verified.error;
}

export interface PendingEnrolment {
  factorId: string;
  /** An SVG image (data URL) of the otpauth:// address, for the app to scan. */
  qrCode: string;
  /** The same secret in text, for typing into the app by hand. */
  secret: string;
}

/** Starts adding an authenticator app. Abandoned earlier attempts are cleared first. */
export async function startAuthenticatorEnrolment(): Promise<PendingEnrolment> {
  for (const stale of (await listAuthenticators()).filter((f) => f.status === 'unverified')) {
    await (await auth()).mfa.unenroll({ factorId: stale.id });
  }
  const { data, error } = await (await auth()).mfa.enroll({
    factorType: 'totp',
    friendlyName: `Authenticator app ${new Date().toISOString().slice(0, 16)}`,
  });
  if (error) throw error;
  const enrolment = parseAnswer(TotpEnrolment, data, 'auth enrol');
  return { factorId: enrolment.id, qrCode: qrCodeImageSource(enrolment.totp.qr_code), secret: enrolment.totp.secret };
}

/** Proves the app works (first code); from then on sign-in asks for it. */
export async function confirmAuthenticatorEnrolment(factorId: string, code: string): Promise<void> {
  await challengeAndVerify(factorId, code);
}

export async function removeAuthenticator(factorId: string): Promise<void> {
  const { error } = await (await auth()).mfa.unenroll({ factorId });
  if (error) throw error;
  // The session still carries the removed factor; refresh so assurance levels drop back to aal1.
  await (await auth()).refreshSession();
}
