/**
 * CORS for the functions a browser calls (razorpay-payment, profile-picture): only the site's own
 * origins may read their answers. With `*`, any page a signed-in player visits could use a token it
 * got hold of from a browser extension or an XSS elsewhere to drive these calls and read the replies.
 *
 * SITE_URL (a function secret) lists the site's origins, comma-separated. The local stack falls back to
 * the dev and preview site on SITE_PORT (default 4321, the project's one setting for the site's port, see
 * src/lib/local-addresses.ts); anywhere else a missing SITE_URL stops the function with an error.
 * Functions only servers call (razorpay-webhook, outbox-worker) send no CORS headers at all.
 */
import { ConfigError, type Env, isLocalStack } from './config.ts';

export const DEFAULT_LOCAL_SITE_PORT = '4321';

/** The dev and preview site's origins on this machine. */
export function localSiteOrigins(env: Env): string[] {
  const port = env('SITE_PORT')?.trim() || DEFAULT_LOCAL_SITE_PORT;
  if (!/^\d{1,5}$/.test(port)) throw new ConfigError(`SITE_PORT must be a port number, not '${port}'`);
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type';

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins allowed to call a browser-facing function, from SITE_URL. */
export function readSiteOrigins(env: Env): ReadonlySet<string> {
  const listed = (env('SITE_URL') ?? '').split(',').filter((entry) => entry.trim() !== '');
  const origins = listed.map((entry) => {
    const origin = originOf(entry);
    if (!origin) throw new ConfigError(`SITE_URL entry '${entry.trim()}' is not an http(s) URL`);
    return origin;
  });
  if (origins.length === 0) {
    if (!isLocalStack(env)) throw new ConfigError('SITE_URL must be set (the site origin browsers call this function from)');
    origins.push(...localSiteOrigins(env));
  }
  return new Set(origins);
}

/**
 * Wraps a handler: answers preflights, and lets the page read the answer only when the request comes
 * from an allowed origin. A foreign origin's preflight is refused, so its browser never sends the call.
 */
export function withSiteCors(allowed: ReadonlySet<string>, handle: (request: Request) => Promise<Response>) {
  return async function handleWithCors(request: Request): Promise<Response> {
    const origin = request.headers.get('origin');
    const fromSite = origin !== null && allowed.has(origin);
    if (request.method === 'OPTIONS') {
      if (!fromSite) return new Response(null, { status: 403, headers: { vary: 'Origin' } });
      return new Response(null, {
        status: 204,
        headers: {
          vary: 'Origin',
          'access-control-allow-origin': origin,
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-max-age': '3600',
        },
      });
    }
    const response = await handle(request);
    const headers = new Headers(response.headers);
    headers.append('vary', 'Origin');
    if (fromSite) headers.set('access-control-allow-origin', origin);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
