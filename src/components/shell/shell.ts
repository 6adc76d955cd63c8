/**
 * Which parts of the shell a route shows. The layout decides from the URL alone so that
 * pages stay thin and every page follows the same rules.
 */
import { isPrivateRoute, normalisePath, routeFor, ROUTES } from '@/lib/routes';

type ShellParts = {
  /** The header's links and 'Register Here' (desktop) and the menu button (mobile). */
  headerActions: boolean;
  /** The profile is an app screen: no footer. Everywhere else, including the dashboard, the footer shows. */
  footer: boolean;
  /** Only the landing page tucks the bar away while the player scrolls down. */
  hideHeaderOnScroll: boolean;
};

export { normalisePath };

/** From the route table; pages outside it (tournament pages, 404) show the whole shell. */
export function shellPartsFor(pathname: string): ShellParts {
  const route = routeFor(pathname);
  return {
    headerActions: route?.headerActions ?? true,
    footer: route?.footer ?? true,
    hideHeaderOnScroll: route === ROUTES.home,
  };
}

/**
 * Whether the header carries the notification bell: the player's own pages and every page they follow
 * their games on (landing, dashboard, a tournament's or series' page, pods, matches). Info and policy pages
 * and the tournament list (one small script, no React) go without its script.
 */
export function showsBell(pathname: string): boolean {
  const path = normalisePath(pathname);
  if (isPrivateRoute(path)) return true;
  const followed: string[] = [ROUTES.home.path, ROUTES.dashboard.path, ROUTES.match.path, ROUTES.pod.path];
  return followed.includes(path) || path.startsWith(`${ROUTES.tournaments.path}/`);
}

/**
 * The desktop header's links: where a player goes next from anywhere. Dashboard is for signed-in players
 * (shown once the header knows, like the account links).
 */
export const headerLinks = [
  { href: ROUTES.tournaments.path, label: 'Tournaments', shownTo: 'everyone' },
  { href: ROUTES.leaderboard.path, label: 'Leaderboard', shownTo: 'everyone' },
  { href: ROUTES.dashboard.path, label: 'Dashboard', shownTo: 'signed-in' },
  { href: ROUTES.staff.path, label: 'Staff', shownTo: 'staff' },
] as const;

/**
 * Who sees a header link. Signed-in and staff links wait for the flags on <html> (`data-auth`, `data-staff`),
 * which the header's inline script sets before the first paint: no script is loaded for them.
 */
export type LinkAudience = (typeof headerLinks)[number]['shownTo'];
export const AUDIENCE_CLASS: Record<LinkAudience, string | undefined> = {
  everyone: undefined,
  'signed-in': 'signed-in-only',
  staff: 'staff-only',
};

/** The mobile menu's links. */
export const primaryLinks = [
  { href: ROUTES.home.path, label: 'Home' },
  { href: ROUTES.dashboard.path, label: 'Dashboard' },
  { href: ROUTES.tournaments.path, label: 'Tournaments' },
  { href: ROUTES.leaderboard.path, label: 'Leaderboard' },
  { href: ROUTES.about.path, label: 'About' },
  { href: ROUTES.helpCenter.path, label: 'Help Center' },
  { href: ROUTES.contact.path, label: 'Contact' },
] as const;

/** The mobile menu's extra link for staff (shown from the same flag as the header's). */
export const staffMenuLink = { href: ROUTES.staff.path, label: 'Staff console' } as const;

/** The footer's link columns, with its own wording ('Tour Event') and the policy pages. */
export const footerColumns = [
  {
    title: 'Quick Links',
    links: [
      { href: ROUTES.home.path, label: 'Home' },
      { href: ROUTES.dashboard.path, label: 'Dashboard' },
      { href: ROUTES.tournaments.path, label: 'Tour Event' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { href: ROUTES.about.path, label: 'About' },
      { href: ROUTES.blog.path, label: 'Blog' },
      { href: ROUTES.ourMission.path, label: 'Our Mission' },
      { href: ROUTES.helpCenter.path, label: 'Help Center' },
      { href: ROUTES.contact.path, label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: ROUTES.privacyPolicy.path, label: 'Privacy Policy' },
      { href: ROUTES.termsOfService.path, label: 'Terms of Service' },
      { href: ROUTES.cookiesPolicy.path, label: 'Cookies Policy' },
      { href: ROUTES.cancellationRefund.path, label: 'Cancellation & Refund' },
      { href: ROUTES.shippingDelivery.path, label: 'R&C Policy' },
      { href: ROUTES.grievance.path, label: 'Grievances' },
    ],
  },
] as const;
