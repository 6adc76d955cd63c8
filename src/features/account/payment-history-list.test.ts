/**
 * What the payment history shows for each payment, rendered to HTML: the status badge and, for a
 * payment that bought no entry, the reason under it (in the table and on the phone cards).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hindiWordsReady } from '@/lib/i18n/island-words';
import { $lang } from '@/stores/lang';
import type { EntryOutcome, Payment } from './account';
import { historyRows } from './payment-history';
import PaymentHistoryList from './PaymentHistoryList';

const REFUND_REASON = 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.';

function payment(overrides: Partial<Payment>): Payment {
  return {
    id: crypto.randomUUID(),
    razorpay_payment_id: 'pay_Test0000000001',
    razorpay_order_id: 'order_Test000000001',
    amount_paise: 15_000,
    currency: 'INR',
    tournament_id: 'golazo-june-2025',
    tournament_title: 'Golazo Arena June 2025',
    slots: 1,
    status: 'paid',
    status_reason: null,
    created_at: '2025-06-01T10:00:00Z',
    ...overrides,
  };
}

/**
 * The markup split the way a reader meets it: table rows into their cells, the phone cards, and the
 * reason line of each. The markup has no nested tables or lists, so plain patterns find them.
 */
function render(payments: Payment[], outcomes: EntryOutcome[] = []) {
  const html = renderToStaticMarkup(createElement(PaymentHistoryList, { rows: historyRows(payments, outcomes) }));
  const all = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].map((m) => m[0]);
  const textOf = (markup: string) => markup.replace(/<[^>]+>/g, '');
  const reasonIn = (markup: string) => {
    const line = /<p[^>]*data-testid="payment-status-reason"[^>]*>(.*?)<\/p>/s.exec(markup);
    return line ? textOf(line[1]!) : null;
  };
  const badgeIn = (markup: string) => textOf(/<span[^>]*data-tone="[a-z]+"[^>]*>(.*?)<\/span>/s.exec(markup)?.[1] ?? '');
  return {
    headers: all(/<th[^>]*>.*?<\/th>/gs, html).map(textOf),
    rows: all(/<tr[^>]*>.*?<\/tr>/gs, html.slice(html.indexOf('<tbody'))).map((row) => all(/<td[^>]*>.*?<\/td>/gs, row)),
    cards: all(/<li[^>]*>.*?<\/li>/gs, html),
    folded: (markup: string) => textOf(/<summary[^>]*>(.*?)<\/summary>/s.exec(markup)?.[1] ?? ''),
    text: textOf(html),
    reasonIn,
    badgeIn,
  };
}

