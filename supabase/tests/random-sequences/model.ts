/**
 * What the outside world did during one sequence: Razorpay's orders, captures, refunds and chargebacks,
 * RazorpayX's payouts, the webhooks the providers still owe (delivered later, in any order, twice or
 * never), and what the database was told. The invariants compare the database with it.
 */

export type Order = { orderId: string; player: number; tournament: string; amount: number };

export type Capture = {
  payId: string;
  orderId: string;
  amount: number;
  /** Refunded at Razorpay (dashboard refunds and the outbox's refunds). */
  refunded: number;
  /** Refunds made for an outbox idempotency key: a repeated call answers the first refund. */
  chargeback?: 'created' | 'won' | 'lost';
  /** The amount the payer's bank disputes (what was not refunded when the dispute was opened). */
  disputed?: number;
};

export type ProviderPayout = {
  payoutId: string;
  providerId: string;
  net: number;
  status: 'processing' | 'processed' | 'reversed' | 'failed';
};

export type Webhook =
  | { eventId: string; type: 'payment.captured'; orderId: string; payId: string }
  | { eventId: string; type: 'refund.processed'; payId: string; refundId: string; amount: number }
  | { eventId: string; type: `payment.dispute.${'created' | 'won' | 'lost'}`; payId: string; amount: number }
  | { eventId: string; type: `payout.${'processed' | 'reversed' | 'failed'}`; payoutId: string; providerId: string; at: string };

export class Model {
  orders: Order[] = [];
  captures: Capture[] = [];
  /** Outbox refund key -> the refund Razorpay made for it. */
  /**
   * The refund each refund call's key made. `rest`: the call asked for more than was left after a refund made
   * outside it, so the worker refunded what was left under a key of its own and the payment is refunded in full.
   */
  refundsByKey = new Map<string, { refundId: string; amount: number; rest?: boolean }>();
  payouts = new Map<string, ProviderPayout>();
  webhooks: Webhook[] = [];
  /** Captures the database was told about (verify, webhook, order check). */
  toldCaptures = new Set<string>();
  /** Lost chargebacks the database accepted, by payment id. */
  toldLost = new Map<string, number>();
  /** Prizes seen credited while their entry still played: a refund recorded after the credit does not undo it. */
  creditedWhileActive = new Set<string>();
  /** Payout statuses the database accepted from a provider answer (webhook, payout call, poll). */
  toldPayout = new Map<string, string[]>();
  /** Outbox keys the provider refused because the sequence chose a refusal (not because of what was asked). */
  refusedOnPurpose = new Set<string>();
  /** Payments whose refund webhook was lost: the database may never learn of that refund. */
  lostRefundWebhooks = new Set<string>();
  /** Withdrawal withholdings whose tax was checked against the rule when they were made. */
  taxChecked = new Set<string>();
  /** The draw commitment each tournament published first. */
  commitments = new Map<string, string>();
  /** Status moves seen, `table:from>to`, and the step that first made each. */
  moves = new Map<string, string>();
  private counter = 0;

  next(prefix: string): string {
    this.counter += 1;
    return `${prefix}${String(this.counter).padStart(4, '0')}`;
  }

  capture(payId: string): Capture | undefined {
    return this.captures.find((c) => c.payId === payId);
  }

  toldPayoutStatus(payoutId: string, status: string) {
    this.toldPayout.set(payoutId, [...(this.toldPayout.get(payoutId) ?? []), status]);
  }
}
