/**
 * The way back from the profile: a page that sends a player to complete it (a pod's pay panel, an
 * invitation) names itself in `?next=`, and the profile returns there after saving. Only a page of this
 * site is carried ({@link safeReturnPath}).
 */
import { ROUTES, routeFor, safeReturnPath } from './routes';

/**
 * The profile, opened from another page (a pod's pay panel, an invitation) to complete it: `?next=` names
 * the page to return to after saving. Only a site path is carried (see {@link safeReturnPath}); anything
 * else opens the profile plainly.
 */
export function profileHref(returnTo?: string | null): string {
  const back = profileReturnPath(returnTo ? `?next=${encodeURIComponent(returnTo)}` : '');
  return back ? `${ROUTES.profile.path}?next=${encodeURIComponent(back)}` : ROUTES.profile.path;
}

/**
 * Where the profile returns after saving, from its page's query string: a site path of the route table
 * other than the profile itself, or null (no `next`, or one that is not a page of this site).
 */
export function profileReturnPath(search: string): string | null {
  const raw = new URLSearchParams(search).get('next');
  if (!raw) return null;
  // An empty fallback marks a refused value.
  const path = safeReturnPath(raw, '');
  return path === '' || routeFor(new URL(path, 'https://golazo.invalid').pathname) === ROUTES.profile ? null : path;
}
