/**
 * The numbers and words of Golazo Arena's rules, in one module for the site and the edge functions.
 *
 * The database is the authority: its constraints and functions (supabase/migrations) enforce these
 * rules whatever a browser sends. This module repeats their values for the screens and the functions
 * (limits on inputs, messages, the slot selector), and supabase/tests/rules.test.ts compares every value
 * here with the SQL, so the two cannot drift apart. Change a rule in a new migration and here together.
 *
 * It lives among the edge functions' shared code so a deployed function bundles it; the site imports it
 * through src/lib/rules.ts. No imports: it must load in Deno and in the browser alike.
 */

// -----------------------------------------------------------------------------------------------------
// Entries
// -----------------------------------------------------------------------------------------------------

/** Slots one purchase may buy (payments_slots_range, tournament_registrations_slots_range, the entry functions). */
export const MIN_SLOTS = 1;
export const MAX_SLOTS = 10;
export const SLOT_COUNT_MESSAGE = `Choose between ${MIN_SLOTS} and ${MAX_SLOTS} slots`;

/** A player registers for the same tournament again no sooner than this after their last registration. */
export const REREGISTRATION_WAIT_HOURS = 24;
export const REREGISTRATION_WAIT_MS = REREGISTRATION_WAIT_HOURS * 60 * 60 * 1000;

/**
 * Why a captured payment was refunded, as players read it in their payment history and in the pay
 * panel: private.refusal_reason(code) writes these very sentences into payments.failure_reason.
 */
export const REFUND_REASONS = {
  tournament_full: 'The tournament filled up before your payment was confirmed. Your payment has been refunded in full.',
  order_replaced: 'You opened a newer checkout for this tournament. This payment has been refunded in full.',
  order_expired: 'Your checkout had expired when the payment arrived. Your payment has been refunded in full.',
  registration_closed: 'Registration had closed when your payment arrived. Your payment has been refunded in full.',
  already_registered: 'You were already registered for this tournament. This payment has been refunded in full.',
  order_already_paid: 'This order was already paid. This second payment has been refunded in full.',
  tournament_cancelled: 'The tournament was cancelled. Your payment has been refunded in full.',
  paid_entry_disabled: 'Paid entry was switched off on this site before your payment arrived. Your payment has been refunded in full.',
} as const;

// -----------------------------------------------------------------------------------------------------
// Profiles
// -----------------------------------------------------------------------------------------------------

/** Names, counted in characters after trimming (profiles_legal_name_length, profiles_in_game_name_length). */
export const LEGAL_NAME_MIN_LENGTH = 2;
export const LEGAL_NAME_MAX_LENGTH = 100;
export const IN_GAME_NAME_MIN_LENGTH = 2;
export const IN_GAME_NAME_MAX_LENGTH = 40;

/**
 * The eFootball user id, stored as typed, trimmed. The game does not publish its format, so the rule is
 * deliberately loose: 6 to 20 letters, digits or dashes (profiles_game_user_id_format, update_my_profile).
 */
export const GAME_USER_ID_MIN_LENGTH = 6;
export const GAME_USER_ID_MAX_LENGTH = 20;
export const GAME_USER_ID_PATTERN = `^[A-Za-z0-9-]{${GAME_USER_ID_MIN_LENGTH},${GAME_USER_ID_MAX_LENGTH}}$`;

/**
 * Ages (private.legal_min_player_age, legal_max_player_age, legal_paid_entry_age). Paid entry is for
 * adults who live in India; players of 13 to 17 join free tournaments with a parent's consent.
 */
export const MIN_PLAYER_AGE = 13;
export const MAX_PLAYER_AGE = 100;
export const PAID_ENTRY_MIN_AGE = 18;

// -----------------------------------------------------------------------------------------------------
// Payouts: KYC before the first withdrawal
// -----------------------------------------------------------------------------------------------------

/**
 * A PAN as the Income Tax Department issues it: five letters, four digits, a letter (submit_kyc,
 * kyc_records). The fourth letter says who holds it; prizes go to persons, so it must be `P`.
 */
export const PAN_PATTERN = '^[A-Z]{5}[0-9]{4}[A-Z]$';
export const PAN_HOLDER_LETTER_INDEX = 3;
export const PAN_PERSON_LETTER = 'P';
/** A UPI id (virtual payment address): name@handle (submit_kyc, kyc_records). */
export const UPI_ID_PATTERN = '^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$';
/**
 * A payout above this (in paise: ₹10,000) waits for an admin, as does every player's first payout: the
 * default of the database setting payout_approval_over_paise, which the staff console quotes.
 */
export const PAYOUT_APPROVAL_ABOVE_PAISE = 10_000_00;

/** The image types both upload buckets take. */
const WEB_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Profile pictures: the profile-pictures bucket's limits, which the form and the profile-picture function apply first. */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = WEB_IMAGE_TYPES;
/** What the form and the function say when a picture is refused. */
export const PROFILE_PICTURE_REFUSALS = {
  wrongType: 'Please choose a JPG, PNG or WebP image',
  tooLarge: `Image must be ${PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)} MB or smaller`,
} as const;
/** Result screenshots: the match-evidence bucket's limits, which the match page applies before uploading. */
export const MATCH_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const MATCH_SCREENSHOT_TYPES = WEB_IMAGE_TYPES;

/** Why a player disputes a result (match_disputes.reason); the match page and the staff console word them. */
export const DISPUTE_REASON_CODES = ['wrong_score', 'no_show', 'disconnection', 'cheating', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASON_CODES)[number];
