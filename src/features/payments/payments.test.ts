import { describe, expect, it } from 'vitest';
import {
  moreSlotsFrom,
  CHECKOUT_THEME_COLOR,
  checkoutOptions,
  dismissMessage,
  failureDescription,
  payButtonLabel,
  PaymentMessages,
  perBuyerLine,
  selectableSlots,
  slotChoices,
  slotOptionLabel,
  summariseRegistrations,
} from './payments';
import { CreateOrderAnswer } from './payments.schemas';

describe('slot selector and pay button', () => {
  it('offers 1 to 10 slots priced at the fee times the slots', () => {
    const choices = slotChoices(150);
    expect(choices.map((c) => c.slots)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(choices[0].label).toBe('1 Slot - ₹150');
    expect(choices[2].label).toBe('3 Slots - ₹450');
    expect(choices[9].label).toBe('10 Slots - ₹1,500');
  });

  it('labels the button with the real total, never a fixed amount', () => {
    expect(payButtonLabel(1, 150)).toBe('Pay ₹150 & Register 1 Slot');
    expect(payButtonLabel(3, 150)).toBe('Pay ₹450 & Register 3 Slots');
    expect(payButtonLabel(10, 1000)).toBe('Pay ₹10,000 & Register 10 Slots');
    expect(slotOptionLabel(2, 100)).toBe('2 Slots - ₹200');
  });

  it('never offers more slots than are left', () => {
    expect(selectableSlots(0, 300)).toBe(10);
    expect(selectableSlots(296, 300)).toBe(4);
    expect(selectableSlots(300, 300)).toBe(0);
    expect(selectableSlots(1, 2)).toBe(1);
  });

  it("never offers more than one buyer may hold, counting the places they hold already (the database's cap)", () => {
    // A 1v1 pod's cap is 1: both places free, one offered.
    expect(selectableSlots(0, 2, 1)).toBe(1);
    expect(selectableSlots(0, 4, 2, 1)).toBe(1);
    expect(selectableSlots(0, 4, 2, 2)).toBe(0);
    expect(selectableSlots(0, 300, 10)).toBe(10);
    expect(perBuyerLine(1)).toBe('One player can hold at most 1 place in this tournament.');
    expect(perBuyerLine(4)).toBe('One player can hold at most 4 places in this tournament.');
  });
});

describe('messages', () => {
  it('say what went wrong in the words of the spec', () => {
    expect(PaymentMessages.createOrderFailed('This tournament is full')).toBe('Failed to create payment order: This tournament is full');
    expect(PaymentMessages.createOrderFailed(undefined)).toBe('Failed to create payment order: Unknown error');
    expect(PaymentMessages.verificationFailed('Invalid payment signature')).toBe('Payment verification failed: Invalid payment signature');
    expect(PaymentMessages.verificationFailed(undefined)).toBe('Payment verification failed');
    expect(PaymentMessages.processingFailed('Card declined')).toBe('Payment processing failed: Card declined');
    expect(PaymentMessages.checkoutFailed('The bank declined it.')).toBe(
      'Payment processing failed: The bank declined it. No money was taken: if your bank shows a debit, it reverses it by itself. You can try again.',
    );
  });

  it("read checkout's failure description", () => {
    expect(failureDescription({ error: { description: 'Bank declined', reason: 'payment_failed' } })).toBe('Bank declined');
    expect(failureDescription({ error: { reason: 'payment_failed' } })).toBe('payment_failed');
    expect(failureDescription(undefined)).toBeUndefined();
  });
});

describe('the answers of razorpay-payment', () => {
  it('accept an order and a refusal, and nothing else', () => {
    const order = { success: true, key: 'rzp_test_x', amount: 45000, currency: 'INR', order_id: 'order_abc' };
    expect(CreateOrderAnswer.parse(order)).toEqual(order);
    expect(CreateOrderAnswer.parse({ success: false, error: 'nope' })).toEqual({ success: false, error: 'nope' });
    expect(CreateOrderAnswer.safeParse({ success: true, key: 'pk_live', amount: 1, currency: 'INR', order_id: 'order_a' }).success).toBe(
      false,
    );
  });
});

describe('checkout options', () => {
  it('use the purple theme, the order from the server and the player e-mail', () => {
    const onPaid = () => {};
    const onDismiss = () => {};
    const options = checkoutOptions({
      order: { success: true, key: 'rzp_test_k', amount: 45000, currency: 'INR', order_id: 'order_1' },
      productName: 'Golazo Arena',
      tournamentTitle: 'Golazo Arena Jan to Dec 2025',
      tournamentId: 'golazo-june-2025',
      slots: 3,
      email: 'player@golazo.example',
      onPaid,
      onDismiss,
    });
    expect(options).toMatchObject({
      key: 'rzp_test_k',
      amount: 45000,
      order_id: 'order_1',
      prefill: { email: 'player@golazo.example' },
      theme: { color: CHECKOUT_THEME_COLOR },
      description: 'Golazo Arena Jan to Dec 2025: 3 Slots',
    });
    expect(options.handler).toBe(onPaid);
    expect(options.modal.ondismiss).toBe(onDismiss);
  });
});

describe('the 24-hour rule', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const row = (registered_at: string, slots = 1, status = 'upcoming', tournament_id = 'cup') => ({
    tournament_id,
    slots,
    status,
    registered_at,
  });

  it('holds the next registration until 24 hours after the last one, per tournament', () => {
    const summary = summariseRegistrations(
      [row('2026-11-21T10:00:00Z', 3), row('2026-11-19T10:00:00Z', 2), row('2026-11-21T11:00:00Z', 1, 'upcoming', 'other')],
      'cup',
      now,
    );
    expect(summary.slots).toBe(5);
    expect(summary.nextRegistrationAt?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('lets a player register again after 24 hours, and ignores cancelled registrations', () => {
    expect(summariseRegistrations([row('2026-11-20T11:59:00Z', 2)], 'cup', now)).toEqual({ slots: 2, nextRegistrationAt: null });
    expect(summariseRegistrations([row('2026-11-21T11:00:00Z', 2, 'cancelled')], 'cup', now)).toEqual({
      slots: 0,
      nextRegistrationAt: null,
    });
    expect(summariseRegistrations([], 'cup', now)).toEqual({ slots: 0, nextRegistrationAt: null });
  });
});

describe('abandoned checkouts', () => {
  // Fails -> a player whose checkout timed out is told they cancelled it, or sees it as still pending.
  it('says abandoned when the checkout closed at its timeout, cancelled before it', () => {
    expect(dismissMessage(0, 15 * 60 * 1000, 900)).toBe(PaymentMessages.abandoned);
    expect(dismissMessage(0, 60 * 1000, 900)).toBe(PaymentMessages.cancelled);
    expect(dismissMessage(0, 60 * 60 * 1000, undefined)).toBe(PaymentMessages.cancelled);
  });

  it('passes the server timeout to the checkout', () => {
    const order = { success: true as const, key: 'rzp_test_x', amount: 15000, currency: 'INR', order_id: 'order_x', timeout: 900 };
    const options = checkoutOptions({
      order,
      productName: 'Golazo',
      tournamentTitle: 'Cup',
      tournamentId: 'cup',
      slots: 1,
      email: null,
      onPaid: () => {},
      onDismiss: () => {},
    });
    expect(options.timeout).toBe(900);
  });
});

describe('moreSlotsFrom', () => {
  it('offers more slots only before registration closes (a pod: its own cancel deadline)', () => {
    const next = new Date('2026-12-02T10:00:00Z');
    expect(moreSlotsFrom(next, '2026-12-02T12:00:00Z')).toEqual(next);
    expect(moreSlotsFrom(next, '2026-12-02T09:00:00Z')).toBeNull();
    expect(moreSlotsFrom(next, undefined)).toBeNull();
    expect(moreSlotsFrom(null, '2026-12-02T12:00:00Z')).toBeNull();
  });
});
