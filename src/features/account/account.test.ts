import { describe, expect, it } from 'vitest';
import { REFUND_REASONS } from '@/lib/rules';
import {
  averageGoalsPerMatch,
  capitalise,
  firstTab,
  invitedRows,
  newestFirst,
  paymentStatusLabel,
  paymentStatusReason,
  paymentStatusTone,
  PLACEHOLDER_PLAYER_CARDS,
  refundNote,
  registrationStatusTone,
  winRatePercent,
} from './account';
import type { MyEntries } from '@/features/brackets/entries';
import type { Payment, Registration } from './account';
import { formatPaiseExact } from '@/lib/format';

describe('winRatePercent', () => {
  it('is absent before the first match', () => {
    expect(winRatePercent(0, 0)).toBeNull();
  });

  it('is the rounded share of matches won', () => {
    expect(winRatePercent(4, 1)).toBe(25);
    expect(winRatePercent(3, 2)).toBe(67);
    expect(winRatePercent(10, 10)).toBe(100);
    expect(winRatePercent(7, 0)).toBe(0);
  });
});

describe('averageGoalsPerMatch', () => {
  it('is absent before the first match', () => {
    expect(averageGoalsPerMatch(5, 0)).toBeNull();
  });

  it('has exactly one decimal', () => {
    expect(averageGoalsPerMatch(6, 3)).toBe('2.0');
    expect(averageGoalsPerMatch(7, 3)).toBe('2.3');
    expect(averageGoalsPerMatch(0, 4)).toBe('0.0');
  });

  it('rounds halves up instead of falling into binary-float traps', () => {
    expect(averageGoalsPerMatch(3, 20)).toBe('0.2'); // 0.15
    expect(averageGoalsPerMatch(21, 20)).toBe('1.1'); // 1.05
  });
});

describe('status badges', () => {
  it('colours registrations: Upcoming blue, Ongoing green, others grey', () => {
    expect(registrationStatusTone('upcoming')).toBe('blue');
    expect(registrationStatusTone('Ongoing')).toBe('green');
    expect(registrationStatusTone('completed')).toBe('grey');
  });

  it('colours payments: success green, failed red, cancelled yellow, others grey', () => {
    expect(paymentStatusTone('success')).toBe('green');
    expect(paymentStatusTone('paid')).toBe('green');
    expect(paymentStatusTone('failed')).toBe('red');
    expect(paymentStatusTone('cancelled')).toBe('yellow');
    expect(paymentStatusTone('refunded')).toBe('grey');
  });

  it('capitalises status text', () => {
    expect(capitalise('success')).toBe('Success');
    expect(capitalise('in_progress')).toBe('In progress');
    expect(capitalise('FAILED')).toBe('Failed');
    expect(paymentStatusLabel('paid')).toBe('Paid');
    expect(paymentStatusLabel('refund_pending')).toBe('Refund pending');
    expect(paymentStatusLabel('created')).toBe('Pending');
  });

  it('gives the stored reason of a payment word for word, and none when there is no reason', () => {
    const refundReason = REFUND_REASONS.tournament_full;
    expect(paymentStatusReason({ status_reason: refundReason })).toBe(refundReason);
    expect(paymentStatusReason({ status_reason: '  Card declined \n' })).toBe('Card declined');
    expect(paymentStatusReason({ status_reason: null })).toBeNull();
    expect(paymentStatusReason({ status_reason: '   ' })).toBeNull();
  });
});

describe('newestFirst', () => {
  it('orders rows by date, newest first, without touching the input', () => {
    const rows = [{ at: '2025-06-01T10:00:00Z' }, { at: '2025-07-01T10:00:00Z' }];
    expect(newestFirst(rows, (r) => r.at).map((r) => r.at)).toEqual(['2025-07-01T10:00:00Z', '2025-06-01T10:00:00Z']);
    expect(rows[0].at).toBe('2025-06-01T10:00:00Z');
  });
});

it('shows six placeholder player cards with no price, value or trend', () => {
  expect(PLACEHOLDER_PLAYER_CARDS).toHaveLength(6);
  for (const card of PLACEHOLDER_PLAYER_CARDS) expect(Object.keys(card).sort()).toEqual(['id', 'name']);
});

