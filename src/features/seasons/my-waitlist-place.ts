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
export function myPlaceLine(
  place: MyWaitlistPlace,
  now: Date = new Date(),
  /** The line in the page's language, with its times formatted there (My Tournaments' words); English by default. */
  words: { line: (parts: PlaceLineParts) => string; when: (at: string, now: Date) => string } = { line: placeLineEn, when: whenIST },
): string {
  return words.line({
    position: place.position,
    checkedIn: Boolean(place.checked_in_at),
    closed: now >= new Date(place.check_in_closes_at),
    open: now >= new Date(place.check_in_opens_at),
    from: words.when(place.check_in_opens_at, now).replace(/ IST$/, ''),
    closesAt: formatTimeIST(place.check_in_closes_at),
    until: words.when(place.check_in_closes_at, now),
  });
}

export type PlaceLineParts = {
  position: number;
  checkedIn: boolean;
  closed: boolean;
  open: boolean;
  from: string;
  closesAt: string;
  until: string;
};

export function placeLineEn({ position, checkedIn, closed, open, from, closesAt, until }: PlaceLineParts): string {
  const head = `Waitlist #${position}`;
  if (checkedIn) return `${head} · checked in: you move up at ${until} if a place frees`;
  if (closed) return `${head} · check-in has closed`;
  if (open) return `${head} · check in by ${closesAt} to move up if a place frees`;
  return `${head} · check in between ${from} and ${closesAt} to move up if a place frees`;
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
