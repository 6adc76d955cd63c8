/**
 * My Tournaments, My Earnings and the Trade Center: the rows the database returns and the
 * figures and badges derived from them. Pure functions only; IO lives in account.api.ts.
 */
import { formatPaiseExact } from '@/lib/format';
import type { BadgeTone } from '@/components/ui/Badge';
import type { MyEntries } from '@/features/brackets/entries';

/** Spec 8, word for word. */
export const ACCOUNT_MESSAGES = {
  tournamentsLoadFailed: 'Failed to load your tournaments',
  noRegistrations: "You haven't registered for any tournaments yet",
  noRegistrationsInSeries: (series: string) => `No ${series} entries yet`,
  noPayments: 'No payments found.',
  statsLoadFailed: 'Failed to load your statistics',
  paymentsLoadFailed: 'Failed to load your payments',
} as const;

/** A row of get_my_registrations. */
export interface Registration {
  tournament_id: string;
  tournament_title: string;
  /** The catalog's series kind of the tournament: 'championship' or 'quick'. */
  series: string;
  slots: number;
  status: string;
  registered_at: string;
}

/** My Tournaments' tabs, one per series, named as players know them. */
export const MY_TOURNAMENT_TABS = [
  { id: 'championship', label: 'Champions Tour' },
  { id: 'quick', label: '1v1 & Super 4/8' },
] as const;
export type MyTournamentTab = (typeof MY_TOURNAMENT_TABS)[number]['id'];

/** The tournament facts a place held through an invitation is listed with (the player has no registration row for it). */
export type TournamentFacts = Record<string, { title: string; series: string }>;

/**
 * The places the player holds through an accepted invitation, listed like a registration of one entry:
 * every entry of theirs that someone else bought, in a tournament they did not register for themselves.
 */
export function invitedRows(entries: readonly MyEntries[], registrations: readonly Registration[], facts: TournamentFacts): Registration[] {
  const registered = new Set(registrations.map((row) => row.tournament_id));
  return entries
    .filter((mine) => mine.my_entry && !mine.my_entry.bought_by_me && !registered.has(mine.tournament_id))
    .map((mine) => ({
      tournament_id: mine.tournament_id,
      tournament_title: facts[mine.tournament_id]?.title ?? mine.tournament_id,
      series: facts[mine.tournament_id]?.series ?? '',
      slots: 1,
      status: mine.my_entry?.status ?? 'active',
      registered_at: '',
    }));
}

/** The tab My Tournaments opens on: the series of the player's newest entry, so a pods-only player does not land on an empty tab. */
export function firstTab(rows: readonly Pick<Registration, 'series'>[]): MyTournamentTab {
  return MY_TOURNAMENT_TABS.find((tab) => tab.id === rows[0]?.series)?.id ?? 'championship';
}

/** A row of get_my_payments. */
export interface Payment {
  id: string;
  razorpay_payment_id: string | null;
  razorpay_order_id: string | null;
  amount_paise: number;
  currency: string;
  tournament_id: string;
  tournament_title: string | null;
  slots: number;
  status: string;
  /** Why a failed, refund_pending or refunded payment bought no entry, as the payment functions wrote it; null otherwise. */
  status_reason: string | null;
  created_at: string;
  /** status_reason's code (payments_failure_reason_code_known), which a Hindi page words; null for none. */
  status_reason_code?: string | null;
}

/** The row of get_my_stats: counted from the player's confirmed matches. */
export interface PlayerStats {
  total_earnings_paise: number;
  matches_played: number;
  matches_won: number;
  matches_lost: number;
  goals_scored: number;
  goals_conceded: number;
  /** Finals won. */
  titles: number;
  /** Whole percent of matches won; 0 without matches. */
  win_rate_percent: number;
}

export const EMPTY_STATS: PlayerStats = {
  total_earnings_paise: 0,
  matches_played: 0,
  matches_won: 0,
  matches_lost: 0,
  goals_scored: 0,
  goals_conceded: 0,
  titles: 0,
  win_rate_percent: 0,
};

/**
 * The figures of a player's record, in the order the stats cards show them. With `wonPaise` (the prize
 * money credited, get_my_earnings' won_paise; null when it could not be read) the winnings come first.
 */
