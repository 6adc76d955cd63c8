/**
 * The staff console's rules: who may do what, the words for the database's codes, IST times for the
 * postpone form, the entries CSV. Pure functions only (IO lives in staff.api.ts), so each is unit-tested.
 */
import { ERROR_CODES, isErrorCode } from '../../../supabase/functions/_shared/error-codes';
import { csvRows, csvTime } from '@/lib/csv';
import { GENERIC_ERROR_TEXT } from '@/lib/error-text';
import { formatPaiseExact } from '@/lib/format';
import type { TournamentStatus } from '@/features/tournaments/status';
import type { MyStaffRole, RefundProgress, StaffEntry, StaffRoleName } from './staff.schemas';

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

/** Each role can do everything the ones before it can. */
const ROLE_RANK: Record<StaffRoleName, number> = { referee: 1, organiser: 2, admin: 3 };

export const ROLE_LABELS: Record<StaffRoleName, string> = { referee: 'Referee', organiser: 'Organiser', admin: 'Admin' };

/**
 * Whether the roles allow `needed` on this tournament: a global role, or one for this tournament, of that
 * rank or higher. The console only uses it to decide which buttons to show; the database decides for real.
 */
export function allows(
  roles: readonly Pick<MyStaffRole, 'role' | 'tournament_id'>[],
  needed: StaffRoleName,
  tournamentId?: string,
): boolean {
  return roles.some(
    (grant) => ROLE_RANK[grant.role] >= ROLE_RANK[needed] && (grant.tournament_id === null || grant.tournament_id === tournamentId),
  );
}

export const isAdmin = (roles: readonly Pick<MyStaffRole, 'role' | 'tournament_id'>[]): boolean => allows(roles, 'admin');

/**
 * Whether any grant covers the whole platform. Platform panels (payouts, staff roles, the registers) need
 * one: the database refuses them to a grant limited to tournaments, so the console does not show them.
 */
export const hasPlatformGrant = (roles: readonly Pick<MyStaffRole, 'role' | 'tournament_id'>[]): boolean =>
  roles.some((grant) => grant.tournament_id === null);

/** "Organiser (all tournaments)", "Referee (Champions Dec 2026)" (the id when the title is not known). */
export function describeRole(
  grant: Pick<MyStaffRole, 'role' | 'tournament_id'>,
  titleOf: (id: string) => string | undefined = () => undefined,
): string {
  const reach = grant.tournament_id === null ? 'all tournaments' : (titleOf(grant.tournament_id) ?? grant.tournament_id);
  return `${ROLE_LABELS[grant.role]} (${reach})`;
}

// ---------------------------------------------------------------------------------------------
// What the database's codes mean to a staff member
// ---------------------------------------------------------------------------------------------

/**
 * Staff-side wording for the codes the staff functions answer with. Codes shared with the player screens
 * read as in the shared table (supabase/functions/_shared/error-codes.ts). The console's hooks hand this
 * table to `errorText` as its overrides.
 */
export const STAFF_MESSAGES: Record<string, string> = {
  second_step_required: 'Staff actions need two-step sign-in. Enter the code from your authenticator app to continue.',
  staff_only: 'Your account has no staff role that allows this here.',
  check_in_not_open: 'Check-in is not open for this tournament right now.',
  check_in_locked: 'Check-in closes in less than 5 minutes: changes by hand are locked until the draw.',
  user_not_found: 'No account uses that e-mail address. The person has to sign in once first.',
  network: 'Could not reach the server. Check your connection and try again.',
};

/** The sentence to show for a code (a hint from the database, or the api module's own). */
export function staffMessage(code: string | null | undefined): string {
  if (!code) return GENERIC_ERROR_TEXT;
  return STAFF_MESSAGES[code] ?? (isErrorCode(code) ? ERROR_CODES[code].message : GENERIC_ERROR_TEXT);
}

// ---------------------------------------------------------------------------------------------
// Reasons: every staff change carries one, and players read it in the public record
// ---------------------------------------------------------------------------------------------

/** As the database asks (private.require_reason). */
const MIN_REASON_LENGTH = 3;
export const MAX_REASON_LENGTH = 500;

export function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed.length === 0) return 'Write a reason: players see it in the public record.';
  if (trimmed.length < MIN_REASON_LENGTH) return `Write at least ${MIN_REASON_LENGTH} characters so players understand why.`;
  if (reason.length > MAX_REASON_LENGTH) return `Keep the reason under ${MAX_REASON_LENGTH} characters.`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Times: the postpone form takes IST whatever the browser's zone
// ---------------------------------------------------------------------------------------------

/** India has one offset and no daylight saving. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** An ISO time as the value of an <input type="datetime-local"> read in IST: "2026-12-20T19:30". */
export function isoToIstInput(iso: string): string {
  return new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** The value of an <input type="datetime-local"> read in IST, as an ISO (UTC) time; null when incomplete. */
export function istInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute) - IST_OFFSET_MS;
  const date = new Date(utc);
  // Date.UTC rolls 31 February over into March: refuse instead of moving a tournament by surprise.
  if (isoToIstInput(date.toISOString()) !== value) return null;
  return date.toISOString();
}

