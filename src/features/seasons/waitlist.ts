/**
 * The waitlist of a full tournament as a player sees it: whether they can join, their place in line, their
 * check-in, and what happened at check-in close. Pure functions only (no React, no Supabase):
 * waitlist.api.ts does the IO. The rules themselves (a tenth of the capacity, one place per player, joins
 * until check-in closes, promotion in order at the close) are the database's; this only words its answers.
 */
import { formatRupees, whenIST } from '@/lib/format';

export type WaitlistPlace = {
  /** 1-based while waiting; null once promoted, refunded or released. */
  position: number | null;
  status: 'waiting' | 'promoted' | 'refunded' | 'released';
  checked_in_at: string | null;
  paid: boolean;
  /** Released because the player left it (leave_waitlist), not at check-in close. */
  left: boolean;
};

/** get_waitlist's answer. */
export type Waitlist = {
  takes_joins: boolean;
  capacity: number;
  waiting: number;
  closes_at: string;
  check_in_opens_at: string;
  check_in_open: boolean;
  entry_fee_paise: number;
  in_tournament: boolean;
  mine: WaitlistPlace | null;
};

export type WaitlistView =
  | { kind: 'hidden' }
  | { kind: 'join'; free: boolean; left: number; closesAt: string; checkInOpen: boolean }
  | { kind: 'full'; capacity: number }
  | { kind: 'waiting'; position: number; checkIn: 'before' | 'open' | 'done' | 'closed'; opensAt: string; closesAt: string }
  | { kind: 'promoted' }
  | { kind: 'left'; refunded: boolean }
  | { kind: 'not-promoted'; refunded: boolean };

/** What the waitlist card shows for this answer (hidden for a player in the bracket, or with nothing to join). */
export function waitlistView(list: Waitlist | null, now: Date = new Date()): WaitlistView {
  if (!list) return { kind: 'hidden' };
  const mine = list.mine;
  if (mine) {
    if (mine.status === 'promoted') return { kind: 'promoted' };
    if (mine.status === 'released' && mine.left) return { kind: 'left', refunded: mine.paid };
    if (mine.status === 'refunded' || mine.status === 'released') return { kind: 'not-promoted', refunded: mine.status === 'refunded' };
    if (mine.position === null) return { kind: 'hidden' };
    const checkIn = mine.checked_in_at
      ? 'done'
      : list.check_in_open
        ? 'open'
        : now < new Date(list.check_in_opens_at)
          ? 'before'
          : 'closed';
    return { kind: 'waiting', position: mine.position, checkIn, opensAt: list.check_in_opens_at, closesAt: list.closes_at };
  }
  if (list.in_tournament || !list.takes_joins) return { kind: 'hidden' };
  if (list.waiting >= list.capacity) return { kind: 'full', capacity: list.capacity };
  return {
    kind: 'join',
    free: list.entry_fee_paise === 0,
    left: list.capacity - list.waiting,
    closesAt: list.closes_at,
    checkInOpen: list.check_in_open,
  };
}

/** "#1" → "You are next in line"; later places say how many are ahead. */
export function positionLine(position: number): string {
  if (position === 1) return 'You are #1 on the waitlist: the first place that comes free is yours.';
  return `You are #${position} on the waitlist: ${position - 1} ${position === 2 ? 'player is' : 'players are'} ahead of you.`;
}

/** Above the join button, wherever a full tournament offers its waitlist (its page, the tournament list). */
export function joinHeadline(view: Extract<WaitlistView, { kind: 'join' }>): string {
  return `Every place is taken. ${view.left === 1 ? 'One waitlist place is left.' : `${view.left} waitlist places are left.`}`;
}

/** The join button's words: the price of a paid place on it. */
export function joinButtonLabel(view: Extract<WaitlistView, { kind: 'join' }>, entryFeePaise: number): string {
  return view.free ? 'Join the waitlist' : `Join the waitlist · ${formatRupees(entryFeePaise / 100)}`;
}

/** When nobody else can join: "The waitlist is full (all 2 places are taken)." */
export function waitlistFullLine(capacity: number): string {
  return `The waitlist is full (${capacity === 1 ? 'its one place is taken' : `all ${capacity} places are taken`}).`;
}

/** The rule in one sentence, shown under the join button. */
export function joinRule(
  view: Extract<WaitlistView, { kind: 'join' }>,
  now: Date = new Date(),
  /** The close as the page words it (a Hindi page's date); IST in English by default. */
  closesAt: string = whenIST(view.closesAt, now),
): string {
  const money = view.free ? '' : ' If none comes free for you, your payment is refunded in full.';
  const checkIn = view.checkInOpen ? 'Then check in' : 'Check in when check-in opens';
  return `${checkIn}: at ${closesAt} every empty place goes to checked-in waitlisted players, in order.${money}`;
}

/** Words for a refusal of joining or checking in, from the database's stable hint. */
export function waitlistErrorMessage(hint: string | null, fallback: string): string {
  switch (hint) {
    case 'waitlist_full':
      return 'The waitlist filled up just before you. Your payment, if any, is refunded in full.';
    case 'waitlist_closed':
      return 'The waitlist has closed: check-in is over.';
    case 'not_full':
      return 'A place is free: enter the tournament instead.';
    case 'already_on_waitlist':
      return 'You are already on this waitlist.';
    case 'already_registered':
      return 'You already have a place in this tournament.';
    case 'check_in_closed':
      return 'Check-in has closed.';
    default:
      return fallback;
  }
}