describe('refundNote', () => {
  const payment = (overrides: Partial<Payment>): Payment => ({
    id: 'p',
    razorpay_payment_id: 'pay_1',
    razorpay_order_id: 'order_1',
    amount_paise: 10_000,
    currency: 'INR',
    tournament_id: 'pod-1',
    tournament_title: 'Pod 1',
    slots: 1,
    status: 'paid',
    status_reason: null,
    created_at: '2026-11-23T10:00:00Z',
    ...overrides,
  });

  it('says a refund is on its way, then done, with the amount', () => {
    expect(refundNote([payment({ status: 'refund_pending' })], 'pod-1', formatPaiseExact)).toBe('Refund of ₹100.00 on its way');
    expect(
      refundNote([payment({ status: 'refunded' }), payment({ status: 'refunded', amount_paise: 5_000 })], 'pod-1', formatPaiseExact),
    ).toBe('Refunded ₹150.00');
  });

  it('says nothing for a paid entry or another tournament', () => {
    expect(refundNote([payment({ status: 'paid' })], 'pod-1', formatPaiseExact)).toBeNull();
    expect(refundNote([payment({ status: 'refunded', tournament_id: 'pod-2' })], 'pod-1', formatPaiseExact)).toBeNull();
  });
});

describe('statFigures', () => {
  it('shows the record from get_my_stats, and no win rate before the first match', async () => {
    const { EMPTY_STATS, statFigures } = await import('./account');
    expect(statFigures(EMPTY_STATS).map((card) => [card.label, card.figure])).toEqual([
      ['Matches', '0'],
      ['Wins', '0'],
      ['Win rate', '—'],
      ['Goals', '0–0'],
      ['Titles', '0'],
    ]);
    const record = statFigures({
      ...EMPTY_STATS,
      matches_played: 3,
      matches_won: 2,
      matches_lost: 1,
      goals_scored: 7,
      goals_conceded: 4,
      titles: 1,
      win_rate_percent: 67,
    });
    expect(record.map((card) => `${card.label}: ${card.figure} (${card.note})`)).toEqual([
      'Matches: 3 (Confirmed results)',
      'Wins: 2 (1 lost)',
      'Win rate: 67% (Of matches played)',
      'Goals: 7–4 (7 for, 4 against)',
      'Titles: 1 (Tournament won)',
    ]);
  });

  it('puts the prize money won first when the ledger was read', async () => {
    const { EMPTY_STATS, statFigures } = await import('./account');
    expect(statFigures(EMPTY_STATS, 1_234_50)[0]).toEqual({
      key: 'winnings',
      label: 'Winnings',
      figure: '₹1,234.50',
      note: 'Prize money won',
    });
    expect(statFigures(EMPTY_STATS, null)[0]?.figure).toBe('—');
    expect(statFigures(EMPTY_STATS).some((card) => card.key === 'winnings')).toBe(false);
  });
});

describe('places held through an invitation', () => {
  const entry = (tournament_id: string, bought_by_me: boolean): MyEntries => ({
    tournament_id,
    check_in: { opens_at: '2027-03-01T10:00:00Z', closes_at: '2027-03-01T11:00:00Z', is_open: false },
    my_entry: { entry_id: `e-${tournament_id}`, slot_number: 2, status: 'active', checked_in_at: null, bought_by_me },
    bought: [],
  });
  const registration = (tournament_id: string, series: string): Registration => ({
    tournament_id,
    tournament_title: tournament_id,
    series,
    slots: 1,
    status: 'upcoming',
    registered_at: '2027-02-01T10:00:00Z',
  });

  // Fails -> a player invited into a friend's slot never sees that tournament on My Tournaments, or sees it twice.
  it('lists an invited place like a registration of one entry, once, with the tournament’s title and series', () => {
    const facts = { 'super4-mar': { title: 'Super 4 March', series: 'quick' } };
    const rows = invitedRows(
      [entry('super4-mar', false), entry('cup-mar', true), entry('cup-apr', false)],
      [registration('cup-apr', 'championship')],
      facts,
    );
    expect(rows).toEqual([
      { tournament_id: 'super4-mar', tournament_title: 'Super 4 March', series: 'quick', slots: 1, status: 'active', registered_at: '' },
    ]);
  });

  it('opens on the series of the newest entry, the Champions Tour without any', () => {
    expect(firstTab([registration('pod', 'quick'), registration('cup', 'championship')])).toBe('quick');
    expect(firstTab([])).toBe('championship');
  });
});
