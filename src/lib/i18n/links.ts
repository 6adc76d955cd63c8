/**
 * Links between the route table and the two languages, for pages at build time (kept out of routes.ts,
 * which islands carry: every byte there is on every signed-in page).
 */
import { normalisePath, PRIVATE_PATHS, type Route, routeFor } from '../routes';
import { type Lang, localePath } from './lang';

/**
 * A link to a table route (or tournament page) from a page in `lang`: its Hindi twin under /hi/, except for
 * a route that stays English (the staff console). Query and fragment are kept.
 */
export function hrefIn(path: string, lang: Lang): string {
  const route = routeFor(path.replace(/[?#].*$/, ''));
  return route?.localized === false ? path : localePath(path, lang);
}

/** Every path a route answers at: its English path, and its Hindi twin when it has one. */
export function pathsOf(route: Pick<Route, 'path' | 'localized'>): string[] {
  return route.localized === false ? [route.path] : [route.path, normalisePath(localePath(route.path, 'hi'))];
}

/** The private screens in both languages (robots.txt, the build's data-layer preloads). */
export const PRIVATE_PATHS_BOTH_LANGUAGES: readonly string[] = PRIVATE_PATHS.flatMap((path) => pathsOf(routeFor(path) ?? { path }));
