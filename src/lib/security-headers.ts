/**
 * The site's security headers, in one place (docs/security-headers.md). Two halves, one list of origins:
 *
 * - Astro's own CSP support (`security.csp` in astro.config.mjs) writes a `<meta http-equiv>` policy into every
 *   page with the hashes of the scripts and styles it emits, plus `default-src` and the origins below.
 * - The response headers carry what a meta policy cannot: `frame-ancestors` (only the site itself may frame a
 *   page, except the embeds under /embed/, which any site may frame), HSTS, Referrer-Policy,
 *   Permissions-Policy, and the same origins again. They are written for the static hosts at build time
 *   (scripts/security-headers.mjs: `dist/_headers` for Netlify and Cloudflare Pages, `dist/vercel.json` for
 *   Vercel) and applied by the local preview the end-to-end tests use (scripts/preview.mjs).
 *
 * A browser enforces both policies: a resource must pass each. Origins come from the build's settings (the
 * Supabase project, its websocket for Realtime, the Razorpay checkout script) and Razorpay's checkout, which
 * loads its form in a frame from api.razorpay.com and reports telemetry to lumberjack.razorpay.com.
 */

/** What the policy depends on: where this build's Supabase project and Razorpay checkout script live. */
export type PolicyInputs = { supabaseUrl: string; razorpayCheckoutUrl: string };

/** Razorpay Standard Checkout: its script's host, the frames it opens, what it calls and its images. */
export const RAZORPAY_ORIGINS = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
} as const;

const originOf = (url: string) => new URL(url).origin;
/** The websocket origin of an http(s) origin (Supabase Realtime). */
const websocketOf = (origin: string) => origin.replace(/^http/, 'ws');
const unique = (values: string[]) => [...new Set(values)];

/** The script sources besides Astro's hashes: the site and the Razorpay checkout script (the local double's host locally). */
export function scriptSources(inputs: PolicyInputs): string[] {
  return unique(["'self'", ...RAZORPAY_ORIGINS.script, originOf(inputs.razorpayCheckoutUrl)]);
}

/** A directive and its sources, as Astro's `security.csp.directives` takes them. */
type Directive =
  `${'default-src' | 'connect-src' | 'img-src' | 'frame-src' | 'font-src' | 'worker-src' | 'manifest-src' | 'media-src' | 'object-src' | 'base-uri' | 'form-action'} ${string}`;

/**
 * The directives both policies share, each as `name value…` (no script-src or style-src: Astro writes those
 * with its hashes into the meta policy).
 */
export function sharedDirectives(inputs: PolicyInputs): Directive[] {
  const supabase = originOf(inputs.supabaseUrl);
  const checkout = originOf(inputs.razorpayCheckoutUrl);
  return [
    `connect-src ${unique(["'self'", supabase, websocketOf(supabase), ...RAZORPAY_ORIGINS.connect, checkout]).join(' ')}`,
    `img-src ${unique(["'self'", 'data:', 'blob:', supabase, ...RAZORPAY_ORIGINS.img]).join(' ')}`,
    `frame-src ${unique([...RAZORPAY_ORIGINS.frame, checkout]).join(' ')}`,
    // The display font's subset is inlined as a data: URL (BaseLayout's @font-face).
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}

/** The directives of the meta policy Astro writes (it adds script-src and style-src with the hashes). */
export const metaDirectives = (inputs: PolicyInputs): Directive[] => ["default-src 'self'", ...sharedDirectives(inputs)];

/** Pages any site may frame: the embeds. Every other page may be framed by the site alone. */
export const EMBED_PREFIX = '/embed/';

export type PageKind = 'site' | 'embed';

/** The Content-Security-Policy header of a page of this kind. */
export function headerPolicy(inputs: PolicyInputs, kind: PageKind): string {
  return [...sharedDirectives(inputs), `frame-ancestors ${kind === 'embed' ? '*' : "'self'"}`].join('; ');
}

/** Headers every response carries. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  // Payment for Razorpay's frame only; no camera, microphone, location or the rest for anyone.
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), ' +
    'accelerometer=(), browsing-topics=(), payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")',
};

/**
 * Every header of a page of this kind. `reportOnly` sends the policy as Content-Security-Policy-Report-Only
 * (the first production deploy: the browser reports what it would block and blocks nothing).
 */
export function pageHeaders(inputs: PolicyInputs, kind: PageKind, options: { reportOnly?: boolean } = {}): Record<string, string> {
  return {
    ...COMMON_HEADERS,
    [options.reportOnly ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy']: headerPolicy(inputs, kind),
    // For browsers older than frame-ancestors.
    ...(kind === 'site' ? { 'X-Frame-Options': 'SAMEORIGIN' } : {}),
  };
}

/** Which kind of page a path is. */
export const pageKindOf = (pathname: string): PageKind =>
  pathname === EMBED_PREFIX.slice(0, -1) || pathname.startsWith(EMBED_PREFIX) ? 'embed' : 'site';

/**
 * `_headers` (Netlify, Cloudflare Pages): the common headers on every path, then each page's policy on the
 * paths of its kind. Both hosts combine the headers of every rule a path matches, and join a header named
 * twice, so no path may match two policies: the site's policy is written per top-level path (`sitePaths`,
 * from the built site), never on `/*`.
 */
export function renderHeadersFile(inputs: PolicyInputs, sitePaths: string[], options: { reportOnly?: boolean } = {}): string {
  const block = (path: string, headers: Record<string, string>) =>
    `${path}\n${Object.entries(headers)
      .map(([name, value]) => `  ${name}: ${value}`)
      .join('\n')}\n`;
  const { site, embed } = { site: pageHeaders(inputs, 'site', options), embed: pageHeaders(inputs, 'embed', options) };
  const only = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !(name in COMMON_HEADERS)));
  return [
    '# Written by the build from src/lib/security-headers.ts: edit that file, not this one.',
    block('/*', COMMON_HEADERS),
    ...sitePaths.filter((p) => pageKindOf(p) === 'site').map((p) => block(p, only(site))),
    block('/embed/*', only(embed)),
  ].join('\n');
}

/** `vercel.json` for `vercel deploy dist`: the same headers, the site's policy on every path outside /embed/. */
export function renderVercelConfig(inputs: PolicyInputs, options: { reportOnly?: boolean } = {}): string {
  const list = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));
  const only = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !(name in COMMON_HEADERS)));
  return `${JSON.stringify(
    {
      cleanUrls: false,
      trailingSlash: true,
      headers: [
        { source: '/(.*)', headers: list(COMMON_HEADERS) },
        { source: '/((?!embed/).*)', headers: list(only(pageHeaders(inputs, 'site', options))) },
        { source: '/embed/(.*)', headers: list(only(pageHeaders(inputs, 'embed', options))) },
      ],
    },
    null,
    2,
  )}\n`;
}
