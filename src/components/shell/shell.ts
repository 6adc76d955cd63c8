/**
 * Which parts of the shell a route shows. The layout decides from the URL alone so that
 * pages stay thin and every page follows the same rules.
 */

export type ShellParts = {
  /** 'Register Here' (desktop) and the menu button (mobile). The dashboard is a focused screen without them. */
  headerActions: boolean;
  /** The dashboard and the profile are app screens: no footer. */
  footer: boolean;
  /** Only the landing page tucks the bar away while the player scrolls down. */
  hideHeaderOnScroll: boolean;
};

const WITHOUT_HEADER_ACTIONS = new Set(['/dashboard']);
const WITHOUT_FOOTER = new Set(['/dashboard', '/profile']);

/** '/dashboard/', '/dashboard.html' and '/dashboard' are the same route. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\.html$/, '').replace(/\/index$/, '').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function shellPartsFor(pathname: string): ShellParts {
  const path = normalisePath(pathname);
  return {
    headerActions: !WITHOUT_HEADER_ACTIONS.has(path),
    footer: !WITHOUT_FOOTER.has(path),
    hideHeaderOnScroll: path === '/',
  };
}

/** The mobile menu's links. */
export const primaryLinks = [
  { href: '/', label: 'Home' },
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/tournaments', label: 'Tournaments' },
  { href: '/about', label: 'About' },
  { href: '/help-center', label: 'Help Center' },
  { href: '/contact', label: 'Contact' },
] as const;

/** The footer's link columns, with its own wording ('Tour Event') and the policy pages. */
export const footerColumns = [
  {
    title: 'Quick Links',
    links: [
      { href: '/', label: 'Home' },
      { href: '/dashboard', label: 'Dashboard' },
      { href: '/tournaments', label: 'Tour Event' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { href: '/about', label: 'About' },
      { href: '/blog', label: 'Blog' },
      { href: '/our-mission', label: 'Our Mission' },
      { href: '/help-center', label: 'Help Center' },
      { href: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/privacy-policy', label: 'Privacy Policy' },
      { href: '/terms-of-service', label: 'Terms of Service' },
      { href: '/cookies-policy', label: 'Cookies Policy' },
      { href: '/cancellation-refund', label: 'Cancellation & Refund' },
      { href: '/shipping-delivery', label: 'R&C Policy' },
    ],
  },
] as const;
