/**
 * GoTrue's error bodies. Clients that send `X-Supabase-Api-Version: 2024-01-01` (supabase-js does)
 * get `{ code: "<error_code>", msg }` and the version echoed back; older clients get the legacy
 * `{ code: <status>, error_code, msg }`. auth-js reads both.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http.ts';

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  readonly status: number;
  readonly errorCode: string;
  constructor(status: number, errorCode: string, message: string) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.errorCode = errorCode;
  }
}

export function requestsApiVersion2024(req: IncomingMessage): boolean {
  const value = req.headers[API_VERSION_HEADER];
  const version = Array.isArray(value) ? value[0] : value;
  return typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION_2024;
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
  if (requestsApiVersion2024(req)) {
    sendJson(res, error.status, { code: error.errorCode, msg: error.message }, { [API_VERSION_HEADER]: API_VERSION_2024 });
  } else {
    sendJson(res, error.status, { code: error.status, error_code: error.errorCode, msg: error.message });
  }
}

// The errors the local Auth server raises, named as GoTrue names them.
export const authErrors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  signupsDisabledForOtp: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  emailRateLimit: (seconds: number) =>
    new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
  tooManyAttempts: (seconds: number) =>
    new AuthError(429, 'over_request_rate_limit', `Too many attempts: request rate limit reached, try again in ${seconds} seconds`),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  tooLarge: () => new AuthError(413, 'request_too_large', 'The request body is too large'),
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshTokenNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  grantTypeUnsupported: (grantType: string) =>
    new AuthError(400, 'validation_failed', `unsupported_grant_type: ${grantType} is not supported by the local stack`),
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  challengeNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Challenge not found'),
  challengeExpired: (id: string) =>
    new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  totpInvalid: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  factorNameConflict: (name: string) =>
    new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`),
  tooManyFactors: () =>
    new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue'),
  insufficientAal: (what: string) => new AuthError(422, 'insufficient_aal', `AAL2 required to ${what}`),
  factorTypeDisabled: (type: string) =>
    new AuthError(422, `mfa_${type}_enroll_not_enabled`, `MFA enroll is disabled for ${type} factors on the local stack`),
  notFound: (path: string) => new AuthError(404, 'not_found', `No auth endpoint at /auth/v1${path.slice(0, 200)}`),
  methodNotAllowed: (method: string, path: string) =>
    new AuthError(405, 'method_not_allowed', `${method} is not allowed on /auth/v1${path}`),
  notSupported: (what: string) => new AuthError(501, 'not_implemented', `${what} is not supported by the local stack`),
};
