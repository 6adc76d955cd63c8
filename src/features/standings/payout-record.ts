/**
 * The public payout record of a tournament (get_tournament_payouts): every prize with its place, the
 * player, the amount and where it stands. Pure functions; IO in payout-record.api.ts.
 */
import type { BadgeTone } from '@/components/ui/Badge';

/** The statuses get_tournament_payouts answers, in the order a prize moves through them. */
export const PAYOUT_RECORD_STATUSES = ['waiting', 'held', 'forfeited', 'credited', 'paid'] as const;
export type PayoutRecordStatus = (typeof PAYOUT_RECORD_STATUSES)[number];

/** One prize of the record. No tax: a player reads their own on My Earnings. */
export interface PayoutRecordRow {
  /** The band's label, as in the standings: "1st", "3rd–4th". */
  place: string;
  in_game_name: string | null;
  prize_paise: number;
  status: PayoutRecordStatus;
  credited_at: string | null;
  paid_at: string | null;
  /** When the challenge window ends and the prizes are credited. */
  due_at: string | null;
}

const LOOK: Record<PayoutRecordStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'grey' },
  held: { label: 'Held', tone: 'yellow' },
  forfeited: { label: 'Forfeited', tone: 'red' },
  credited: { label: 'Credited', tone: 'blue' },
  paid: { label: 'Paid', tone: 'green' },
};

export const payoutStatusLabel = (status: PayoutRecordStatus): string => LOOK[status].label;
export const payoutStatusTone = (status: PayoutRecordStatus): BadgeTone => LOOK[status].tone;

/** "23 h 05 min", "4 min 09 s": the time left until `target`. */
export function timeLeft(target: number, now: number): string {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours} h ${two(minutes)} min`;
  if (minutes >= 10) return `${minutes} min`;
  if (minutes > 0) return `${minutes} min ${two(seconds)} s`;
  return `${seconds} s`;
}

/**
 * The line under a prize's status: when a waiting prize is credited (a countdown to the end of the
 * challenge window), why one is held or forfeited, when one was credited or paid.
 */
export function payoutStatusDetail(row: PayoutRecordRow, now: number, when: (at: string) => string): string {
  switch (row.status) {
    case 'waiting': {
      const due = row.due_at ? Date.parse(row.due_at) : Number.NaN;
      if (Number.isNaN(due)) return 'Credited after the challenge window';
      return due > now ? `Credited in ${timeLeft(due, now)}, when the challenge window ends` : 'Being credited now';
    }
    case 'held':
      return 'Held while staff decide a dispute or a payment chargeback';
    case 'forfeited':
      return 'Not paid: the entry was disqualified or refunded, and the prize is not passed on';
    case 'credited':
      return row.credited_at ? `In the player’s balance since ${when(row.credited_at)}` : 'In the player’s balance';
    case 'paid':
      return row.paid_at ? `Paid out ${when(row.paid_at)}` : 'Paid out';
  }
}

/** Whether a countdown is running (the record then ticks every second). */
export const anyWaiting = (rows: readonly PayoutRecordRow[]): boolean => rows.some((row) => row.status === 'waiting');
