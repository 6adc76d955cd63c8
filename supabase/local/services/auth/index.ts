/**
 * Auth (/auth/v1): the GoTrue endpoints supabase-js calls, with GoTrue's bodies, claims and errors.
 *
 * This module routes and gives every endpoint its AuthContext (body and caller readers, throttles);
 * otp.ts sends and checks e-mail codes, sessions.ts signs in with passwords, rotates refresh tokens and
 * signs access tokens, users.ts answers /user, factors.ts handles TOTP (totp.ts).
 *
 * Signing: access tokens are HS256 with the CLI's well-known secret, like `supabase start` with its
 * default legacy key, so the anon and service-role keys (HS256 with that secret) keep working. GoTrue's
 * JWKS endpoint never publishes a symmetric key (it would give the secret away), so for HS256 it serves
 * `{"keys": []}`; auth-js then verifies HS256 tokens with a GET /user call instead of locally, which is
 * exactly what it does against a hosted project still on the legacy secret.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, bearerToken, readJson, sendJson } from '../../http.ts';
import { InvalidJwtError, verifyJwt } from '../../keys.ts';
import type { ServiceModule } from '../../service.ts';
import type { AuthContext } from './context.ts';
import { AuthError, apiVersionHeaders, authErrors, sendAuthError } from './errors.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './factors.ts';
import { sendOneTimeCode, verifyOneTimeCode } from './otp.ts';
import { findSession, logout, token } from './sessions.ts';
import { FailedAttemptThrottle } from './throttle.ts';
import { findUserById, getUser, updateUser } from './users.ts';

export { MAX_OTP_ATTEMPTS } from './otp.ts';
/** Wrong sign-in codes an address may send in THROTTLE_WINDOW_MS (across resent codes) before 429. */
export const MAX_FAILED_CODE_VERIFICATIONS = 10;
/** Wrong passwords an address may receive in THROTTLE_WINDOW_MS before 429. */
export const MAX_FAILED_PASSWORD_SIGN_INS = 10;
/** Wrong TOTP codes a factor may receive in THROTTLE_WINDOW_MS before 429. */
export const MAX_FAILED_TOTP_VERIFICATIONS = 5;
const THROTTLE_WINDOW_MS = 5 * 60_000;

/** Paths this server answers (with some method): another method there is a 405. */
const ROUTES_SERVED =
  /^\/((health|settings|otp|verify|token|user|logout|factors)|\.well-known\/jwks\.json|factors\/[^/]+(\/(challenge|verify))?)$/;
/** GoTrue endpoints the product does not use: they answer 501 naming the feature, not 404. */
const GOTRUE_ROUTES_LEFT_OUT =
  /^\/(signup|recover|magiclink|resend|invite|reauthenticate|authorize|callback|sso|saml|identities|user\/identities)(\/|$)/;
/** GoTrue's list of sign-in providers: only email works offline (OAuth needs the providers' servers). */
const PROVIDERS =
  'anonymous_users apple azure bitbucket discord email facebook figma github gitlab google keycloak kakao linkedin linkedin_oidc notion phone slack slack_oidc spotify twitch twitter workos zoom';

async function route(auth: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname.slice('/auth/v1'.length) || '/';
  const method = req.method ?? 'GET';
  const factor = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(path);
  switch (`${method} ${factor ? `/factors/{id}${factor[2] ? `/${factor[2]}` : ''}` : path}`) {
    case 'GET /health':
      return sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
    case 'GET /settings':
      return sendJson(res, 200, {
        external: Object.fromEntries(PROVIDERS.split(' ').map((provider) => [provider, provider === 'email'])),
        disable_signup: !auth.settings.enableSignup,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
    case 'GET /.well-known/jwks.json':
      return sendJson(res, 200, { keys: [] }, { 'cache-control': 'public, max-age=600' });
    case 'POST /otp':
      return sendOneTimeCode(auth, req, res);
    case 'POST /verify':
      return verifyOneTimeCode(auth, req, res);
    case 'POST /token':
      return token(auth, req, res, url);
    case 'GET /user':
      return getUser(auth, req, res);
    case 'PUT /user':
      return updateUser(auth, req, res);
    case 'POST /logout':
      return logout(auth, req, res, url);
    case 'POST /factors':
      return enrollFactor(auth, req, res);
    case 'POST /factors/{id}/challenge':
      return challengeFactor(auth, req, res, factor?.[1] ?? '');
    case 'POST /factors/{id}/verify':
      return verifyFactor(auth, req, res, factor?.[1] ?? '');
    case 'DELETE /factors/{id}':
      return unenrollFactor(auth, req, res, factor?.[1] ?? '');
  }
  if (path.startsWith('/admin')) throw authErrors.notSupported('The auth admin API');
  if (ROUTES_SERVED.test(path)) throw authErrors.methodNotAllowed(method, path);
  if (GOTRUE_ROUTES_LEFT_OUT.test(path)) throw authErrors.notSupported(`${method} /auth/v1${path}`);
  throw authErrors.notFound(path);
}

export const authService: ServiceModule = {
  name: 'auth',
  prefix: '/auth/v1',
  create(ctx) {
    const { pg } = ctx;
    const auth: AuthContext = {
      pg,
      settings: ctx.settings.auth,
      apiUrl: ctx.apiUrl,
      inbox: ctx.inbox,
      guesses: {
        code: new FailedAttemptThrottle(MAX_FAILED_CODE_VERIFICATIONS, THROTTLE_WINDOW_MS),
        password: new FailedAttemptThrottle(MAX_FAILED_PASSWORD_SIGN_INS, THROTTLE_WINDOW_MS),
        totp: new FailedAttemptThrottle(MAX_FAILED_TOTP_VERIFICATIONS, THROTTLE_WINDOW_MS),
      },
      async body(req) {
        const parsed = await readJson(req).catch((error) => {
          throw error instanceof BodyTooLargeError ? authErrors.tooLarge() : authErrors.badJson();
        });
        // GoTrue reads every body into an object: an array, a string or null is as unreadable as bad JSON.
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw authErrors.badJson();
        return parsed as Record<string, unknown>;
      },
      async authenticate(req) {
        const token = bearerToken(req);
        if (!token) throw authErrors.noAuthorization();
        const claims = await verifyJwt(token).catch((error) => {
          throw authErrors.badJwt(error instanceof InvalidJwtError && error.expired ? 'token is expired' : 'signature is invalid');
        });
        if (typeof claims.sub !== 'string' || claims.sub === '') throw authErrors.missingSub();
        const user = await findUserById(pg, claims.sub);
        if (!user) throw authErrors.userNotFound();
        const session = typeof claims.session_id === 'string' ? await findSession(pg, claims.session_id) : undefined;
        if (!session) throw authErrors.sessionNotFound();
        return { claims, user, session };
      },
    };
    return {
      async handle(req, res, url) {
        for (const [name, value] of Object.entries(apiVersionHeaders(req))) res.setHeader(name, value);
        try {
          await route(auth, req, res, url);
        } catch (error) {
          if (error instanceof AuthError) return sendAuthError(req, res, error);
          throw error;
        }
      },
    };
  },
};
