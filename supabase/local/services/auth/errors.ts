/**
 * GoTrue's error bodies. Clients that send `X-Supabase-Api-Version: 2024-01-01` (supabase-js does)
 * get `{ code: "<error_code>", msg }` and the version echoed back; older clients get the legacy
 * `{ code: <status>, error_code, msg }`. auth-js reads both.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http.ts';

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  readonly status: number;
  readonly errorCode: string;
  constructor(status: number, errorCode: string, message: string) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
  }
}

/** The version header to echo on every answer of a 2024-01-01 (or newer) client, or none. */
export function apiVersionHeaders(req: IncomingMessage): Record<string, string> {
  const version = String(req.headers[API_VERSION_HEADER] ?? '');
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION_2024 ? { [API_VERSION_HEADER]: API_VERSION_2024 } : {};
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, { status, errorCode, message }: AuthError): void {
  const headers = apiVersionHeaders(req);
  if (API_VERSION_HEADER in headers) sendJson(res, status, { code: errorCode, msg: message }, headers);
  else sendJson(res, status, { code: status, error_code: errorCode, msg: message });
}

const error = (status: number, code: string, message: string) => new AuthError(status, code, message);

// The errors the local Auth server raises, named as GoTrue names them.
export const authErrors = {
  invalidCredentials: () => error(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => error(400, 'email_not_confirmed', 'Email not confirmed'),
  otpExpired: () => error(403, 'otp_expired', 'Token has expired or is invalid'),
  signupsDisabledForOtp: () => error(422, 'otp_disabled', 'Signups not allowed for otp'),
  emailRateLimit: (seconds: number) =>
    error(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
  tooManyAttempts: (seconds: number) =>
    error(429, 'over_request_rate_limit', `Too many attempts: request rate limit reached, try again in ${seconds} seconds`),
  validation: (message: string) => error(400, 'validation_failed', message),
  weakPassword: () => error(422, 'weak_password', 'Password should be at least 6 characters.'),
  tooLarge: () => error(413, 'request_too_large', 'The request body is too large'),
  badJson: () => error(400, 'bad_json', 'Could not parse request body as JSON'),
  noAuthorization: () => error(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (detail: string) => error(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  missingSub: () => error(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  sessionNotFound: () => error(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => error(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshTokenNotFound: () => error(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => error(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  grantTypeUnsupported: (grantType: string) =>
    error(400, 'validation_failed', `unsupported_grant_type: ${grantType} is not supported by the local stack`),
  factorNotFound: () => error(404, 'mfa_factor_not_found', 'Factor not found'),
  challengeNotFound: () => error(404, 'mfa_factor_not_found', 'Challenge not found'),
  challengeExpired: (id: string) =>
    error(422, 'mfa_challenge_expired', `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`),
  totpInvalid: () => error(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  factorNameConflict: (name: string) =>
    error(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`),
  tooManyFactors: () => error(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue'),
  insufficientAal: (what: string) => error(422, 'insufficient_aal', `AAL2 required to ${what}`),
  factorTypeDisabled: (type: string) =>
    error(422, `mfa_${type}_enroll_not_enabled`, `MFA enroll is disabled for ${type} factors on the local stack`),
  notFound: (path: string) => error(404, 'not_found', `No auth endpoint at /auth/v1${path.slice(0, 200)}`),
  methodNotAllowed: (method: string, path: string) => error(405, 'method_not_allowed', `${method} is not allowed on /auth/v1${path}`),
  notSupported: (what: string) => error(501, 'not_implemented', `${what} is not supported by the local stack`),
};
