/**
 * What every Auth endpoint is given: the database, config.toml's auth settings, the guess throttles,
 * and the readers of the request's body and of its signed-in caller, with GoTrue's errors.
 */
import type { IncomingMessage } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type { AuthSettings } from '../../config.ts';
import type { StackContext } from '../../context.ts';
import { BodyTooLargeError, bearerToken, readJson } from '../../http.ts';
import type { Inbox } from '../../inbox.ts';
import { InvalidJwtError, verifyJwt, type JwtClaims } from '../../keys.ts';
import { authErrors } from './errors.ts';
import { FailedAttemptThrottle } from './throttle.ts';
import { findSession, type SessionOptions, type SessionRow } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

/** Wrong sign-in codes an address may send in THROTTLE_WINDOW_MS (across resent codes) before 429. */
export const MAX_FAILED_CODE_VERIFICATIONS = 10;
/** Wrong passwords an address may receive in THROTTLE_WINDOW_MS before 429. */
export const MAX_FAILED_PASSWORD_SIGN_INS = 10;
/** Wrong TOTP codes a factor may receive in THROTTLE_WINDOW_MS before 429. */
export const MAX_FAILED_TOTP_VERIFICATIONS = 5;
export const THROTTLE_WINDOW_MS = 5 * 60_000;

export interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  session: SessionRow;
}

export interface AuthContext {
  pg: PGlite;
  settings: AuthSettings;
  sessionOptions: SessionOptions;
  inbox: Inbox;
  guesses: { code: FailedAttemptThrottle; password: FailedAttemptThrottle; totp: FailedAttemptThrottle };
  /** The JSON object body; anything else answers GoTrue's bad_json. */
  body(req: IncomingMessage): Promise<Record<string, unknown>>;
  /** The signed-in caller of a bearer token whose user and session still exist. */
  authenticate(req: IncomingMessage): Promise<Authenticated>;
}

export function createAuthContext(ctx: StackContext): AuthContext {
  const { pg } = ctx;
  return {
    pg,
    settings: ctx.settings.auth,
    sessionOptions: { apiUrl: ctx.apiUrl, expirySeconds: ctx.settings.auth.jwtExpirySeconds },
    inbox: ctx.inbox,
    guesses: {
      code: new FailedAttemptThrottle(MAX_FAILED_CODE_VERIFICATIONS, THROTTLE_WINDOW_MS),
      password: new FailedAttemptThrottle(MAX_FAILED_PASSWORD_SIGN_INS, THROTTLE_WINDOW_MS),
      totp: new FailedAttemptThrottle(MAX_FAILED_TOTP_VERIFICATIONS, THROTTLE_WINDOW_MS),
    },
    async body(req) {
      let parsed: unknown;
      try {
        parsed = await readJson(req);
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw authErrors.tooLarge();
        throw authErrors.badJson();
      }
      // GoTrue reads every body into an object: an array, a string or null is as unreadable as bad JSON.
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw authErrors.badJson();
      return parsed as Record<string, unknown>;
    },
    async authenticate(req) {
      const token = bearerToken(req);
      if (!token) throw authErrors.noAuthorization();
      let claims: JwtClaims;
      try {
        claims = await verifyJwt(token);
      } catch (error) {
        throw authErrors.badJwt(error instanceof InvalidJwtError && error.expired ? 'token is expired' : 'signature is invalid');
      }
      if (typeof claims.sub !== 'string' || claims.sub === '') throw authErrors.missingSub();
      const user = await findUserById(pg, claims.sub);
      if (!user) throw authErrors.userNotFound();
      const session = typeof claims.session_id === 'string' ? await findSession(pg, claims.session_id) : undefined;
      if (!session) throw authErrors.sessionNotFound();
      return { claims, user, session };
    },
  };
}
