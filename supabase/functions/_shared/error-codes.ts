/**
 * Every error code the database and the edge functions answer with, in one table.
 *
 * SQL raises `errcode = 'PT<status>', hint = '<code>'` (PostgREST turns PT4xx into that HTTP status and
 * passes the hint through); the functions answer `{ success: false, code, error }` with the same status.
 * Importable by Deno functions and by the site (relative path).
 */
import {
  GAME_USER_ID_MAX_LENGTH,
  GAME_USER_ID_MIN_LENGTH,
  IN_GAME_NAME_MAX_LENGTH,
  LEGAL_NAME_MAX_LENGTH,
  MAX_PLAYER_AGE,
  MIN_PLAYER_AGE,
  SLOT_COUNT_MESSAGE,
} from './rules.ts';

export const ERROR_CODES = {
  not_signed_in: { status: 401, message: 'Please log in to continue' },
  // Accounts: signing in, the second step, profiles
  second_step_required: { status: 403, message: 'Enter the code from your authenticator app to finish signing in.' },
  required_fields_missing: { status: 400, message: 'Please fill in all required fields' },
  legal_name_required: { status: 400, message: 'Legal Name is required' },
  legal_name_too_long: { status: 400, message: `Legal Name must be at most ${LEGAL_NAME_MAX_LENGTH} characters` },
  legal_name_invisible: { status: 400, message: 'Legal Name must contain visible letters, not only spaces or invisible characters' },
  in_game_name_required: { status: 400, message: 'In-Game Name is required' },
  in_game_name_too_long: { status: 400, message: `In-Game Name must be at most ${IN_GAME_NAME_MAX_LENGTH} characters` },
  in_game_name_invisible: { status: 400, message: 'In-Game Name must contain visible letters, not only spaces or invisible characters' },
  age_too_low: { status: 400, message: `Must be at least ${MIN_PLAYER_AGE} years old` },
  age_too_high: { status: 400, message: `Must be under ${MAX_PLAYER_AGE} years old` },
  game_user_id_required: { status: 400, message: 'eFootball User ID is required' },
  game_user_id_invalid: {
    status: 400,
    message: `eFootball User ID must be ${GAME_USER_ID_MIN_LENGTH} to ${GAME_USER_ID_MAX_LENGTH} letters, digits or dashes`,
  },
  profile_picture_not_own: { status: 400, message: 'Profile picture must be your own upload to profile pictures' },
  profile_not_found: { status: 404, message: 'Profile not found' },
  profile_locked: { status: 409, message: 'Profile is completed and locked' },
  profile_picture_quota: { status: 429, message: 'You already have 3 pictures stored. Remove one before uploading another.' },
  // Payments, registration and tournaments
  invalid_slot_count: { status: 400, message: `${SLOT_COUNT_MESSAGE}.` },
  tournament_id_required: { status: 400, message: 'Say which tournament.' },
  tournament_not_found: { status: 404, message: 'This tournament does not exist.' },
  registration_closed: { status: 409, message: 'Registrations for this tournament are closed.' },
  tournament_full: { status: 409, message: 'This tournament is full.' },
  not_enough_slots: { status: 409, message: 'Not enough slots are left in this tournament.' },
  already_registered: { status: 409, message: 'You are already registered for this tournament.' },
  payment_id_required: { status: 400, message: 'A payment id is required.' },
  user_id_required: { status: 400, message: 'Say whose registrations to read.' },
  not_your_registrations: { status: 403, message: 'You can only read your own registrations.' },
  invalid_outbox_outcome: { status: 400, message: 'Unknown outcome of an outside call.' },
  outbox_item_not_found: { status: 404, message: 'No such outside call.' },
  // Payment edge functions (answered by the functions themselves, not raised in SQL)
  invalid_request: { status: 400, message: 'The request is not valid.' },
  unknown_action: { status: 400, message: 'Unknown action.' },
  order_not_found: { status: 404, message: 'Order not found.' },
  order_for_other_tournament: { status: 400, message: 'This order is for another tournament.' },
  invalid_payment_signature: { status: 400, message: 'Invalid payment signature.' },
  payment_refunded: { status: 409, message: 'Your payment could not buy an entry and has been refunded.' },
  not_allowed: { status: 403, message: 'You are not allowed to do this.' },
  invalid_webhook_signature: { status: 401, message: 'Invalid signature.' },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  payment_service_unavailable: { status: 502, message: 'The payment service did not answer. Please try again.' },
  // Razorpay retries a webhook answered with a 5xx; this one is on purpose.
  webhook_retry_later: { status: 500, message: 'Processing failed, retry later.' },
  // Eligibility: who may enter what (paid entry 18+ resident in India, free entry, parental consent)
  date_of_birth_required: { status: 400, message: 'Date of birth is required' },
  date_of_birth_in_future: { status: 400, message: 'Date of birth cannot be in the future' },
  paid_entry_disabled: { status: 403, message: 'Paid entry is switched off on this site for now' },
  profile_incomplete: { status: 403, message: 'Complete your profile (eFootball user ID and date of birth included) to enter' },
  too_young_for_paid_entry: { status: 403, message: 'Paid entry is for players 18 and over' },
  residence_required: { status: 403, message: 'Paid entry is for players who live in India: confirm it on your profile' },
  parental_consent_required: { status: 403, message: "Players under 18 need a parent's consent to enter" },
  free_entry_no_checkout: { status: 409, message: 'This tournament is free: enter it without paying' },
  not_a_free_tournament: { status: 409, message: 'This tournament has an entry fee: pay to enter' },
  parent_email_invalid: { status: 400, message: "Enter your parent's e-mail address" },
  parental_consent_not_needed: { status: 409, message: 'No parental consent is needed for your account' },
  parental_consent_rate_limited: { status: 429, message: 'Too many consent requests today. Try again tomorrow.' },
  consent_link_invalid: { status: 404, message: 'This consent link is not valid' },
  consent_link_used: { status: 409, message: 'This consent link has already been used' },
  consent_link_expired: { status: 409, message: 'This consent link has expired: your child can send a new one' },
  // Staff: roles, the audit log and the console
  staff_only: { status: 403, message: 'Only staff with the right role can do this.' },
  staff_plays_here: { status: 403, message: 'You play in this tournament, so another staff member must do this.' },
  invalid_role: { status: 400, message: 'A role is referee, organiser or admin.' },
  user_not_found: { status: 404, message: 'No account has this e-mail address.' },
  role_not_found: { status: 404, message: 'No such role grant.' },
  cannot_revoke_own_admin: { status: 409, message: 'You cannot remove your own admin role; ask another admin.' },
  audit_log_append_only: { status: 403, message: 'The audit log is append-only: rows are never changed or removed.' },
  reason_required: { status: 400, message: 'Give a reason (at least 3 characters): players and staff read it.' },
  reason_too_long: { status: 400, message: 'Keep the reason under 500 characters.' },
  entry_not_found: { status: 404, message: 'No such entry.' },
  entry_not_active: { status: 409, message: 'Only an active entry with a player can be checked in.' },
  check_in_locked: { status: 409, message: 'Check-in changes by hand are closed in the last 5 minutes of the window.' },
  tournament_already_drawn: { status: 409, message: 'Only a tournament that has not been drawn can be postponed.' },
  invalid_start_time: { status: 400, message: 'The new start must be later than the current one.' },
  tournament_not_cancellable: { status: 409, message: 'This tournament is already over or cancelled.' },
  // Entries, invitations and check-in
  not_entered: { status: 403, message: 'You have no entry in this tournament.' },
  entry_withdrawn: { status: 409, message: 'Your entry was withdrawn.' },
  tournament_cancelled: { status: 409, message: 'This tournament was cancelled.' },
  check_in_not_open: { status: 409, message: 'Check-in is not open yet.' },
  check_in_closed: { status: 409, message: 'Check-in for this tournament has closed.' },
  not_your_entry: { status: 403, message: 'This is not a place you bought.' },
  entry_taken: { status: 409, message: 'This place already has its player.' },
  invalid_email: { status: 400, message: 'Enter a valid e-mail address.' },
  invitation_not_found: { status: 404, message: 'This invitation link is not valid.' },
  invitation_used: { status: 409, message: 'This place has already been taken.' },
  already_entered: { status: 409, message: 'You already have a place in this tournament.' },
  // Matches: room, ready, reports, walkovers, disputes
  match_not_found: { status: 404, message: 'This match does not exist.' },
  not_your_match: { status: 403, message: 'You are not one of the two players of this match.' },
  match_not_ready: { status: 409, message: 'This match is waiting for its players.' },
  match_over: { status: 409, message: 'This match is over.' },
  not_the_host: { status: 403, message: 'The top-slot player hosts this match and posts the room.' },
  invalid_room: { status: 400, message: 'Enter the room id and password from eFootball.' },
  too_early: { status: 409, message: 'Too early for this step of the match.' },
  too_late: { status: 409, message: 'Too late for this step of the match.' },
  not_ready: { status: 409, message: 'Only a player who pressed Ready in time can claim a walkover.' },
  opponent_was_ready: { status: 409, message: 'Your opponent was ready: report the result instead.' },
  match_disputed: { status: 409, message: 'This match is in dispute: staff decide it now.' },
  invalid_score: { status: 400, message: 'Goals are whole numbers from 0 to 99.' },
  invalid_winner: { status: 400, message: 'Say who went through: the player with more goals, or the shoot-out winner.' },
  screenshot_required: { status: 400, message: 'Upload a screenshot of the result screen first.' },
  nothing_to_confirm: { status: 409, message: 'There is no report of your opponent to confirm.' },
  invalid_dispute_reason: { status: 400, message: 'Choose a reason: wrong score, no-show, disconnection, cheating or other.' },
  details_too_long: { status: 400, message: 'Keep the details under 2000 characters.' },
  match_not_confirmed: { status: 409, message: 'Only a confirmed result between two players can be corrected.' },
  invalid_notification_kind: { status: 400, message: 'Unknown kind of notification.' },
  prizes_credited: { status: 409, message: 'The prizes of this tournament are credited: results can no longer change.' },
  // Money: the ledger, prizes, tax, KYC, payouts and reconciliation
  ledger_append_only: { status: 403, message: 'The ledger is append-only: entries are never changed or removed.' },
  ledger_unbalanced: { status: 409, message: 'This ledger entry does not balance.' },
  prize_not_found: { status: 404, message: 'No prize for this entry.' },
  prize_not_held: { status: 409, message: 'This prize is not held.' },
  // The blog's "Notify me" sign-up
  email_invalid: { status: 400, message: 'Enter a valid e-mail address' },
  consent_required: { status: 400, message: 'Tick the box to agree to hear from us' },
  consent_text_too_long: { status: 400, message: 'The consent text is too long' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