export function statFigures(
  stats: PlayerStats,
  wonPaise?: number | null,
  /** The cards' words in the page's language (record-words.ts); English by default. */
  words: StatWords = STAT_WORDS_EN,
): { key: string; label: string; figure: string; note: string }[] {
  const played = stats.matches_played;
  const winnings =
    wonPaise === undefined
      ? []
      : [
          {
            key: 'winnings',
            label: words.winnings,
            figure: wonPaise === null ? '—' : formatPaiseExact(wonPaise),
            note: words.prizeMoneyWon,
          },
        ];
  return [
    ...winnings,
    { key: 'matches', label: words.matches, figure: String(played), note: played === 0 ? words.noMatches : words.confirmed },
    { key: 'wins', label: words.wins, figure: String(stats.matches_won), note: words.lost(stats.matches_lost) },
    { key: 'win-rate', label: words.winRate, figure: played === 0 ? '—' : `${stats.win_rate_percent}%`, note: words.ofPlayed },
    {
      key: 'goals',
      label: words.goals,
      figure: `${stats.goals_scored}–${stats.goals_conceded}`,
      note: words.forAgainst(stats.goals_scored, stats.goals_conceded),
    },
    { key: 'titles', label: words.titles, figure: String(stats.titles), note: words.tournamentsWon(stats.titles) },
  ];
}

/** The record cards' words (record-words.ts gives the Hindi ones). */
export type StatWords = {
  winnings: string;
  prizeMoneyWon: string;
  matches: string;
  noMatches: string;
  confirmed: string;
  wins: string;
  lost: (count: number) => string;
  winRate: string;
  ofPlayed: string;
  goals: string;
  forAgainst: (scored: number, conceded: number) => string;
  titles: string;
  tournamentsWon: (count: number) => string;
};

export const STAT_WORDS_EN: StatWords = {
  winnings: 'Winnings',
  prizeMoneyWon: 'Prize money won',
  matches: 'Matches',
  noMatches: 'No matches yet',
  confirmed: 'Confirmed results',
  wins: 'Wins',
  lost: (count) => `${count} lost`,
  winRate: 'Win rate',
  ofPlayed: 'Of matches played',
  goals: 'Goals',
  forAgainst: (scored, conceded) => `${scored} for, ${conceded} against`,
  titles: 'Titles',
  tournamentsWon: (count) => (count === 1 ? 'Tournament won' : 'Tournaments won'),
};

/** "upcoming" → "Upcoming", "in_progress" → "In progress". */
export function capitalise(value: string): string {
  const words = value.trim().replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Spec 4: Upcoming blue, Ongoing green, every other registration status grey. */
export function registrationStatusTone(status: string): BadgeTone {
  switch (status.trim().toLowerCase()) {
    case 'upcoming':
      return 'blue';
    case 'ongoing':
      return 'green';
    default:
      return 'grey';
  }
}

/**
 * Spec 4: success green, failed red, cancelled yellow, anything else grey. The database calls a
 * successful payment 'paid'.
 */
export function paymentStatusTone(status: string): BadgeTone {
  switch (status.trim().toLowerCase()) {
    case 'success':
    case 'paid':
      return 'green';
    case 'failed':
      return 'red';
    case 'cancelled':
      return 'yellow';
    default:
      return 'grey';
  }
}

/** The status text of a payment: capitalised; an order still waiting for the payer reads "Pending". */
export function paymentStatusLabel(status: string): string {
  return status.trim().toLowerCase() === 'created' ? 'Pending' : capitalise(status);
}

/**
 * The line shown under a payment's status: the stored reason, word for word. The database only returns
 * one for the statuses it explains, so a paid or still pending payment has none.
 */
export function paymentStatusReason(payment: Pick<Payment, 'status_reason'>): string | null {
  const reason = payment.status_reason?.trim();
  return reason ? reason : null;
}

/** Win rate as a whole percentage, or null when no match has been played (nothing to show). */
export function winRatePercent(matchesPlayed: number, matchesWon: number): number | null {
  if (matchesPlayed <= 0) return null;
  return Math.round((matchesWon * 100) / matchesPlayed);
}

/**
 * Goals per match to one decimal ("1.5"), or null when no match has been played.
 * Rounded on integers (goals × 10 / played) so 0.15 becomes 0.2, not a binary-float 0.1.
 */
export function averageGoalsPerMatch(goalsScored: number, matchesPlayed: number): string | null {
  if (matchesPlayed <= 0) return null;
  return (Math.round((goalsScored * 10) / matchesPlayed) / 10).toFixed(1);
}

/** Newest first: how both lists read. */
export function newestFirst<T>(rows: T[], date: (row: T) => string): T[] {
  return [...rows].sort((a, b) => new Date(date(b)).getTime() - new Date(date(a)).getTime());
}

/* ---------- Trade Center (coming soon) ---------- */

/** How long the Trade Center shows its spinner before the placeholder market (spec 9). */
export const TRADE_CENTER_SPINNER_MS = 500;

interface PlaceholderCard {
  id: number;
  name: string;
}

/**
 * The six placeholder Player Card tiles of the "coming soon" page. No prices, values or trends: cards are
 * never bought or sold for money here (Konami's terms forbid it and Indian law treats it as a money game).
 */
export const PLACEHOLDER_PLAYER_CARDS: PlaceholderCard[] = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: 'Player Card' }));