describe('PaymentHistoryList', () => {
  it('shows why a refunded payment bought no entry, under its status in the table and on the phone card', () => {
    const view = render([payment({ status: 'refunded', razorpay_payment_id: 'pay_Refunded000001', status_reason: REFUND_REASON })]);
    const statusCell = view.rows[0]?.at(-1) ?? '';
    expect(view.badgeIn(statusCell)).toBe('Refunded');
    expect(view.reasonIn(statusCell)).toBe(REFUND_REASON);
    expect(view.cards).toHaveLength(1);
    expect(view.reasonIn(view.cards[0]!)).toBe(REFUND_REASON);
  });

  it('keeps the spec columns, adds no reason to a paid payment, and says a declined payment charged nothing', () => {
    const view = render([
      payment({ status: 'paid', created_at: '2025-06-02T10:00:00Z' }),
      payment({ status: 'failed', status_reason: 'Card declined by the bank', tournament_id: 'other-cup', tournament_title: 'Other Cup' }),
    ]);
    expect(view.headers).toEqual(['Tournament', 'Payment ID', 'Amount', 'Date', 'Status']);
    expect(view.rows.map((cells) => cells.length)).toEqual([5, 5]);
    expect(view.reasonIn(view.rows[0]?.join(''))).toBeNull();
    expect(view.reasonIn(view.cards[0]!)).toBeNull();
    expect(view.badgeIn(view.rows[1]?.at(-1) ?? '')).toBe('Declined');
    expect(view.reasonIn(view.rows[1]?.at(-1) ?? '')).toBe('Declined: Card declined by the bank. Nothing was charged.');
    expect(view.rows[1]?.[2]).toContain('not charged');
  });

  it('shows one ₹200 entry as one row, with the four checkouts that charged nothing folded under it', () => {
    const attempt = (minute: number, overrides: Partial<Payment> = {}) =>
      payment({
        amount_paise: 20_000,
        status: 'abandoned',
        status_reason: 'You opened a newer checkout for this tournament.',
        razorpay_payment_id: null,
        created_at: `2025-06-01T10:0${minute}:00Z`,
        ...overrides,
      });
    const view = render([
      attempt(0),
      attempt(1, { status: 'failed', razorpay_payment_id: 'pay_Declined00001', status_reason: 'Payment declined by the bank' }),
      attempt(2),
      attempt(3),
      attempt(4, { status: 'paid', razorpay_payment_id: 'pay_Paid000000001', status_reason: null }),
    ]);
    expect(view.rows).toHaveLength(1);
    expect(view.cards).toHaveLength(1);
    expect(view.badgeIn(view.rows[0]?.at(-1) ?? '')).toBe('Paid');
    expect(view.folded(view.rows[0]?.at(-1) ?? '')).toBe('4 attempts not charged');
    expect(view.folded(view.cards[0]!)).toBe('4 attempts not charged');
    expect(view.cards[0]).toContain('Declined · ₹200.00 not charged');
  });

  it('says a paid entry withdrawn for missing check-in forfeited its fee', () => {
    const paid = payment({ status: 'paid' });
    const view = render(
      [paid],
      [
        {
          payment_id: paid.id,
          tournament_id: paid.tournament_id,
          slots: 1,
          withdrawn: 1,
          withdraw_reason: 'Not checked in before check-in closed.',
          withdrawn_at: '2025-06-02T10:00:00Z',
        },
      ],
    );
    expect(view.reasonIn(view.cards[0]!)).toBe(
      'Entry withdrawn: Not checked in before check-in closed. Its fee is forfeited: the refund policy refunds no entry that was not checked in.',
    );
  });
});

describe('PaymentHistoryList on a Hindi page', () => {
  beforeAll(() => hindiWordsReady());
  afterEach(() => $lang.set('en'));

  it("words the columns, badges, folded attempts and notes in Hindi, never the database's English reasons", () => {
    $lang.set('hi');
    const paid = payment({ status: 'paid', slots: 2, created_at: '2025-06-02T10:00:00Z' });
    const view = render(
      [
        payment({
          status: 'failed',
          razorpay_payment_id: 'pay_Declined00001',
          status_reason: 'Payment declined by the bank',
          created_at: '2025-06-01T10:00:00Z',
        }),
        paid,
        payment({ status: 'refunded', tournament_id: 'other-cup', status_reason: REFUND_REASON, created_at: '2025-06-03T10:00:00Z' }),
      ],
      [
        {
          payment_id: paid.id,
          tournament_id: paid.tournament_id,
          slots: 2,
          withdrawn: 1,
          withdraw_reason: 'Not checked in.',
          withdrawn_at: null,
        },
      ],
    );
    expect(view.headers).toEqual(['टूर्नामेंट', 'पेमेंट ID', 'रकम', 'तारीख़', 'स्टेटस']);
    expect(view.badgeIn(view.rows[0]?.at(-1) ?? '')).toBe('रिफ़ंड हुआ');
    expect(view.reasonIn(view.rows[0]?.at(-1) ?? '')).toBe('इस पेमेंट से कोई एंट्री नहीं मिली और पूरा पैसा रिफ़ंड कर दिया गया है।');
    expect(view.badgeIn(view.rows[1]?.at(-1) ?? '')).toBe('पेड');
    expect(view.reasonIn(view.rows[1]?.at(-1) ?? '')).toBe(
      '2 में से 1 एंट्री वापस ली गई। इसकी फ़ीस वापस नहीं होगी: रिफ़ंड पॉलिसी उस एंट्री का रिफ़ंड नहीं करती जिसका चेक-इन नहीं हुआ।',
    );
    expect(view.folded(view.cards[1]!)).toBe('1 कोशिश, पैसा नहीं कटा');
    expect(view.cards[1]).toContain('डिक्लाइन · ₹150.00 नहीं कटे');
    expect(view.cards[1]).toContain('2 स्लॉट');
    expect(view.text).not.toMatch(/declined by the bank|filled up|Not checked in|not charged|Refunded|Paid/);
  });
});
