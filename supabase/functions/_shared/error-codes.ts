/**
 * Every refusal code the SQL functions (as `hint`) and the edge functions answer with, and what the
 * player is shown. Importable by Deno functions and by the site through a relative path.
 */
export const ERROR_CODES = {
  // Accounts: signing in, the second step, profiles
  not_signed_in: { status: 401, message: 'Please log in to continue' },
  second_step_required: { status: 403, message: 'Enter the code from your authenticator app to finish signing in.' },
  required_fields_missing: { status: 400, message: 'Please fill in all required fields' },
  legal_name_required: { status: 400, message: 'Legal Name is required' },
  legal_name_too_long: { status: 400, message: 'Legal Name must be at most 100 characters' },
  legal_name_invisible: { status: 400, message: 'Legal Name must contain visible letters, not only spaces or invisible characters' },
  in_game_name_required: { status: 400, message: 'In-Game Name is required' },
  in_game_name_too_long: { status: 400, message: 'In-Game Name must be at most 40 characters' },
  in_game_name_invisible: { status: 400, message: 'In-Game Name must contain visible letters, not only spaces or invisible characters' },
  age_too_low: { status: 400, message: 'Must be at least 13 years old' },
  age_too_high: { status: 400, message: 'Must be under 100 years old' },
  game_user_id_required: { status: 400, message: 'eFootball User ID is required' },
  game_user_id_invalid: { status: 400, message: 'eFootball User ID must be exactly 13 letters or digits' },
  profile_picture_not_own: { status: 400, message: 'Profile picture must be your own upload to profile pictures' },
  profile_not_found: { status: 404, message: 'Profile not found' },
  profile_locked: { status: 409, message: 'Profile is completed and locked' },
  profile_picture_quota: { status: 429, message: 'You already have 3 pictures stored. Remove one before uploading another.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
