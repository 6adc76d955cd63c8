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
  waitlist_full: 'The waitlist filled up before your payment was confirmed. Your payment has been refunded in full.',
  waitlist_closed: 'The waitlist had closed when your payment arrived. Your payment has been refunded in full.',
  already_on_waitlist: 'You were already on this waitlist. This payment has been refunded in full.',
  not_full:
    'A place had come free when your waitlist payment arrived, but registration had closed. Your payment has been refunded in full.',
  not_promoted: 'No place came free for you before the draw. Your waitlist payment has been refunded in full.',
  left_waitlist: 'You left the waitlist. Your waitlist payment has been refunded in full.',
  missed_pod_check_in: "You did not check in during the pod's check-in. Your payment has been refunded in full.",
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

// -----------------------------------------------------------------------------------------------------
// Promises: the windows, deadlines and rates players rely on before they pay
// -----------------------------------------------------------------------------------------------------

/** The two kinds of tournament whose windows differ: the monthly championship and the quick pods. */
export type TournamentKind = 'championship' | 'quick';

/**
 * Check-in (private.tournament_check_in_opens_at / closes_at): a championship from 24 hours to 60 minutes
 * before the start. A quick pod opens check-in the moment it fills, for POD_CHECK_IN_MINUTES, and starts
 * POD_START_DELAY_MINUTES after it filled (series.pod_check_in, series.pod_start_delay).
 */
export const CHECK_IN_OPENS_BEFORE_MINUTES = { championship: 24 * 60, quick: 60 } as const satisfies Record<TournamentKind, number>;
export const CHECK_IN_CLOSES_BEFORE_MINUTES = { championship: 60, quick: 15 } as const satisfies Record<TournamentKind, number>;
export const POD_CHECK_IN_MINUTES = 10;
export const POD_START_DELAY_MINUTES = 20;
/** A pod not full this long after it opened is cancelled and every entry refunded (series.fill_deadline). */
export const POD_FILL_DEADLINE_HOURS = 24;

/**
 * A quick pod's missed check-in is refunded in full (private.refund_missed_pod_check_ins): the place goes to the
 * pod's waitlist, else the pod runs with a bye and pays its pool's share for the players it runs with, rounded
 * down to the paisa (private.pod_prize_pool). A pod left with fewer than two players is cancelled and refunded.
 */
export function podPrizePoolPaise(poolPaise: number, places: number, players: number): number {
  if (places <= 0) return poolPaise;
  return Math.floor((poolPaise * Math.max(Math.min(players, places), 0)) / places);
}

/** After one player reports, the other confirms or disputes within this, else the report stands (run_due_match_work). */
export const OPPONENT_CONFIRM_MINUTES = 10;

/** Staff decide an open dispute within this (private.dispute_window). */
export const DISPUTE_STAFF_DEADLINE_MINUTES = { championship: 60, quick: 15 } as const satisfies Record<TournamentKind, number>;

/** Prizes are credited this long after the final, once no result can be challenged (private.challenge_window). */
export const CHALLENGE_WINDOW_HOURS = { championship: 24, quick: 2 } as const satisfies Record<TournamentKind, number>;

/**
 * Tax withheld on net winnings (section 194BA): the default of the database setting tax_rate, in percent.
 * taxOnPaise is private.tax_on: the rate times the net winnings, rounded to the paisa.
 */
export const TAX_RATE_PERCENT = 30;
export function taxOnPaise(netWinningsPaise: number): number {
  return Math.round((TAX_RATE_PERCENT * Math.max(netWinningsPaise, 0)) / 100);
}

/**
 * Disconnections (eFootball friend matches are peer-to-peer, so the page rules on them from both players'
 * reports, report_disconnection): by this minute with the score 0–0 the match restarts; later, a new room
 * for the remaining minutes with the score carried; anything else goes to staff. The default of a series'
 * `restartByMinute` (src/lib/match-settings.ts; private.default_match_settings()).
 */
export const DISCONNECTION_RESTART_BY_MINUTE = 20;

// -----------------------------------------------------------------------------------------------------
// Alerts and a player's data (the profile's settings state them in both languages)
// -----------------------------------------------------------------------------------------------------

/** E-mail, push and WhatsApp that can wait are held from this hour to that one, IST (private.email_not_before). */
export const QUIET_HOURS_IST = { from: 23, until: 8 } as const;

/** A WhatsApp opt-in code lasts this long: the default of private.alert_settings.whatsapp_code_minutes. */
export const WHATSAPP_CODE_MINUTES = 10;

/** One download of a player's data per this many minutes (private.data_export_interval). */
export const DATA_EXPORT_INTERVAL_MINUTES = 10;
