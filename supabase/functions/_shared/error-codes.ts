/**
 * Every refusal code the SQL functions (as `hint`) and the edge functions answer with, and what the
 * player is shown. Importable by Deno functions and by the site through a relative path.
 */
export const ERROR_CODES = {
  // Accounts: signing in, the second step, profiles
  not_signed_in: { status: 401, message: 'Please log in to continue' },
  second_step_required: { status: 403, message: 'Enter the code from your authenticator app to finish signing in.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
