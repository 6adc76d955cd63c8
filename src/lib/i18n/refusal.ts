/**
 * A failure in Hindi, from its code: the refusals' Hindi table (errors-hi.ts) for a known `hint`, else one
 * plain Hindi sentence. The server's English `message` is never shown on a Hindi page: it is for English
 * readers and the logs. Loaded on the first failure only (describe-failure.ts, refusalIn).
 */
import { ApiError } from '../api-answer';
import { ERRORS_HI, GENERIC_ERROR_HI } from './errors-hi';

/** The Hindi words of a refusal code, or the generic sentence for a code the table does not know. */
export function refusalCodeHi(code: string | null | undefined): string {
  return code && Object.hasOwn(ERRORS_HI, code) ? ERRORS_HI[code as keyof typeof ERRORS_HI] : GENERIC_ERROR_HI;
}

/** What a Hindi page says for a failed call: an ApiError by its hint, anything else generically. */
export function errorTextHi(error: unknown): string {
  return error instanceof ApiError ? refusalCodeHi(error.hint) : GENERIC_ERROR_HI;
}
