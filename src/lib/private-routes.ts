/**
 * Screens that only mean something to a signed-in player, from the route table. Search engines are kept
 * out of them (robots.txt) and they are left out of the sitemap.
 */
export { PRIVATE_PATHS as PRIVATE_ROUTES, isPrivateRoute } from './routes';
