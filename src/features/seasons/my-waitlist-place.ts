/**
 * A player's own waitlist place, worded: the line the dashboard and My Tournaments show, what leaving costs or
 * returns, and what is said once it is left. Apart from the join words (waitlist.ts), so the account pages load
 * only these. The rules are the database's; this only words its answers.
 */
import { formatPaiseExact, formatTimeIST, whenIST } from '@/lib/format';

/** get_my_waitlist_places: a place still waiting, as the dashboard and My Tournaments list it. */
export type MyWaitlistPlace = {
  tournament_id: string;
  tournament_title: string;
  /** The tournament's page, as the database words it (a pod's shell page, or a championship's own). */
  link: string;
  position: number;
  checked_in_at: string | null;
  check_in_opens_at: string;
  check_in_closes_at: string;
  /** What the place cost; 0 for a free tournament. */
  paid_paise: number;
  joined_at: string;
};

/**
 * A waiting place in one line: "Waitlist #2 · check in between 3:00 pm and 3:45 pm IST to move up if a place
 * frees" (the day too when it is not today); once checked in, when the places move up.
 */
export function myPlaceLine(place: MyWaitlistPlace, now: Date = new Date()): string {
  const head = `Waitlist #${place.position}`;
  if (place.checked_in_at) return `${head} · checked in: you move up at ${whenIST(place.check_in_closes_at, now)} if a place frees`;
  if (now >= new Date(place.check_in_closes_at)) return `${head} · check-in has closed`;
  const opens = new Date(place.check_in_opens_at);
  const closes = formatTimeIST(place.check_in_closes_at);
  if (now >= opens) return `${head} · check in by ${closes} to move up if a place frees`;
  const from = whenIST(place.check_in_opens_at, now).replace(/ IST$/, '');
  return `${head} · check in between ${from} and ${closes} to move up if a place frees`;
}

/** What leaving costs or returns, said before the player confirms. */
export function leaveWarning(paidPaise: number): string {
  const money = paidPaise > 0 ? ` Your ${formatPaiseExact(paidPaise)} is refunded in full.` : '';
  return `You lose your place in line and cannot join this waitlist again.${money}`;
}

/** Said once the place is left. */
export function leftLine(refundPaise: number): string {
  return refundPaise > 0
    ? `You left the waitlist. Your ${formatPaiseExact(refundPaise)} is being refunded in full to the way you paid.`
    : 'You left the waitlist.';
}
