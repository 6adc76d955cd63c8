/**
 * The bell's own words (NotificationBell.tsx) in the page's language; the Hindi ones are a chunk only Hindi pages
 * load (lib/i18n/island-words.ts). The notifications themselves arrive written in the player's language.
 */
import { islandWords } from '@/lib/i18n/island-words';

const en = {
  heading: 'Notifications',
  /** The bell's accessible name, with the count a screen reader should hear. */
  label: (unread: number) => (unread <= 0 ? 'Notifications' : `Notifications, ${unread} unread`),
  failed: 'Your notifications could not be loaded. Try again in a moment.',
  empty: 'Nothing yet: news about your matches lands here.',
  settings: 'E-mail settings',
  /** "just now", "5 min ago", "3 h ago", "2 days ago": from whole minutes, hours or days ago. */
  ago: {
    justNow: 'just now',
    minutes: (n: number) => `${n} min ago`,
    hours: (n: number) => `${n} h ago`,
    days: (n: number) => (n === 1 ? '1 day ago' : `${n} days ago`),
  },
};

export type BellWords = typeof en;

export const BELL_WORDS = islandWords(en, () => import('./bell-words-hi'));
