/**
 * What the payment history shows for each payment, rendered to HTML: the status badge and, for a
 * payment that bought no entry, the reason under it (in the table and on the phone cards).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Payment } from './account';
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
function render(payments: Payment[]) {
  const html = renderToStaticMarkup(createElement(PaymentHistoryList, { payments }));
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

  it('keeps the spec columns and adds no reason to a paid payment', () => {
    const view = render([payment({ status: 'paid' }), payment({ status: 'failed', status_reason: 'Card declined by the bank' })]);
    expect(view.headers).toEqual(['Tournament', 'Payment ID', 'Amount', 'Date', 'Status']);
    expect(view.rows.map((cells) => cells.length)).toEqual([5, 5]);
    expect(view.reasonIn(view.rows[0]?.join(''))).toBeNull();
    expect(view.reasonIn(view.cards[0]!)).toBeNull();
    expect(view.badgeIn(view.rows[1]?.at(-1) ?? '')).toBe('Failed');
    expect(view.reasonIn(view.rows[1]?.at(-1) ?? '')).toBe('Card declined by the bank');
  });
});
