/**
 * Sign-in rules shared by the login screen, the guards and the header: pure functions only
 * (no React, no Supabase), so they are unit-tested and safe to inline into tiny scripts.
 */
import { HOME_AFTER_SIGN_IN, ROUTES, safeReturnPath } from '@/lib/routes';

/** Length of the one-time code Supabase Auth e-mails. */
export const CODE_LENGTH = 6;
/** How long the "Resend code" button waits between e-mails. */
const RESEND_COOLDOWN_SECONDS = 60;

/** Where a player lands after signing in when no page sent them. */
export const DEFAULT_AFTER_SIGN_IN = HOME_AFTER_SIGN_IN;

/** Spec 8: the toast a guarded page leaves for /login. */
export const LOGIN_REQUIRED_MESSAGE = 'Please log in to access this page';
/** Spec 8: the toast a visitor sees on the sign-up screen after choosing a tournament's 'Register Now'. */
export const LOGIN_TO_REGISTER_MESSAGE = 'Please log in to register';
/** sessionStorage key carrying a one-shot toast across a redirect. */
export const FLASH_STORAGE_KEY = 'golazo:flash';

/**
 * The page to return to after signing in, from an untrusted `?next=` value: only pages of the route
 * table (see {@link safeReturnPath}), so /login can't be used to bounce a player to another site.
 */
export function safeNextPath(raw: string | null | undefined, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  return safeReturnPath(raw, fallback);
}

/** `/login?next=<path>`: the address a guard sends an anonymous visitor to. */
export function loginUrlFor(currentPath: string): string {
  return `${ROUTES.login.path}?next=${encodeURIComponent(safeNextPath(currentPath, ROUTES.home.path))}`;
}

/** An e-mail address worth sending a code to (the server has the final word). */
export function isPlausibleEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** Keeps only digits and at most CODE_LENGTH of them: pasted codes often carry spaces. */
export function normaliseCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(value: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value);
}

/** Seconds left before another code may be sent, never negative. */
export function secondsUntilResend(sentAtMs: number, nowMs: number, cooldownSeconds = RESEND_COOLDOWN_SECONDS): number {
  return Math.max(0, Math.ceil((sentAtMs + cooldownSeconds * 1000 - nowMs) / 1000));
}

type AuthFailure = 'wrong-code' | 'wrong-authenticator-code' | 'too-many-attempts' | 'invalid-email' | 'network' | 'unknown';

export const AUTH_FAILURE_MESSAGES: Record<AuthFailure, string> = {
  'wrong-code': 'That code is wrong or has expired. Check the latest e-mail or send a new code.',
  'wrong-authenticator-code': 'That authenticator code is wrong or has expired. Enter the current code from your app.',
  'too-many-attempts': 'Too many attempts. Please wait a minute before trying again.',
  'invalid-email': 'Please enter a valid e-mail address.',
  network: 'Could not reach the sign-in service. Check your connection and try again.',
  unknown: 'Something went wrong. Please try again.',
};

/** The parts of a Supabase Auth error the screen cares about. */
export interface AuthErrorLike {
  status?: number;
  code?: string;
  name?: string;
  message?: string;
}

/**
 * Turns a Supabase Auth error into what the player should be told. GoTrue reports a wrong and
 * an expired e-mail code the same way (403 `otp_expired`), so one message covers both.
 */
export function classifyAuthError(error: AuthErrorLike): AuthFailure {
  const code = error.code ?? '';
  if (error.status === 429 || (code.startsWith('over_') && code.endsWith('_rate_limit'))) return 'too-many-attempts';
  if (code === 'otp_expired' || code === 'otp_disabled') return 'wrong-code';
  if (code === 'mfa_verification_failed' || code === 'mfa_challenge_expired') return 'wrong-authenticator-code';
  if (code === 'email_address_invalid' || code === 'validation_failed') return 'invalid-email';
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) return 'network';
  if (error.status === 403 && /token|otp|code/i.test(error.message ?? '')) return 'wrong-code';
  return 'unknown';
}

/**
 * supabase-js hands the enrolment QR code over as `data:image/svg+xml;utf-8,<svg…>` without
 * escaping, and a `#` in the SVG (a colour) would end the address early. Re-encode it so the
 * <img> always shows the whole code.
 */
export function qrCodeImageSource(qrCode: string): string {
  const svg = qrCode.replace(/^data:image\/svg\+xml;(utf-?8|charset=utf-?8),/i, '');
  if (!svg.trimStart().startsWith('<')) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
