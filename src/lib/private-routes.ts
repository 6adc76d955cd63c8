/**
 * Screens that only mean something to a signed-in player. Search engines are kept out of them
 * (robots.txt) and they are left out of the sitemap.
 */
export const PRIVATE_ROUTES = ['/profile', '/my-tournaments', '/my-earnings', '/trade'] as const;

/** Whether a pathname (with or without a trailing slash) is one of the private screens. */
export function isPrivateRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PRIVATE_ROUTES as readonly string[]).includes(path);
}