/** What is wrong with a new start typed in the postpone form (IST), or null when it can be sent. */
export function postponeProblem(input: string, currentStartIso: string, now = new Date()): string | null {
  const iso = istInputToIso(input);
  if (iso === null) return 'Choose the new date and time.';
  if (new Date(iso).getTime() <= now.getTime()) return 'The new start must be in the future.';
  // Postponing moves a start later, never earlier (the database refuses with invalid_start_time).
  if (new Date(iso).getTime() <= new Date(currentStartIso).getTime()) return 'Choose a time later than the current start.';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Entries
// ---------------------------------------------------------------------------------------------

export const PAYMENT_LABELS: Record<string, string> = {
  paid: 'Paid',
  free: 'Free',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
};

export function paymentLabel(status: string | null): string {
  if (!status) return '—';
  return PAYMENT_LABELS[status] ?? status.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

/** Entries whose payment a cancellation refunds (the number the cancel dialog names). */
export function paidEntryCount(entries: readonly Pick<StaffEntry, 'payment_status'>[]): number {
  return entries.filter((entry) => entry.payment_status === 'paid').length;
}

/** Who plays in the slot: the player's name, else the buyer's (a slot nobody has taken yet says so). */
export function entryPlayerName(entry: Pick<StaffEntry, 'player_in_game_name' | 'buyer_in_game_name' | 'slot_number'>): string {
  if (entry.player_in_game_name) return entry.player_in_game_name;
  return entry.slot_number === 1 && entry.buyer_in_game_name ? entry.buyer_in_game_name : 'Not named yet';
}

// ---------------------------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------------------------

/** Whole percent of refunds finished (done out of total); 100 when there is nothing to refund. */
export function refundPercent(progress: RefundProgress): number {
  if (progress.total === 0) return 100;
  return Math.floor((progress.done * 100) / progress.total);
}

/** The console keeps asking while refunds are still in the queue. */
export const shouldPollRefunds = (progress: RefundProgress | null): boolean => progress !== null && progress.pending > 0;

export function refundSummary(progress: RefundProgress): string {
  const parts = [`${progress.done} of ${progress.total} refunded`];
  if (progress.pending > 0) parts.push(`${progress.pending} in progress`);
  if (progress.failed > 0) parts.push(`${progress.failed} failed`);
  return parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------------

export { csvCell, csvRows, csvTime } from '@/lib/csv';

export const ENTRY_CSV_HEADER = [
  'Slot',
  'Player',
  'Player e-mail',
  'Buyer',
  'Buyer e-mail',
  'Entry status',
  'Checked in (IST)',
  'Payment',
  'Amount (INR)',
] as const;

const EMAIL_COLUMNS = new Set<string>(['Player e-mail', 'Buyer e-mail']);

/**
 * The entries of a tournament as a CSV file's text (with a byte-order mark, so spreadsheet apps read
 * Indian names in UTF-8). Referees get no e-mail addresses, so their file has no e-mail columns.
 */
export function entriesCsv(entries: readonly StaffEntry[]): string {
  const withEmails = entries.some((entry) => entry.player_email !== undefined || entry.buyer_email !== undefined);
  const keep = ENTRY_CSV_HEADER.map((column) => withEmails || !EMAIL_COLUMNS.has(column));
  const body = entries.map((entry) => [
    entry.slot_number,
    entry.player_in_game_name,
    entry.player_email,
    entry.buyer_in_game_name,
    entry.buyer_email,
    entry.status,
    csvTime(entry.checked_in_at),
    paymentLabel(entry.payment_status),
    entry.amount_paise === null ? null : (entry.amount_paise / 100).toFixed(2),
  ]);
  const rows = [ENTRY_CSV_HEADER, ...body].map((row) => row.filter((_, column) => keep[column]));
  return `\uFEFF${csvRows(rows)}\r\n`;
}

/** "champions-dec-2026-entries-2026-12-19.csv" (the date in IST). */
export function entriesCsvFileName(tournamentId: string, now = new Date()): string {
  return `${tournamentId}-entries-${isoToIstInput(now.toISOString()).slice(0, 10)}.csv`;
}

export function amountLabel(amountPaise: number | null): string {
  return amountPaise === null ? '—' : formatPaiseExact(amountPaise);
}

// ---------------------------------------------------------------------------------------------
// Needs attention
// ---------------------------------------------------------------------------------------------

export const ATTENTION_LABELS: Record<string, string> = {
  check_in_closing: 'Check-in closing',
  unnamed_entries: 'Entries without a player',
  refunds_failed: 'Refunds failed',
  chargeback: 'Chargeback',
  outside_call_failed: 'Outside call failed',
  grievance: 'Grievance',
  due_work_failed: 'Periodic work failed',
  payout_awaiting_approval: 'Withdrawal to approve',
};

export const attentionLabel = (kind: string): string => ATTENTION_LABELS[kind] ?? kind.replace(/_/g, ' ');

/** Audit actions as words: "check_in.manual" → "Check in manual". */
export function actionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Whether the entries list offers Check in / Undo check-in: only while the tournament's check-in runs (the
 * database refuses it at any other time). After the draw a check-in changes nothing, so neither shows.
 */
export const staffChecksInNow = (status: TournamentStatus): boolean => status === 'check-in';

/**
 * When a tournament starts, as the console shows it: an open pod has no start time yet (it starts 20
 * minutes after it fills), so its fill deadline is never shown as one.
 */
export function staffStartsLabel(
  tournament: { is_pod: boolean; status: TournamentStatus; starts_at: string },
  format: (iso: string) => string,
): string {
  return tournament.is_pod && tournament.status === 'open' ? 'when it fills' : format(tournament.starts_at);
}
