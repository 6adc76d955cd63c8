/**
 * Where the site and the local Supabase answer on a developer's machine, derived from one setting each:
 *
 * - `SITE_PORT` (default 4321): the port `astro dev`, `astro preview`, the end-to-end tests and the
 *   screenshots serve the site on. The site's default public URL, the origins the local stack and the
 *   functions answer, and every test's base URL follow it.
 * - `SUPABASE_LOCAL_PORT` (default 54321): the port the local stack listens on; the site's default
 *   Supabase URL (and with it the Razorpay test double's `checkout.js`) follows it.
 * - `PUBLIC_SUPABASE_URL`: the local stack under another URL (e.g. `http://localhost:60000`). The site
 *   calls that URL, and when it names this machine the local stack listens on its port and announces it.
 *
 * Pure (no `process`, no files): the site's settings, the Astro, Playwright and stack configurations
 * and the scripts all pass in their environment, so they can never disagree.
 */
export const DEFAULT_SITE_PORT = 4321;
export const DEFAULT_STACK_PORT = 54321;

export type EnvRecord = Record<string, string | undefined>;

export interface LocalAddresses {
  /** The port the site is served on locally (SITE_PORT). */
  sitePort: number;
  /** The site as tools on this machine open it: `http://127.0.0.1:<sitePort>`. */
  siteUrl: string;
  /** The site's public origin: PUBLIC_SITE_URL, else `http://localhost:<sitePort>`. */
  publicSiteUrl: string;
  /** The origins the site's pages come from locally: both loopback names on the site port and the public origin. */
  siteOrigins: string[];
  /** The port the local stack listens on. */
  stackPort: number;
  /** The Supabase URL the site and the tools call: PUBLIC_SUPABASE_URL, else `http://127.0.0.1:<stackPort>`. */
  stackUrl: string;
  /** Whether stackUrl names this machine (the embedded local stack rather than a hosted project). */
  stackIsLocal: boolean;
}

export class LocalAddressError extends Error {}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function setting(env: EnvRecord, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function port(env: EnvRecord, name: string): number | undefined {
  const value = setting(env, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > 65_535) {
    throw new LocalAddressError(`${name} must be a port number from 1 to 65535, not '${value}'`);
  }
  return parsed;
}

function url(env: EnvRecord, name: string): URL | undefined {
  const value = setting(env, name);
  if (value === undefined) return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed;
  } catch {
    // reported below
  }
  throw new LocalAddressError(`${name} must be an http(s) URL, not '${value}'`);
}

/** Whether the URL names this machine. */
export function isLoopbackUrl(value: string | URL): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(value).hostname);
  } catch {
    return false;
  }
}

/** The port a URL reaches (its explicit port, else its scheme's). */
function portOf(value: URL): number {
  return value.port ? Number(value.port) : value.protocol === 'https:' ? 443 : 80;
}

export function localAddresses(env: EnvRecord): LocalAddresses {
  const sitePort = port(env, 'SITE_PORT') ?? DEFAULT_SITE_PORT;
  const publicSite = url(env, 'PUBLIC_SITE_URL');
  const publicSiteUrl = publicSite ? publicSite.origin : `http://localhost:${sitePort}`;
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const siteOrigins = [...new Set([`http://localhost:${sitePort}`, siteUrl, publicSiteUrl])];

  const givenStackPort = port(env, 'SUPABASE_LOCAL_PORT');
  const givenStackUrl = url(env, 'PUBLIC_SUPABASE_URL');
  const stackIsLocal = givenStackUrl === undefined || isLoopbackUrl(givenStackUrl);
  if (givenStackUrl && stackIsLocal && givenStackPort !== undefined && portOf(givenStackUrl) !== givenStackPort) {
    throw new LocalAddressError(
      `PUBLIC_SUPABASE_URL (${givenStackUrl.origin}) and SUPABASE_LOCAL_PORT (${givenStackPort}) disagree: set only one of them`,
    );
  }
  const stackPort = givenStackPort ?? (givenStackUrl && stackIsLocal ? portOf(givenStackUrl) : DEFAULT_STACK_PORT);
  const stackUrl = givenStackUrl ? givenStackUrl.origin : `http://127.0.0.1:${stackPort}`;

  return { sitePort, siteUrl, publicSiteUrl, siteOrigins, stackPort, stackUrl, stackIsLocal };
}
