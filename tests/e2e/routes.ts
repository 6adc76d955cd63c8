/**
 * Every route of the product with what a visitor must see: the document title, the one h1,
 * and the shell rules (header actions, footer). Test files import this table so a new
 * page is covered by the route, shell and accessibility checks as soon as it exists.
 */
export type RouteExpectation = {
  path: string;
  /** The whole <title>. */
  title: string;
  /** The page's only h1 (text or pattern). */
  h1: string | RegExp;
  /** 'Register Here' and the mobile menu button show. */
  headerActions: boolean;
  footer: boolean;
  /** Signed-in screens: a signed-out visitor may be sent to /login, so check the served HTML. */
  signedIn?: boolean;
};

import { ALL_ROUTES, ROUTES, type RouteName } from '../../src/lib/routes.ts';
import { localePath } from '../../src/lib/i18n/lang.ts';
import { catalog } from './helpers/catalog.ts';

const PRODUCT = process.env.PUBLIC_PRODUCT_NAME ?? 'Golazo Arena';
const page = (name: string) => `${name} | ${PRODUCT}`;

/** A table route with what the page must show; path, title and shell rules come from the table. */
const fromTable = (name: RouteName, h1: string | RegExp, title = page(ROUTES[name].title)): RouteExpectation => {
  const route = ROUTES[name];
  return {
    path: route.path,
    title,
    h1,
    headerActions: route.headerActions,
    footer: route.footer,
    ...(route.access === 'private' ? { signedIn: true } : {}),
  };
};
const tournamentPage = (path: string, title: string, h1: string): RouteExpectation => ({
  path,
  title,
  h1,
  headerActions: true,
  footer: true,
});

export const routes: RouteExpectation[] = [
  fromTable('home', 'Play. Compete. Win Cash Prizes', `${PRODUCT}: Play. Compete. Win Cash Prizes`),
  fromTable('dashboard', `Welcome to ${PRODUCT}`),
  fromTable('tournaments', 'Tournaments'),
  tournamentPage('/tournaments/champions-dec-2026', page('Champions Tour December 2026'), 'Champions Tour December 2026'),
  tournamentPage('/tournaments/champions-jan-2027', page('Champions Tour January 2027'), 'Champions Tour January 2027'),
  tournamentPage('/tournaments/super_4', page('Golazo Super 4'), 'Golazo Super 4'),
  fromTable('about', /about/i),
  fromTable('blog', 'Player Stories'),
  fromTable('ourMission', /./),
  fromTable('helpCenter', 'Need Help?'),
  fromTable('verifyDraw', 'How to verify a draw'),
  fromTable('contact', /contact/i),
  fromTable('termsOfService', 'Terms of Service'),
  fromTable('privacyPolicy', 'Privacy Policy'),
  fromTable('cookiesPolicy', 'Cookies Policy'),
  fromTable('cancellationRefund', 'Tournament Participation Policy'),
  fromTable('shippingDelivery', 'Community Services & Access Policy'),
  fromTable('profile', /profile/i),
  fromTable('myTournaments', 'My Tournaments'),
  fromTable('myEarnings', 'My Earnings & Statistics'),
  fromTable('trade', 'Trade Center'),
  fromTable('leaderboard', 'Leaderboard'),
  // Without ?id= the player shell says no player has this link, under its own h1.
  fromTable('player', 'Player'),
  // Without ?id= the match shell says no match has this link, under its own h1.
  fromTable('match', 'Match'),
  // Without ?id= the edition shell says the link names no edition, under its own h1.
  fromTable('edition', 'No such edition'),
  // Without ?token= the invitation page says the link is missing, under its own h1.
  fromTable('invite', 'Your invitation'),
  // Private, but it tells a signed-out visitor it is for staff (with a sign-in link) instead of redirecting.
  { ...fromTable('staff', 'Staff console'), signedIn: false },
  fromTable('grievance', 'File a grievance'),
  fromTable('login', /log in|sign in/i),
  fromTable('register', /account|register|sign up/i),
];

/** A path no page exists for: the static host serves 404.html. */
export const UNKNOWN_TOURNAMENT = '/tournaments/no-such-cup-2099';

/** How many entries the tournament catalog has (one JSON file each): every list shows them all. */
export const CATALOG_SIZE = catalog.length;

/**
 * Every route's Hindi twin (all but the staff console) and a tournament page of each kind: each must answer
 * under /hi/ in Hindi and link back to its English page (tests/e2e/hindi.spec.ts).
 */
export const hindiRoutes: { path: string; english: string }[] = [
  ...ALL_ROUTES.filter((route) => route.localized !== false).map((route) => route.path),
  '/tournaments/champions-dec-2026',
  '/tournaments/super_4',
].map((english) => ({ path: localePath(english, 'hi'), english }));
