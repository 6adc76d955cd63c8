/**
 * The sentence an island shows for a failed call. Known refusals (a hint from the database's error
 * table) get the table's words; an unknown refusal keeps the server's message; anything else (a network
 * failure, a bug) gets a generic sentence rather than a stack trace.
 */
import { ERROR_CODES, isErrorCode } from '../../supabase/functions/_shared/error-codes.ts';
import { ApiError } from './api-answer';

export const GENERIC_ERROR_TEXT = 'Something went wrong. Please try again.';

/**
 * `overrides` lets an area word a code its own way (the staff console's "staff_only", say) before the
 * shared table is asked.
 */
export function errorText(error: unknown, overrides: Readonly<Record<string, string>> = {}): string {
  if (error instanceof ApiError) {
    const hint = error.hint;
    if (hint && overrides[hint] !== undefined) return overrides[hint];
    if (isErrorCode(hint)) return ERROR_CODES[hint].message;
    return error.message || GENERIC_ERROR_TEXT;
  }
  return error instanceof Error && error.message ? error.message : GENERIC_ERROR_TEXT;
}
