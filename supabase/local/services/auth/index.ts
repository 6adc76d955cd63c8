/**
 * Auth (/auth/v1): the GoTrue endpoints supabase-js calls, with GoTrue's bodies, claims and errors.
 *
 * Signing: access tokens are HS256 with the CLI's well-known secret, like `supabase start` with its
 * default legacy key, so the anon and service-role keys (HS256 with that secret) keep working. GoTrue's
 * JWKS endpoint never publishes a symmetric key (it would give the secret away), so for HS256 it serves
 * `{"keys": []}`; auth-js then verifies HS256 tokens with a GET /user call instead of locally, which is
 * exactly what it does against a hosted project still on the legacy secret.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import { renderSVG } from 'uqr';
import type { Service, ServiceModule, StackContext } from '../../context.ts';
import { BodyTooLargeError, bearerToken, readJson, sendEmpty, sendJson } from '../../http.ts';
import { InvalidJwtError, verifyJwt, type JwtClaims } from '../../keys.ts';
import {
  createEmailUser,
  findSession,
  findUserByEmail,
  findUserById,
  hashOneTimeCode,
  issueRefreshToken,
  listFactors,
  recordAmr,
  sessionJson,
  startSession,
  userJson,
  type FactorRow,
  type SessionRow,
  type UserRow,
} from './accounts.ts';
import { API_VERSION_2024, API_VERSION_HEADER, AuthError, authErrors, requestsApiVersion2024, sendAuthError } from './errors.ts';
import { FailedAttemptThrottle } from './throttle.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';

/** Wrong guesses after which a one-time code is thrown away, so six digits cannot be walked. */
export const MAX_OTP_ATTEMPTS = 5;
/** Wrong sign-in codes an address may send in THROTTLE_WINDOW_MS (across resent codes) before 429. */
export const MAX_FAILED_CODE_VERIFICATIONS = 10;
/** Wrong passwords an address may receive in THROTTLE_WINDOW_MS before 429. */
export const MAX_FAILED_PASSWORD_SIGN_INS = 10;
/** Wrong TOTP codes a factor may receive in THROTTLE_WINDOW_MS before 429. */
export const MAX_FAILED_TOTP_VERIFICATIONS = 5;
export const THROTTLE_WINDOW_MS = 5 * 60_000;
/** GoTrue's default MFA challenge lifetime. */
const CHALLENGE_EXPIRY_SECONDS = 300;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Paths this server answers (with some method): another method there is a 405. */
const ROUTES_SERVED = [/^\/(health|settings|otp|verify|token|user|logout|factors)$/, /^\/\.well-known\/jwks\.json$/, /^\/factors\/[^/]+(\/(challenge|verify))?$/];
/** GoTrue endpoints the product does not use: they answer 501 naming the feature, not 404. */
const GOTRUE_ROUTES_LEFT_OUT = [/^\/(signup|recover|magiclink|resend|invite|reauthenticate|authorize|callback|sso|saml|identities|user\/identities)(\/|$)/];

interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  session: SessionRow;
}

