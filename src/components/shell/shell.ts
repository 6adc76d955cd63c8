/**
 * Which parts of the shell a route shows. The layout decides from the URL alone so that
 * pages stay thin and every page follows the same rules.
 */
import { isPrivateRoute, normalisePath, routeFor, ROUTES } from '@/lib/routes';
import { unprefixedPath } from '@/lib/i18n/lang';
import type { Messages } from '@/lib/i18n/messages';

/** A shell link's word in the dictionaries (src/lib/i18n/en.ts `shell`); `label` is its English word. */
type ShellKey = { [K in keyof Messages['shell']]: Messages['shell'][K] extends string ? K : never }[keyof Messages['shell']];
type ShellLink = { href: string; label: string; key: ShellKey; shownTo?: string };

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
  const path = unprefixedPath(normalisePath(pathname));
  if (isPrivateRoute(path)) return true;
  const followed: string[] = [ROUTES.home.path, ROUTES.dashboard.path, ROUTES.match.path, ROUTES.pod.path];
  return followed.includes(path) || path.startsWith(`${ROUTES.tournaments.path}/`);
}

/**
 * The desktop header's links: where a player goes next from anywhere. Dashboard is for signed-in players
 * (shown once the header knows, like the account links).
 */
export const headerLinks = [
  { href: ROUTES.tournaments.path, label: 'Tournaments', key: 'tournaments', shownTo: 'everyone' },
  { href: ROUTES.leaderboard.path, label: 'Leaderboard', key: 'leaderboard', shownTo: 'everyone' },
  { href: ROUTES.dashboard.path, label: 'Dashboard', key: 'dashboard', shownTo: 'signed-in' },
  { href: ROUTES.staff.path, label: 'Staff', key: 'staff', shownTo: 'staff' },
] as const satisfies readonly ShellLink[];

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
  { href: ROUTES.home.path, label: 'Home', key: 'home' },
  { href: ROUTES.dashboard.path, label: 'Dashboard', key: 'dashboard' },
  { href: ROUTES.tournaments.path, label: 'Tournaments', key: 'tournaments' },
  { href: ROUTES.leaderboard.path, label: 'Leaderboard', key: 'leaderboard' },
  { href: ROUTES.about.path, label: 'About', key: 'about' },
  { href: ROUTES.helpCenter.path, label: 'Help Center', key: 'helpCenter' },
  { href: ROUTES.contact.path, label: 'Contact', key: 'contact' },
] as const satisfies readonly ShellLink[];

/** The mobile menu's extra link for staff (shown from the same flag as the header's). */
export const staffMenuLink = { href: ROUTES.staff.path, label: 'Staff console', key: 'staffConsole' } as const;

/** The footer's link columns, with its own wording ('Tour Event') and the policy pages. */
export const footerColumns = [
  {
    title: 'Quick Links',
    titleKey: 'quickLinks',
    links: [
      { href: ROUTES.home.path, label: 'Home', key: 'home' },
      { href: ROUTES.dashboard.path, label: 'Dashboard', key: 'dashboard' },
      { href: ROUTES.tournaments.path, label: 'Tour Event', key: 'tourEvent' },
    ],
  },
  {
    title: 'Resources',
    titleKey: 'resources',
    links: [
      { href: ROUTES.about.path, label: 'About', key: 'about' },
      { href: ROUTES.blog.path, label: 'Blog', key: 'blog' },
      { href: ROUTES.ourMission.path, label: 'Our Mission', key: 'ourMission' },
      { href: ROUTES.helpCenter.path, label: 'Help Center', key: 'helpCenter' },
      { href: ROUTES.contact.path, label: 'Contact', key: 'contact' },
    ],
  },
  {
    title: 'Legal',
    titleKey: 'legal',
    links: [
      { href: ROUTES.privacyPolicy.path, label: 'Privacy Policy', key: 'privacyPolicy' },
      { href: ROUTES.termsOfService.path, label: 'Terms of Service', key: 'termsOfService' },
      { href: ROUTES.cookiesPolicy.path, label: 'Cookies Policy', key: 'cookiesPolicy' },
      { href: ROUTES.cancellationRefund.path, label: 'Cancellation & Refund', key: 'cancellationRefund' },
      { href: ROUTES.shippingDelivery.path, label: 'R&C Policy', key: 'communityPolicy' },
      { href: ROUTES.grievance.path, label: 'Grievances', key: 'grievances' },
    ],
  },
] as const satisfies readonly { title: string; titleKey: ShellKey; links: readonly ShellLink[] }[];
