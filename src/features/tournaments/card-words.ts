/** A tournament card's words (UpcomingTournamentCard.astro), rendered at build time in the page's language. */
import type { Lang } from '@/lib/i18n/lang';

/** The card's button; the tournament's title follows it for screen readers. */
export const VIEW_AND_ENTER: Record<Lang, string> = { en: 'View & enter', hi: 'देखें और एंट्री लें' };