export const authService: ServiceModule = {
  name: 'auth',
  prefix: '/auth/v1',
  create(ctx: StackContext): Service {
    const sessionOptions = { apiUrl: ctx.apiUrl, expirySeconds: ctx.settings.auth.jwtExpirySeconds };
    const { pg } = ctx;
    const codeGuesses = new FailedAttemptThrottle(MAX_FAILED_CODE_VERIFICATIONS, THROTTLE_WINDOW_MS);
    const totpGuesses = new FailedAttemptThrottle(MAX_FAILED_TOTP_VERIFICATIONS, THROTTLE_WINDOW_MS);
    const passwordGuesses = new FailedAttemptThrottle(MAX_FAILED_PASSWORD_SIGN_INS, THROTTLE_WINDOW_MS);

    async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
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
    }

    async function authenticate(req: IncomingMessage): Promise<Authenticated> {
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
    }

    async function sendOneTimeCode(req: IncomingMessage, res: ServerResponse) {
      const input = await body(req);
      const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
      if (typeof input.phone === 'string') throw authErrors.notSupported('Phone sign-in');
      if (!EMAIL_PATTERN.test(email)) throw authErrors.validation('Unable to validate email address: invalid format');
      const createUser = input.create_user !== false;
      const metadata = input.data && typeof input.data === 'object' ? (input.data as Record<string, unknown>) : {};
      const { emailMaxFrequencySeconds: maxFrequency, otpLength } = ctx.settings.auth;

      const delivered = await pg.transaction(async (tx) => {
        let user = await findUserByEmail(tx, email);
        let isNew = false;
        if (!user) {
          if (!createUser || !ctx.settings.auth.enableSignup) throw authErrors.signupsDisabledForOtp();
          user = await createEmailUser(tx, email, metadata);
          isNew = true;
        }
        // As GoTrue: an unconfirmed address gets a signup confirmation code, a confirmed one a
        // sign-in ("magic link") code; each kind counts its own resend limit from its last send
        // (used or not), so signing up and then signing in again at once is fine, a third code is not.
        const tokenType = user.email_confirmed_at ? 'recovery_token' : 'confirmation_token';
        const { rows } = await tx.query<{ age: number }>(
          `select extract(epoch from now() - created_at)::float8 as age from auth.one_time_tokens
           where user_id = $1 and token_type = $2`,
          [user.id, tokenType],
        );
        if (rows[0] && rows[0].age < maxFrequency) throw authErrors.emailRateLimit(Math.max(1, Math.ceil(maxFrequency - rows[0].age)));
        const code = String(randomInt(0, 10 ** otpLength)).padStart(otpLength, '0');
        await tx.query(
          `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
           values ($1, $2, $3, $4)
           on conflict (user_id, token_type) do update
             set token_hash = excluded.token_hash, relates_to = excluded.relates_to, failed_attempts = 0,
                 created_at = now(), updated_at = now()`,
          [user.id, tokenType, hashOneTimeCode(email, code), email],
        );
        return { code, isNew: isNew || !user.email_confirmed_at };
      });
      ctx.inbox.deliver({
        to: email,
        type: delivered.isNew ? 'signup' : 'magiclink',
        subject: delivered.isNew ? 'Confirm your signup' : 'Your sign-in code',
        code: delivered.code,
      });
      sendJson(res, 200, {});
    }

    async function verifyOneTimeCode(req: IncomingMessage, res: ServerResponse) {
      const input = await body(req);
      const type = input.type;
      if (typeof input.token_hash === 'string') throw authErrors.notSupported('Verifying a token hash (email links)');
      if (type !== 'email' && type !== 'signup' && type !== 'magiclink') {
        if (typeof type === 'string') throw authErrors.notSupported(`Verify type "${type}"`);
        throw authErrors.validation('Verify requires a verification type');
      }
      const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
      const code = typeof input.token === 'string' ? input.token.trim() : '';
      if (!email || !code) throw authErrors.validation('Verify requires either a token or a token hash');
      const wait = codeGuesses.retryAfterSeconds(email);
      if (wait > 0) throw authErrors.tooManyAttempts(wait);

      // The outcome of a wrong guess (its counted attempt) must commit even though the request fails,
      // so the transaction returns a verdict instead of throwing.
      const verdict = await pg.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user) return { ok: false as const };
        const { rows } = await tx.query<{ id: string; token_hash: string; age: number; failed_attempts: number }>(
          `select id, token_hash, failed_attempts, extract(epoch from now() - created_at)::float8 as age
           from auth.one_time_tokens
           where user_id = $1 and token_type in ('confirmation_token', 'recovery_token') and token_hash <> ''
           order by created_at desc limit 1 for update`,
          [user.id],
        );
        // The newest live code counts; a used or burnt one keeps its row (token_hash emptied) so the
        // resend limit still counts from it.
        const stored = rows[0];
        if (!stored) return { ok: false as const };
        if (stored.age > ctx.settings.auth.otpExpirySeconds) {
          await tx.query('delete from auth.one_time_tokens where id = $1', [stored.id]);
          return { ok: false as const };
        }
        const expected = Buffer.from(stored.token_hash, 'hex');
        const given = Buffer.from(hashOneTimeCode(email, code), 'hex');
        if (!timingSafeEqual(expected, given)) {
          if (stored.failed_attempts + 1 >= MAX_OTP_ATTEMPTS) {
            await tx.query(`update auth.one_time_tokens set token_hash = '', updated_at = now() where id = $1`, [stored.id]);
          } else {
            await tx.query('update auth.one_time_tokens set failed_attempts = failed_attempts + 1 where id = $1', [stored.id]);
          }
          return { ok: false as const };
        }
        await tx.query(`update auth.one_time_tokens set token_hash = '', updated_at = now() where id = $1`, [stored.id]);
        await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [user.id]);
        const { sessionId, refreshToken } = await startSession(tx, user.id, 'otp');
        return { ok: true as const, session: await sessionJson(tx, user.id, sessionId, refreshToken, sessionOptions) };
      });
      if (!verdict.ok) {
        codeGuesses.fail(email);
        throw authErrors.otpExpired();
      }
      codeGuesses.clear(email);
      sendJson(res, 200, verdict.session);
    }

    async function passwordGrant(input: Record<string, unknown>) {
      const email = typeof input.email === 'string' ? input.email.trim() : '';
      const password = typeof input.password === 'string' ? input.password : '';
      if (typeof input.phone === 'string') throw authErrors.notSupported('Phone sign-in');
      if (!email || !password) throw authErrors.invalidCredentials();
      const key = email.toLowerCase();
      const wait = passwordGuesses.retryAfterSeconds(key);
      if (wait > 0) throw authErrors.tooManyAttempts(wait);
      const user = await findUserByEmail(pg, email);
      if (!user || !user.encrypted_password || !(await bcrypt.compare(password, user.encrypted_password))) {
        passwordGuesses.fail(key);
        throw authErrors.invalidCredentials();
      }
      passwordGuesses.clear(key);
      if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed();
      return pg.transaction(async (tx) => {
        const { sessionId, refreshToken } = await startSession(tx, user.id, 'password');
        return sessionJson(tx, user.id, sessionId, refreshToken, sessionOptions);
      });
    }

    async function refreshGrant(input: Record<string, unknown>) {
      const presented = typeof input.refresh_token === 'string' ? input.refresh_token : '';
      if (!presented) throw authErrors.refreshTokenNotFound();
      const verdict = await pg.transaction(async (tx) => {
        const { rows } = await tx.query<{ user_id: string; session_id: string; revoked: boolean; age: number }>(
          `select user_id, session_id, revoked, extract(epoch from now() - updated_at)::float8 as age
           from auth.refresh_tokens where token = $1 for update`,
          [presented],
        );
        const token = rows[0];
        if (!token) return { error: authErrors.refreshTokenNotFound() };
        if (token.revoked) {
          const { rows: children } = await tx.query<{ token: string }>(
            'select token from auth.refresh_tokens where parent = $1 and revoked = false',
            [presented],
          );
          if (children[0] && token.age <= ctx.settings.auth.refreshTokenReuseSeconds) {
            return { session: await sessionJson(tx, token.user_id, token.session_id, children[0].token, sessionOptions) };
          }
          // A used token presented again outside the reuse window may be stolen: end the session.
          await tx.query('delete from auth.sessions where id = $1', [token.session_id]);
          return { error: authErrors.refreshTokenAlreadyUsed() };
        }
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [presented]);
        await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [token.session_id]);
        const next = await issueRefreshToken(tx, token.user_id, token.session_id, presented);
        return { session: await sessionJson(tx, token.user_id, token.session_id, next, sessionOptions) };
      });
      if ('error' in verdict && verdict.error) throw verdict.error;
      return verdict.session;
    }

    async function token(req: IncomingMessage, res: ServerResponse, url: URL) {
      const grantType = url.searchParams.get('grant_type') ?? '';
      const input = await body(req);
      if (grantType === 'password') return sendJson(res, 200, await passwordGrant(input));
      if (grantType === 'refresh_token') return sendJson(res, 200, await refreshGrant(input));
      throw authErrors.grantTypeUnsupported(grantType || '(none)');
    }

    async function getUser(req: IncomingMessage, res: ServerResponse) {
      const { user } = await authenticate(req);
      sendJson(res, 200, userJson(user, await listFactors(pg, user.id)));
    }

    async function updateUser(req: IncomingMessage, res: ServerResponse) {
      const { user } = await authenticate(req);
      const input = await body(req);
      if (typeof input.email === 'string' && input.email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        throw authErrors.notSupported('Changing the email address');
      }
      if (typeof input.phone === 'string') throw authErrors.notSupported('Changing the phone number');
      if (input.password !== undefined) {
        if (typeof input.password !== 'string' || input.password.length < 6) {
          throw new AuthError(422, 'weak_password', 'Password should be at least 6 characters.');
        }
        await pg.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          user.id,
          await bcrypt.hash(input.password, 10),
        ]);
      }
      if (input.data && typeof input.data === 'object') {
        // GoTrue merges the given keys into user_metadata; a null value removes the key.
        const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) };
        for (const [key, value] of Object.entries(input.data as Record<string, unknown>)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        await pg.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [user.id, merged]);
      }
      const updated = (await findUserById(pg, user.id))!;
      sendJson(res, 200, userJson(updated, await listFactors(pg, user.id)));
    }

    async function logout(req: IncomingMessage, res: ServerResponse, url: URL) {
      const { user, session } = await authenticate(req);
      const scope = url.searchParams.get('scope') ?? 'global';
      if (scope === 'local') await pg.query('delete from auth.sessions where id = $1', [session.id]);
      else if (scope === 'others') await pg.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
      else await pg.query('delete from auth.sessions where user_id = $1', [user.id]);
      sendEmpty(res, 204);
    }

    async function enrollFactor(req: IncomingMessage, res: ServerResponse) {
      const { user, session } = await authenticate(req);
      const input = await body(req);
      const factorType = typeof input.factor_type === 'string' ? input.factor_type : '';
      if (factorType !== 'totp') {
        if (factorType === 'phone' || factorType === 'webauthn') throw authErrors.factorTypeDisabled(factorType);
        throw authErrors.validation('factor_type needs to be totp');
      }
      if (!ctx.settings.auth.totpEnrollEnabled) throw authErrors.factorTypeDisabled('totp');
      const friendlyName = typeof input.friendly_name === 'string' ? input.friendly_name : '';
      const factors = await listFactors(pg, user.id);
      if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') throw authErrors.insufficientAal('enroll a new factor');
      if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) throw authErrors.factorNameConflict(friendlyName);
      if (factors.length >= ctx.settings.auth.maxEnrolledFactors) throw authErrors.tooManyFactors();
      const issuer = typeof input.issuer === 'string' && input.issuer ? input.issuer : new URL(ctx.settings.auth.siteUrl).host;
      const secret = newTotpSecret();
      const uri = totpUri(issuer, user.email ?? user.id, secret);
      const id = randomUUID();
      await pg.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values ($1, $2, $3, 'totp', 'unverified', $4)`,
        [id, user.id, friendlyName, secret],
      );
      // GoTrue sends the bare SVG; auth-js turns it into a data URI for an <img>.
      sendJson(res, 200, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: renderSVG(uri, { border: 1 }), secret, uri } });
    }

    async function ownFactor(userId: string, factorId: string): Promise<FactorRow> {
      const { rows } = await pg.query<FactorRow>('select * from auth.mfa_factors where id::text = $1 and user_id = $2', [factorId, userId]);
      if (!rows[0]) throw authErrors.factorNotFound();
      return rows[0];
    }

    async function challengeFactor(req: IncomingMessage, res: ServerResponse, factorId: string) {
      const { user } = await authenticate(req);
      await body(req);
      const factor = await ownFactor(user.id, factorId);
      const id = randomUUID();
      const { rows } = await pg.query<{ created_at: Date }>(
        'insert into auth.mfa_challenges (id, factor_id, ip_address) values ($1, $2, $3) returning created_at',
        [id, factor.id, req.socket.remoteAddress ?? ''],
      );
      await pg.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
      const expiresAt = Math.floor(new Date(rows[0].created_at).getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS;
      sendJson(res, 200, { id, type: 'totp', expires_at: expiresAt });
    }

    async function verifyFactor(req: IncomingMessage, res: ServerResponse, factorId: string) {
      const { user, session } = await authenticate(req);
      const input = await body(req);
      const factor = await ownFactor(user.id, factorId);
      if (!ctx.settings.auth.totpVerifyEnabled) throw authErrors.notSupported('Verifying TOTP factors (disabled in config.toml)');
      const challengeId = typeof input.challenge_id === 'string' ? input.challenge_id : '';
      const code = typeof input.code === 'string' ? input.code.trim() : '';
      const { rows } = await pg.query<{ id: string; verified_at: Date | null; age: number }>(
        `select id, verified_at, extract(epoch from now() - created_at)::float8 as age
         from auth.mfa_challenges where id::text = $1 and factor_id = $2`,
        [challengeId, factor.id],
      );
      const challenge = rows[0];
      if (!challenge || challenge.verified_at) throw authErrors.challengeNotFound();
      if (challenge.age > CHALLENGE_EXPIRY_SECONDS) {
        await pg.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
        throw authErrors.challengeExpired(challenge.id);
      }
      const wait = totpGuesses.retryAfterSeconds(factor.id);
      if (wait > 0) throw authErrors.tooManyAttempts(wait);
      if (!verifyTotp(factor.secret, code)) {
        totpGuesses.fail(factor.id);
        throw authErrors.totpInvalid();
      }
      totpGuesses.clear(factor.id);
      const result = await pg.transaction(async (tx) => {
        await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
        await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
        await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [session.id, factor.id]);
        await recordAmr(tx, session.id, 'totp');
        // The stepped-up session gets a fresh refresh token; older ones must not mint aal2 tokens later.
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [session.id]);
        const refreshToken = await issueRefreshToken(tx, user.id, session.id, null);
        return sessionJson(tx, user.id, session.id, refreshToken, sessionOptions);
      });
      sendJson(res, 200, result);
    }

    async function unenrollFactor(req: IncomingMessage, res: ServerResponse, factorId: string) {
      const { user, session } = await authenticate(req);
      const factor = await ownFactor(user.id, factorId);
      if (factor.status === 'verified' && session.aal !== 'aal2') throw authErrors.insufficientAal('unenroll verified factor');
      await pg.transaction(async (tx) => {
        await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
        await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
      });
      sendJson(res, 200, { id: factor.id });
    }

    function settings(res: ServerResponse) {
      // Only email sign-in works offline: OAuth providers need their servers, so none is offered
      // even where config.toml enables one for hosted projects.
      sendJson(res, 200, {
        external: {
          anonymous_users: false, apple: false, azure: false, bitbucket: false, discord: false, email: true,
          facebook: false, figma: false, github: false, gitlab: false, google: false, keycloak: false,
          kakao: false, linkedin: false, linkedin_oidc: false, notion: false, phone: false, slack: false,
          slack_oidc: false, spotify: false, twitch: false, twitter: false, workos: false, zoom: false,
        },
        disable_signup: !ctx.settings.auth.enableSignup,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
    }

    async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
      const path = url.pathname.slice('/auth/v1'.length) || '/';
      const method = req.method ?? 'GET';
      if (requestsApiVersion2024(req)) res.setHeader(API_VERSION_HEADER, API_VERSION_2024);
      if (method === 'GET' && path === '/health') return sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
      if (method === 'GET' && path === '/settings') return settings(res);
      if (method === 'GET' && path === '/.well-known/jwks.json') {
        return sendJson(res, 200, { keys: [] }, { 'cache-control': 'public, max-age=600' });
      }
      if (method === 'POST' && path === '/otp') return sendOneTimeCode(req, res);
      if (method === 'POST' && path === '/verify') return verifyOneTimeCode(req, res);
      if (method === 'POST' && path === '/token') return token(req, res, url);
      if (method === 'GET' && path === '/user') return getUser(req, res);
      if (method === 'PUT' && path === '/user') return updateUser(req, res);
      if (method === 'POST' && path === '/logout') return logout(req, res, url);
      if (method === 'POST' && path === '/factors') return enrollFactor(req, res);
      const factorPath = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(path);
      if (factorPath) {
        const [, factorId, action] = factorPath;
        if (method === 'POST' && action === 'challenge') return challengeFactor(req, res, factorId);
        if (method === 'POST' && action === 'verify') return verifyFactor(req, res, factorId);
        if (method === 'DELETE' && !action) return unenrollFactor(req, res, factorId);
      }
      if (path.startsWith('/admin')) throw authErrors.notSupported('The auth admin API');
      if (ROUTES_SERVED.some((route) => route.test(path))) throw authErrors.methodNotAllowed(method, path);
      if (GOTRUE_ROUTES_LEFT_OUT.some((route) => route.test(path))) throw authErrors.notSupported(`${method} /auth/v1${path}`);
      throw authErrors.notFound(path);
    }

    return {
      async handle(req, res, url) {
        try {
          await route(req, res, url);
        } catch (error) {
          if (error instanceof AuthError) return sendAuthError(req, res, error);
          throw error;
        }
      },
    };
  },
};
