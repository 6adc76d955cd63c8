/**
 * Auth (/auth/v1): the GoTrue endpoints supabase-js calls, with GoTrue's bodies, claims and errors.
 *
 * This module routes; request.ts reads bodies and callers, otp.ts sends and checks e-mail codes,
 * sessions.ts signs in with passwords and rotates refresh tokens, users.ts answers /user, factors.ts
 * handles TOTP (totp.ts) and tokens.ts stores sessions and signs access tokens.
 *
 * Signing: access tokens are HS256 with the CLI's well-known secret, like `supabase start` with its
 * default legacy key, so the anon and service-role keys (HS256 with that secret) keep working. GoTrue's
 * JWKS endpoint never publishes a symmetric key (it would give the secret away), so for HS256 it serves
 * `{"keys": []}`; auth-js then verifies HS256 tokens with a GET /user call instead of locally, which is
 * exactly what it does against a hosted project still on the legacy secret.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service, ServiceModule, StackContext } from '../../context.ts';
import { sendJson } from '../../http.ts';
import { API_VERSION_2024, API_VERSION_HEADER, AuthError, authErrors, requestsApiVersion2024, sendAuthError } from './errors.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './factors.ts';
import { sendOneTimeCode, verifyOneTimeCode } from './otp.ts';
import { createAuthContext, type AuthContext } from './request.ts';
import { logout, token } from './sessions.ts';
import { getUser, updateUser } from './users.ts';

export { MAX_OTP_ATTEMPTS } from './otp.ts';
export {
  MAX_FAILED_CODE_VERIFICATIONS,
  MAX_FAILED_PASSWORD_SIGN_INS,
  MAX_FAILED_TOTP_VERIFICATIONS,
  THROTTLE_WINDOW_MS,
} from './request.ts';

/** Paths this server answers (with some method): another method there is a 405. */
const ROUTES_SERVED = [
  /^\/(health|settings|otp|verify|token|user|logout|factors)$/,
  /^\/\.well-known\/jwks\.json$/,
  /^\/factors\/[^/]+(\/(challenge|verify))?$/,
];
/** GoTrue endpoints the product does not use: they answer 501 naming the feature, not 404. */
const GOTRUE_ROUTES_LEFT_OUT = [
  /^\/(signup|recover|magiclink|resend|invite|reauthenticate|authorize|callback|sso|saml|identities|user\/identities)(\/|$)/,
];

function settings(auth: AuthContext, res: ServerResponse) {
  // Only email sign-in works offline: OAuth providers need their servers, so none is offered
  // even where config.toml enables one for hosted projects.
  sendJson(res, 200, {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin: false,
      linkedin_oidc: false,
      notion: false,
      phone: false,
      slack: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    },
    disable_signup: !auth.settings.enableSignup,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

async function route(auth: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname.slice('/auth/v1'.length) || '/';
  const method = req.method ?? 'GET';
  if (requestsApiVersion2024(req)) res.setHeader(API_VERSION_HEADER, API_VERSION_2024);
  if (method === 'GET' && path === '/health')
    return sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
  if (method === 'GET' && path === '/settings') return settings(auth, res);
  if (method === 'GET' && path === '/.well-known/jwks.json') {
    return sendJson(res, 200, { keys: [] }, { 'cache-control': 'public, max-age=600' });
  }
  if (method === 'POST' && path === '/otp') return sendOneTimeCode(auth, req, res);
  if (method === 'POST' && path === '/verify') return verifyOneTimeCode(auth, req, res);
  if (method === 'POST' && path === '/token') return token(auth, req, res, url);
  if (method === 'GET' && path === '/user') return getUser(auth, req, res);
  if (method === 'PUT' && path === '/user') return updateUser(auth, req, res);
  if (method === 'POST' && path === '/logout') return logout(auth, req, res, url);
  if (method === 'POST' && path === '/factors') return enrollFactor(auth, req, res);
  const factorPath = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(path);
  if (factorPath) {
    const [, factorId, action] = factorPath;
    if (method === 'POST' && action === 'challenge') return challengeFactor(auth, req, res, factorId);
    if (method === 'POST' && action === 'verify') return verifyFactor(auth, req, res, factorId);
    if (method === 'DELETE' && !action) return unenrollFactor(auth, req, res, factorId);
  }
  if (path.startsWith('/admin')) throw authErrors.notSupported('The auth admin API');
  if (ROUTES_SERVED.some((route) => route.test(path))) throw authErrors.methodNotAllowed(method, path);
  if (GOTRUE_ROUTES_LEFT_OUT.some((route) => route.test(path))) throw authErrors.notSupported(`${method} /auth/v1${path}`);
  throw authErrors.notFound(path);
}

export const authService: ServiceModule = {
  name: 'auth',
  prefix: '/auth/v1',
  create(ctx: StackContext): Service {
    const auth = createAuthContext(ctx);
    return {
      async handle(req, res, url) {
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
