/**
 * The site's two languages and where each page lives in them. English is unprefixed (`/about`), Hindi
 * is the same path under `/hi/` (`/hi/about`), as astro.config.mjs's `i18n` block says. Every page but
 * the staff console exists in both; a page file renders both from one source with {@link langStaticPaths}.
 */

export const LANGS = ['en', 'hi'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** `<html lang>` and the text's language: Indian English, and Hindi. */
export const HTML_LANG: Record<Lang, string> = { en: 'en-IN', hi: 'hi' };
/** `hreflang` of each language's twin (and the sitemap's alternates). */
export const HREFLANG: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN' };

const HINDI_PREFIX = '/hi';

/** The language a path is in: `/hi` and `/hi/...` are Hindi, everything else English. */
export function langOfPath(pathname: string): Lang {
  return pathname === HINDI_PREFIX || pathname.startsWith(`${HINDI_PREFIX}/`) ? 'hi' : 'en';
}

/** The path without its language prefix: `/hi/about` → `/about`, `/hi/` → `/`. */
export function unprefixedPath(pathname: string): string {
  if (langOfPath(pathname) === 'en') return pathname;
  const rest = pathname.slice(HINDI_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/**
 * An English path in `lang`: `/about` → `/hi/about`, `/` → `/hi/`. Query and fragment are kept. A path
 * already in a language is moved to the other one, so links built from the route table stay right.
 */
export function localePath(path: string, lang: Lang): string {
  const [, pathname = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(path) ?? [];
  const english = unprefixedPath(pathname);
  if (lang === 'en') return `${english}${rest}`;
  return `${HINDI_PREFIX}${english === '/' ? '/' : english}${rest}`;
}

/** The same page in the other language (the language switch's link). */
export function twinPath(pathname: string): string {
  return localePath(pathname, langOfPath(pathname) === 'hi' ? 'en' : 'hi');
}

/**
 * `getStaticPaths` of a page that exists in both languages: `[...lang]` is empty for English and `hi`
 * for Hindi. Pages with their own parameters spread each language over their own paths.
 */
export function langStaticPaths(): { params: { lang: string | undefined } }[] {
  return LANGS.map((lang) => ({ params: { lang: lang === DEFAULT_LANG ? undefined : lang } }));
}

/** The language a page's `[...lang]` parameter names (anything else fails the build). */
export function langOfParam(param: string | undefined): Lang {
  if (param === undefined || param === '') return DEFAULT_LANG;
  if (param === 'hi') return 'hi';
  throw new Error(`Unknown language segment '${param}'`);
}
