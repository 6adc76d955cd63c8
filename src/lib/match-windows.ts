/**
 * A match's time windows, relative to its time T (matches.scheduled_at), as the database enforces them
 * (set_ready, claim_walkover, report_match, report_closes_at; supabase/tests/rules.test.ts compares them).
 * Shared, not a feature's: the match page decides its steps from them and the tournament page's rules
 * state them in words.
 */
export const MINUTE = 60_000;
export const READY_OPENS_BEFORE = 5 * MINUTE;
export const READY_CLOSES_AFTER = 10 * MINUTE;
export const REPORT_CLOSES_AFTER = 45 * MINUTE;
export const WALKOVER_CONTEST_WINDOW = 5 * MINUTE;
/** After a disconnection ruling, reports are taken until this long after the replay's expected end. */
export const REPORT_AFTER_REPLAY = 15 * MINUTE;
