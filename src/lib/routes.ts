/**
 * The one route table: every page a visitor can open, with its title, who it is for, whether search
 * engines index it and which parts of the shell it shows. The header, footer, guards, sitemap, robots.txt,
 * the return-after-sign-in rule and the end-to-end tests all read it, so a route exists in one place.
 * Tournament pages (/tournaments/<id>) come from the catalog and are matched by {@link isTournamentPage}.
 * Every route but the staff console also answers in Hindi under /hi/ (src/lib/i18n/lang.ts): the table
 * holds the English path, and {@link routeFor} finds the same entry for its Hindi twin.
 */

export type Route = {
  path: string;
  /** The page's own name; the layout adds the product name. */
  title: string;
  /** Private screens only mean something to a signed-in player: guarded, never indexed. */
  access: 'public' | 'private';
  /** Listed in the sitemap and open to search engines. */
  indexed: boolean;
  /** The site footer shows (app screens such as the profile form go without). */
  footer: boolean;
  /** The header's links, 'Register Here' and the mobile menu button show. */
  headerActions: boolean;
  /** false: the page stays English, with no twin under /hi/ (the staff console); every other page has one. */
  localized?: false;
};

const publicPage = (path: string, title: string, shell: Partial<Route> = {}): Route => ({
  path,
  title,
  access: 'public',
  indexed: true,
  footer: true,
  headerActions: true,
  ...shell,
});
const privatePage = (path: string, title: string, shell: Partial<Route> = {}): Route =>
  publicPage(path, title, { access: 'private', indexed: false, ...shell });

export const ROUTES = {
  home: publicPage('/', 'Play. Compete. Win Cash Prizes'),
  dashboard: publicPage('/dashboard', 'Dashboard'),
  tournaments: publicPage('/tournaments', 'Tournaments'),
  about: publicPage('/about', 'About Us'),
  blog: publicPage('/blog', 'Player Stories'),
  ourMission: publicPage('/our-mission', 'Our Mission'),
  helpCenter: publicPage('/help-center', 'Help Center'),
  verifyDraw: publicPage('/help-center/verify-draw', 'How to verify a draw'),
  contact: publicPage('/contact', 'Contact Us'),
  termsOfService: publicPage('/terms-of-service', 'Terms of Service'),
  privacyPolicy: publicPage('/privacy-policy', 'Privacy Policy'),
  cookiesPolicy: publicPage('/cookies-policy', 'Cookies Policy'),
  cancellationRefund: publicPage('/cancellation-refund', 'Tournament Participation Policy'),
  shippingDelivery: publicPage('/shipping-delivery', 'Community Services & Access Policy'),
  // Anyone may file a grievance (a parent, someone without an account); a signed-in player also sees theirs.
  grievance: publicPage('/grievance', 'File a grievance'),
  login: publicPage('/login', 'Log in'),
  register: publicPage('/register', 'Register'),
  profile: privatePage('/profile', 'Your Profile', { footer: false }),
  // Opened by a parent from an e-mailed link; they need no account.
  parentalConsent: publicPage('/parental-consent', "A parent's consent", { indexed: false }),
  // Opened from a "Notify Me" e-mail: confirms the address, or unsubscribes it.
  storyNews: publicPage('/story-news', 'Story news', { indexed: false }),
  myTournaments: privatePage('/my-tournaments', 'My Tournaments'),
  myEarnings: privatePage('/my-earnings', 'My Earnings & Statistics'),
  trade: privatePage('/trade', 'Trade Center'),
  // Pods are created by the database at run time: one static shell reads the id from `?id=`.
  pod: publicPage('/pod', 'Pod', { indexed: false }),
  // Editions of recurring series the database made after the build: one static shell reads `?id=`.
  edition: publicPage('/edition', 'Edition', { indexed: false }),
  // An extra slot's invitation, opened from a shared link or an e-mail: one shell page reads `?token=`.
  invite: publicPage('/invite', 'Your invitation', { indexed: false }),
  // Matches too. Anyone may watch one (players, time, score); the room and the actions are for its two
  // players, which the island and the database check, so the page itself is not guarded.
  match: publicPage('/match', 'Match', { indexed: false }),
  // The season's public ranking, and each ranked player's page (one shell reads the public id from `?id=`).
  leaderboard: publicPage('/leaderboard', 'Leaderboard'),
  player: publicPage('/player', 'Player', { indexed: false }),
  // Referees, organisers and admins; the page itself tells anyone else why there is nothing for them.
  staff: privatePage('/staff', 'Staff console', { localized: false }),
} as const satisfies Record<string, Route>;

/** A pod's stable, shareable link (the shell page never 404s; an unknown id says so on the page). */
export function podHref(podId: string): string {
  return `${ROUTES.pod.path}/?id=${encodeURIComponent(podId)}`;
}

/** An edition's link when it has no pre-rendered page (made after the build; never 404s). */
export function editionHref(editionId: string): string {
  return `${ROUTES.edition.path}/?id=${encodeURIComponent(editionId)}`;
}