/**
 * The refund line of a tournament on My Tournaments (a cancelled tournament, a place that could not be
 * given): "Refund of ₹100.00 on its way" while it is being paid back, "Refunded ₹100.00" once done. The
 * amounts add up when the player paid for the tournament more than once. Null when nothing is refunded.
 */
export function refundNote(
  payments: readonly Payment[],
  tournamentId: string,
  formatPaise: (paise: number) => string,
  /** The note in the page's language (My Tournaments' words); English by default. */
  words: { pending: (amount: string) => string; refunded: (amount: string) => string } = {
    pending: (amount) => `Refund of ${amount} on its way`,
    refunded: (amount) => `Refunded ${amount}`,
  },
): string | null {
  const refunds = payments.filter((payment) => payment.tournament_id === tournamentId);
  const sum = (status: string) =>
    refunds.filter((payment) => payment.status === status).reduce((total, payment) => total + payment.amount_paise, 0);
  const pending = sum('refund_pending');
  const refunded = sum('refunded');
  if (pending > 0) return words.pending(formatPaise(pending));
  if (refunded > 0) return words.refunded(formatPaise(refunded));
  return null;
}

/* ---------- Payment history: one row per entry ---------- */

/** A row of get_my_entry_outcomes: what became of the entries a payment bought. */
export interface EntryOutcome {
  payment_id: string;
  tournament_id: string;
  slots: number;
  withdrawn: number;
  withdraw_reason: string | null;
  withdrawn_at: string | null;
  /** withdraw_reason's code (entries_withdraw_reason_code_known). */
  withdraw_reason_code?: string | null;
}

/** Statuses of a payment that took money (kept, being refunded or refunded). */
const CHARGED = new Set(['paid', 'refund_pending', 'refunded']);
export const isCharged = (payment: Pick<Payment, 'status'>): boolean => CHARGED.has(payment.status);

/** One line of the history: a payment that took money, or the newest of attempts that took none, with the rest folded under it. */
export interface HistoryRow {
  payment: Payment;
  /** Attempts for the same tournament that charged nothing, newest first. */
  folded: Payment[];
  /** What the player reads under the status: why, and what happened to the money (English). */
  note: string | null;
  /** What became of the entries the payment bought, for the note in another language. */
  outcome?: EntryOutcome;
}

/** "1 attempt not charged", "2 attempts not charged". */
export function foldedLabel(count: number): string {
  return `${count} ${count === 1 ? 'attempt' : 'attempts'} not charged`;
}

/**
 * An attempt the bank or card issuer refused: it charged nothing, yet Razorpay gave it a payment id (an
 * order that timed out after a declined attempt reads as abandoned, and was declined all the same).
 */
export const isDeclined = (payment: Pick<Payment, 'status' | 'razorpay_payment_id'>): boolean =>
  (payment.status === 'failed' || payment.status === 'abandoned') && payment.razorpay_payment_id !== null;
