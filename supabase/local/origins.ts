/**
 * Which web pages may talk to the local stack, and CORS for them.
 *
 * Browsers attach an `Origin` header to cross-origin requests, so a page on any site could otherwise
 * drive the stack on a developer's machine (sign players in, read the inbox, mark orders paid). Only
 * the site's own origins get CORS answers: the site on SITE_PORT (both loopback names), PUBLIC_SITE_URL
 * and the comma-separated SUPABASE_LOCAL_ALLOWED_ORIGINS. A foreign Origin gets no
 * Access-Control-Allow-Origin, and a request of it that could change state is refused outright.
 * The developer tools (the inbox, the Razorpay double's /test endpoints) answer local callers only:
 * a loopback connection with no Origin (a test runner, curl) or with an allowed origin on this machine.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { projectEnv } from '../../scripts/project-env.ts';
import { localAddresses } from '../../src/lib/local-addresses.ts';
import { sendJson } from './http.ts';

/** Every `/__*` developer tool (the inbox, ...) and the provider doubles' test controls. */
const LOCAL_ONLY_PREFIXES = ['/__', '/razorpay/test/', '/razorpayx/test/', '/push/test/', '/whatsapp/test/'];
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const EXPOSED_HEADERS = 'content-range, content-length, content-type, etag, x-supabase-api-version, location';
const ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, prefer, accept, accept-profile, content-profile, x-upsert, range, x-supabase-api-version, cache-control, x-metadata';

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** No Origin header: not a browser's cross-origin request (curl, tests, server-side code). */
type OriginVerdict = { kind: 'none' } | { kind: 'allowed' | 'foreign'; origin: string };

export class OriginPolicy {
  /** The site's origins (local-addresses.ts) and SUPABASE_LOCAL_ALLOWED_ORIGINS; invalid entries are ignored. */
  private readonly allowed: ReadonlySet<string>;
  constructor(env = projectEnv()) {
    const listed = [...localAddresses(env).siteOrigins, ...(env.SUPABASE_LOCAL_ALLOWED_ORIGINS ?? '').split(',')];
    this.allowed = new Set(listed.map(originOf).filter((origin) => origin !== undefined));
  }

  judge(req: IncomingMessage): OriginVerdict {
    const header = req.headers.origin;
    if (header === undefined) return { kind: 'none' };
    return { kind: this.allowed.has(header) ? 'allowed' : 'foreign', origin: header };
  }

  /**
   * Why the request must be refused before any service sees it, or undefined to let it through.
   * Foreign origins may still read public things (no CORS header lets their page see the answer),
   * but never change state, and never reach the local-only tools.
   */
  refusal(req: IncomingMessage, pathname: string): string | undefined {
    const verdict = this.judge(req);
    if (LOCAL_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      if (!LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? '')) return `${pathname} answers callers on this machine only`;
      if (verdict.kind === 'foreign') return `${pathname} does not answer pages from ${verdict.origin}`;
      if (verdict.kind === 'allowed' && !LOOPBACK_HOSTS.has(new URL(verdict.origin).hostname))
        return `${pathname} answers pages served from this machine only`;
    } else if (verdict.kind === 'foreign' && !READ_ONLY_METHODS.has(req.method ?? 'GET')) {
      return `Origin ${verdict.origin} is not allowed to call the local stack (see SUPABASE_LOCAL_ALLOWED_ORIGINS)`;
    }
    return undefined;
  }
}

/** The origin echoed (never `*`) for allowed origins only; a request without Origin needs none. */
export function applyCors(res: ServerResponse, verdict: OriginVerdict): void {
  res.setHeader('vary', 'Origin');
  if (verdict.kind !== 'allowed') return;
  res.setHeader('access-control-allow-origin', verdict.origin);
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse, verdict: OriginVerdict): void {
  if (verdict.kind === 'foreign') {
    sendJson(res, 403, { message: `Origin ${verdict.origin} is not allowed to call the local stack` });
    return;
  }
  res.writeHead(200, {
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS,
    'access-control-max-age': '3600',
    'content-length': '0',
  });
  res.end();
}