/** The link a buyer shares for an extra slot (the shell page reads the token). */
export function invitationHref(token: string): string {
  return `${ROUTES.invite.path}/?token=${encodeURIComponent(token)}`;
}

/** A match's stable, shareable link: `/match/?id=<match id>` (the bracket and My Tournaments link here). */
export function matchHref(matchId: string): string {
  return `${ROUTES.match.path}/?id=${encodeURIComponent(matchId)}`;
}

/** A player's public page: `/player/?id=<public id>` (never the account's user id). */
export function playerHref(playerId: string): string {
  return `${ROUTES.player.path}/?id=${encodeURIComponent(playerId)}`;
}

/** A tournament's page: a championship edition, or a quick series (its rules, prize formula and pods). */
export function tournamentHref(id: string): string {
  return `${ROUTES.tournaments.path}/${id}`;
}

/** Pods are named `<series>-pod-<n>` by the database. */
export const isPodId = (id: string): boolean => /-pod-\d+$/.test(id);

/** An edition of a recurring series (`<series>-<yyyy>-<mm>`): it may have been made after the build. */
const isEditionId = (id: string): boolean => /-\d{4}-(0[1-9]|1[0-2])$/.test(id);

/**
 * Where any tournament id is shown from the database: a pod's shell page, an edition's shell page (which
 * links to the edition's full page when the build has one), or the pre-rendered page of the others.
 */
export function anyTournamentHref(id: string): string {
  if (isPodId(id)) return podHref(id);
  return isEditionId(id) ? editionHref(id) : tournamentHref(id);
}

export type RouteName = keyof typeof ROUTES;

/**
 * The policy pages: one dynamic route (src/pages/[policy].astro) renders each from the `policies` content
 * collection, whose entry's `route` and `title` must match the entry here.
 */
export const POLICY_ROUTE_NAMES = ['termsOfService', 'privacyPolicy', 'cookiesPolicy', 'cancellationRefund', 'shippingDelivery'] as const;
export const POLICY_ROUTES: readonly Route[] = POLICY_ROUTE_NAMES.map((name) => ROUTES[name]);
export const ALL_ROUTES: readonly Route[] = Object.values(ROUTES);

/** Where a player lands after signing in when they were not on their way somewhere else. */
export const HOME_AFTER_SIGN_IN = ROUTES.dashboard.path;

/** '/dashboard/', '/dashboard.html' and '/dashboard' are the same route. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '')
    .replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The table's entry for a pathname, if it has one; a Hindi path (/hi/...) finds its English entry. */
export function routeFor(pathname: string): Route | undefined {
  const path = normalisePath(pathname);
  const english = withoutHindiPrefix(path);
  const route = ALL_ROUTES.find((candidate) => candidate.path === english);
  return route && (route.localized !== false || english === path) ? route : undefined;
}

/** `/hi/about` → `/about`, `/hi` → `/` (as i18n/lang.ts's unprefixedPath; written here so islands carry no more). */
function withoutHindiPrefix(path: string): string {
  return path.replace(/^\/hi(?=\/|$)/, '') || '/';
}

/** A tournament page: /tournaments/<catalog id> (letters, digits, '-' and '_'), in either language. */
function isTournamentPage(pathname: string): boolean {
  return /^\/tournaments\/[A-Za-z0-9_-]{1,80}$/.test(withoutHindiPrefix(normalisePath(pathname)));
}

/** The private screens (English paths; src/lib/i18n/links.ts adds their Hindi twins for robots.txt). */
export const PRIVATE_PATHS = ALL_ROUTES.filter((route) => route.access === 'private').map((route) => route.path);

export function isPrivateRoute(pathname: string): boolean {
  return routeFor(pathname)?.access === 'private';
}

/** Whether the sitemap lists a page: indexed table routes and every tournament page. */
export function isIndexed(pathname: string): boolean {
  return routeFor(pathname)?.indexed ?? isTournamentPage(pathname);
}

/**
 * The page to return to after signing in, from an untrusted `?next=` value: a same-site path of the
 * table (or a tournament page), keeping its query and fragment; anything else, the fallback. Membership
 * in the table is what keeps /login from bouncing a player to another site: `//host`, `/\host`,
 * `/..//host`, encoded slashes and control characters never name a route. Sending someone back to the
 * sign-in screens themselves is pointless, so those fall back too.
 */
function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code <= 0x1f || code === 0x7f;
}

export function safeReturnPath(raw: string | null | undefined, fallback: string = HOME_AFTER_SIGN_IN): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and can smuggle a host.
  if ([...raw].some((character) => isControlCharacter(character))) return fallback;
  const base = 'https://golazo.invalid';
  let parsed: URL;
  try {
    parsed = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (parsed.origin !== base) return fallback;
  const route = routeFor(parsed.pathname);
  const known = route !== undefined || isTournamentPage(parsed.pathname);
  if (!known || route === ROUTES.login || route === ROUTES.register) return fallback;
  // The raw path must already be the parsed one: dot segments ("/x/../dashboard") are not resolved for it.
  if (!raw.startsWith(parsed.pathname)) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
