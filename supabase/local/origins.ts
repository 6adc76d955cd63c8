/**
 * Which web pages may talk to the local stack.
 *
 * Browsers attach an `Origin` header to cross-origin requests, so a page on any site could otherwise
 * drive the stack on a developer's machine (sign players in, read the inbox, mark orders paid). Only
 * the site's own origins get CORS answers: the dev/preview site on :4321, PUBLIC_SITE_URL, and the
 * comma-separated SUPABASE_LOCAL_ALLOWED_ORIGINS. A request with a foreign Origin gets no
 * Access-Control-Allow-Origin, and one that could change state is refused outright.
 *
 * The developer tools (the inbox, the Razorpay double's /test endpoints) answer local callers only:
 * a loopback connection with no Origin (a test runner, curl) or with an allowed origin on this machine.
 */
import type { IncomingMessage } from 'node:http';

export const DEFAULT_SITE_ORIGINS = ['http://localhost:4321', 'http://127.0.0.1:4321'];

/** Paths that only local callers may use: every `/__*` developer tool (the inbox, ...) and the Razorpay double's test controls. */
const LOCAL_ONLY_PREFIXES = ['/__', '/razorpay/test/'];

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The allowed origins, from the defaults and the environment (invalid entries are ignored). */
export function allowedOrigins(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const listed = [...DEFAULT_SITE_ORIGINS, env.PUBLIC_SITE_URL ?? '', ...(env.SUPABASE_LOCAL_ALLOWED_ORIGINS ?? '').split(',')];
  return new Set(listed.map(originOf).filter((origin): origin is string => origin !== undefined));
}

export type OriginVerdict =
  /** No Origin header: not a browser's cross-origin request (curl, tests, server-side code). */
  { kind: 'none' } | { kind: 'allowed'; origin: string } | { kind: 'foreign'; origin: string };

export class OriginPolicy {
  readonly allowed: ReadonlySet<string>;
  constructor(allowed: ReadonlySet<string> = allowedOrigins()) {
    this.allowed = allowed;
  }

  judge(req: IncomingMessage): OriginVerdict {
    const header = req.headers.origin;
    if (header === undefined) return { kind: 'none' };
    const origin = Array.isArray(header) ? header[0] : header;
    return this.allowed.has(origin) ? { kind: 'allowed', origin } : { kind: 'foreign', origin };
  }

  /**
   * Why the request must be refused before any service sees it, or undefined to let it through.
   * Foreign origins may still read public things (no CORS header lets their page see the answer),
   * but never change state, and never reach the local-only tools.
   */
  refusal(req: IncomingMessage, pathname: string): string | undefined {
    const verdict = this.judge(req);
    if (LOCAL_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      if (!isLoopback(req)) return `${pathname} answers callers on this machine only`;
      if (verdict.kind === 'foreign') return `${pathname} does not answer pages from ${verdict.origin}`;
      if (verdict.kind === 'allowed' && !isLocalOrigin(verdict.origin)) return `${pathname} answers pages served from this machine only`;
      return undefined;
    }
    if (verdict.kind === 'foreign' && !READ_ONLY_METHODS.has(req.method ?? 'GET')) {
      return `Origin ${verdict.origin} is not allowed to call the local stack (see SUPABASE_LOCAL_ALLOWED_ORIGINS)`;
    }
    return undefined;
  }
}

function isLoopback(req: IncomingMessage): boolean {
  return LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? '');
}

function isLocalOrigin(origin: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(origin).hostname);
}
