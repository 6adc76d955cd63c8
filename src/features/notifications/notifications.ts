/**
 * What the bell shows: its items and how long ago something happened. The kinds of notification and their
 * labels are in lib/notification-kinds.ts (the notification and the alert settings both read them).
 */

import { BELL_WORDS, type BellWords } from './bell-words';

export type NotificationItem = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read: boolean;
};

export type NotificationInbox = { unread: number; items: NotificationItem[] };

/** How long ago something happened, in the words given ("just now", "5 min ago", "3 h ago", "2 days ago" in English). */
export function timeAgo(iso: string, now: Date = new Date(), words: BellWords['ago'] = BELL_WORDS.en.ago): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return words.justNow;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return words.minutes(minutes);
  const hours = Math.round(minutes / 60);
  if (hours < 24) return words.hours(hours);
  return words.days(Math.round(hours / 24));
}

/** The badge on the bell: nothing, a number, or "9+" so it stays small. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}
