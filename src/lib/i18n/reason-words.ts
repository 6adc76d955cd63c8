/**
 * The reasons the database writes for a player (why an entry was withdrawn, why a payment bought no entry, why
 * a tournament was called off), keyed by the codes it keeps beside its English sentences:
 * `entries.withdraw_reason_code`, `payments.failure_reason_code` (get_my_payments' `status_reason_code`) and
 * `tournaments.cancel_reason_code`, `kyc_records.reason_code`. The codes are listed once, in the columns' CHECK constraints
 * (supabase/schemas/brackets.sql, payments.sql, tournaments.sql, payouts.sql); reason-words.test.ts fails when a
 * code there has no words here or in the Hindi dictionary (reason-words-hi.ts, loaded by Hindi chunks only).
 *
 * English pages show the database's own sentence, which may carry more than the code (the referee's note, the
 * refunded amount, the bank's words): these English words are its mirror, held equal to the SQL's sentences by
 * supabase/tests/notifications-reason-codes.test.ts, and ship in no page. Hindi pages word the code from one small
 * module per kind (reasons-hi/), loaded with their Hindi chunk.
 */

const withdraw = {
  missed_check_in: 'Not checked in before check-in closed.',
  missed_check_in_refunded: 'Not checked in before check-in closed. Your entry fee is refunded in full.',
  place_unclaimed: 'Nobody accepted this place before check-in closed.',
  place_unclaimed_refunded: 'Nobody accepted this place before check-in closed. Its fee is refunded in full.',
  closed_early: 'Check-in was closed early by the organisers before you checked in.',
  closed_early_refunded: 'Check-in was closed early by the organisers before you checked in. Your entry fee is refunded in full.',
  closed_early_unclaimed: 'Check-in was closed early before anybody accepted this place.',
  closed_early_unclaimed_refunded: 'Check-in was closed early before anybody accepted this place. Its fee is refunded in full.',
  disqualified: 'Disqualified by the referee.',
  parental_consent_withdrawn: 'Parental consent was withdrawn.',
} as const;

const payment = {
  tournament_full: 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.',
  order_replaced: 'You opened a newer checkout for this tournament. This payment has been refunded in full.',
  order_expired: 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.',
  registration_closed: 'Registration had closed when your payment arrived. Your payment has been refunded in full.',
  already_registered: 'You were already registered for this tournament. This payment has been refunded in full.',
  order_already_paid: 'This order was already paid. This second payment has been refunded in full.',
  tournament_cancelled: 'The tournament was cancelled. Your payment has been refunded in full.',
  waitlist_full: 'The waitlist filled up before your payment was confirmed. Your payment has been refunded in full.',
  waitlist_closed: 'The waitlist had closed when your payment arrived. Your payment has been refunded in full.',
  already_on_waitlist: 'You were already on this waitlist. This payment has been refunded in full.',
  not_full:
    'A place had come free when your waitlist payment arrived, but registration had closed. Your payment has been refunded in full.',
  not_promoted: 'No place came free for you before the draw. Your waitlist payment has been refunded in full.',
  left_waitlist: 'You left the waitlist. Your waitlist payment has been refunded in full.',
  missed_pod_check_in: "You did not check in during the pod's check-in. Your payment has been refunded in full.",
  paid_entry_disabled: 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.',
  checkout_closed: 'The checkout was closed or timed out before a payment arrived.',
  cancelled_before_payment: 'The tournament was cancelled before this checkout was paid.',
  replaced_by_newer_checkout: 'Replaced by a newer checkout for the same tournament.',
  chargeback: 'Your bank returned this payment to you through a chargeback, so no refund is sent.',
  refunded_by_organisers: 'Refunded by the organisers.',
  partly_refunded: 'Part of this payment was refunded; your entry stands.',
  payment_failed: 'The payment did not go through.',
} as const;

const cancel = {
  pod_not_filled: 'Not enough players joined before the deadline. Every entry has been refunded.',
  too_few_checked_in: 'Fewer than two players checked in, so the tournament could not be played. Every paid entry has been refunded.',
} as const;

const kyc = {
  pan_not_verified:
    'This PAN could not be verified for your account. Check it against your PAN card, and that your legal name here is exactly as printed on it, then submit it again. If both are right, write to support.',
  upi_not_verified: 'This UPI id could not be verified: check it in your UPI app and submit it again.',
  check_late: 'The check of your PAN or UPI id is taking longer than it should: our team is retrying it. You need not submit again.',
} as const;

export type WithdrawReasonCode = keyof typeof withdraw;
export type PaymentReasonCode = keyof typeof payment;
export type CancelReasonCode = keyof typeof cancel;
export type KycReasonCode = keyof typeof kyc;
export type ReasonWords = {
  withdraw: Record<WithdrawReasonCode, string>;
  payment: Record<PaymentReasonCode, string>;
  cancel: Record<CancelReasonCode, string>;
  kyc: Record<KycReasonCode, string>;
};

export const REASON_WORDS_EN: ReasonWords = { withdraw, payment, cancel, kyc };
