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

const PRODUCT = process.env.PUBLIC_PRODUCT_NAME ?? 'Golazo Arena';
const page = (name: string) => `${name} | ${PRODUCT}`;

export const routes: RouteExpectation[] = [
  { path: '/', title: `${PRODUCT}: Play. Compete. Win Cash Prizes`, h1: 'Play. Compete. Win Cash Prizes', headerActions: true, footer: true },
  { path: '/dashboard', title: page('Dashboard'), h1: `Welcome to ${PRODUCT}`, headerActions: false, footer: false },
  { path: '/tournaments', title: page('Tournaments'), h1: 'Tournaments', headerActions: true, footer: true },
  {
    path: '/tournaments/golazo-june-2025',
    title: `${PRODUCT} Jan to Dec 2025`,
    h1: `${PRODUCT} Jan to Dec 2025`,
    headerActions: true,
    footer: true,
  },
  { path: '/tournaments/champions-jul-2025', title: page('Champions Tour July 2025'), h1: 'Champions Tour July 2025', headerActions: true, footer: true },
  { path: '/tournaments/super_4', title: page('Golazo Super 4'), h1: 'Golazo Super 4', headerActions: true, footer: true },
  { path: '/about', title: page('About Us'), h1: /about/i, headerActions: true, footer: true },
  { path: '/blog', title: page('Player Stories'), h1: 'Player Stories', headerActions: true, footer: true },
  { path: '/our-mission', title: page('Our Mission'), h1: /./, headerActions: true, footer: true },
  { path: '/help-center', title: page('Help Center'), h1: 'Need Help?', headerActions: true, footer: true },
  { path: '/contact', title: page('Contact Us'), h1: /contact/i, headerActions: true, footer: true },
  { path: '/terms-of-service', title: page('Terms of Service'), h1: 'Terms of Service', headerActions: true, footer: true },
  { path: '/privacy-policy', title: page('Privacy Policy'), h1: 'Privacy Policy', headerActions: true, footer: true },
  { path: '/cookies-policy', title: page('Cookies Policy'), h1: 'Cookies Policy', headerActions: true, footer: true },
  {
    path: '/cancellation-refund',
    title: page('Tournament Participation Policy'),
    h1: 'Tournament Participation Policy',
    headerActions: true,
    footer: true,
  },
  {
    path: '/shipping-delivery',
    title: page('Community Services & Access Policy'),
    h1: 'Community Services & Access Policy',
    headerActions: true,
    footer: true,
  },
  { path: '/profile', title: page('Your Profile'), h1: /profile/i, headerActions: true, footer: false, signedIn: true },
  { path: '/my-tournaments', title: page('My Tournaments'), h1: 'My Tournaments', headerActions: true, footer: true, signedIn: true },
  {
    path: '/my-earnings',
    title: page('My Earnings & Statistics'),
    h1: 'My Earnings & Statistics',
    headerActions: true,
    footer: true,
    signedIn: true,
  },
  { path: '/trade', title: page('Trade Center'), h1: 'Trade Center', headerActions: true, footer: true, signedIn: true },
  { path: '/login', title: page('Log in'), h1: /log in|sign in/i, headerActions: true, footer: true },
  { path: '/register', title: page('Register'), h1: /account|register|sign up/i, headerActions: true, footer: true },
];

/** A path no page exists for: the static host serves 404.html. */
export const UNKNOWN_TOURNAMENT = '/tournaments/no-such-cup-2099';
