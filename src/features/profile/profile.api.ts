/**
 * The profile's IO: the session check, the get_my_profile / update_my_profile functions (which check
 * the caller and enforce the rules again), the profile-picture function and the Realtime feed of the
 * row. Answers are checked with zod; failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { ApiError, oneRow, parseAnswer, readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { watchRows } from '@/lib/realtime';
import type { AccountDeletion } from './account-deletion';
import { type InGameNameRuleAnswer, PROFILE_PICTURE_FUNCTION, type Profile, type ValidProfileForm } from './profile';

const ProfileRow = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  legal_name: z.nullable(z.string()),
  in_game_name: z.nullable(z.string()),
  age: z.nullable(z.int()),
  date_of_birth: z.nullable(z.string()),
  lives_in_india_confirmed_at: z.nullable(z.string()),
  game_user_id: z.nullable(z.string()),
  profile_completed: z.boolean(),
  profile_image_url: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
}) satisfies z.ZodMiniType<Profile>;

const PictureAnswer = z.object({ url: z.string().check(z.minLength(1)) });

/** Whether this browser holds a session (the database still checks the caller on every call). */
export async function hasSession(): Promise<boolean> {
  return (await getSupabase().accessToken()) !== null;
}

/** The row functions answer one row, as an object or a one-row array. */
function readProfile(call: string, answer: { data: unknown; error: { message: string; code?: string; hint?: string } | null }): Profile {
  return readAnswer(call, ProfileRow, { data: oneRow(answer.data), error: answer.error });
}

export async function fetchMyProfile(): Promise<Profile> {
  return readProfile('rpc get_my_profile', await getSupabase().rpc('get_my_profile'));
}

export async function saveMyProfile(values: ValidProfileForm, profileImageUrl: string | null): Promise<Profile> {
  const answer = await getSupabase().rpc('update_my_profile', {
    p_legal_name: values.legalName,
    p_in_game_name: values.inGameName,
    p_age: null,
    p_game_user_id: values.gameUserId === '' ? null : values.gameUserId,
    p_profile_image_url: profileImageUrl,
    p_date_of_birth: values.dateOfBirth,
    p_lives_in_india: values.livesInIndia,
  });
  return readProfile('rpc update_my_profile', answer);
}

/**
 * What a completed profile may still add: a date of birth (profiles completed before it was asked) and
 * the confirmation of residence in India. Both are kept once given.
 */
export async function saveMyEligibilityDetails(details: { dateOfBirth: string | null; livesInIndia: boolean }): Promise<Profile> {
  const answer = await getSupabase().rpc('set_my_eligibility_details', {
    p_date_of_birth: details.dateOfBirth,
    p_lives_in_india: details.livesInIndia,
  });
  return readProfile('rpc set_my_eligibility_details', answer);
}

/**
 * Sends the picture to the profile-picture function, which checks its bytes are an image and stores
 * it under the player's id (the bucket takes no direct writes). Returns its public address.
 */
export async function uploadProfileImage(file: File): Promise<string> {
  const call = `function ${PROFILE_PICTURE_FUNCTION}`;
  const { data, error } = await (await getSupabase().functions()).invoke(PROFILE_PICTURE_FUNCTION, { body: file });
  if (error) {
    // The function's own message (not an image, too large, quota) is worth showing.
    const context = (error as { context?: Response }).context;
    const body = context ? await context.json().catch(() => null) : null;
    const refusal = z.object({ error: z.string() }).safeParse(body);
    throw new ApiError('refused', refusal.success ? refusal.data.error : error.message, call);
  }
  return parseAnswer(PictureAnswer, data, call).url;
}

/** Calls `onChange` with the new row whenever the player's profile is updated anywhere. */
export function subscribeToMyProfile(userId: string, onChange: (row: Profile) => void): () => void {
  const changes = (payload: { new: unknown }) => {
    // A row of another shape is not shown: the next full load brings the truth.
    const row = ProfileRow.safeParse(payload.new);
    if (row.success) onChange(row.data);
  };
  return watchRows(`profile-${userId}`, [{ table: 'profiles', filter: `id=eq.${userId}`, event: 'UPDATE', onChange: changes }]);
}

const InGameNameRule = z.object({
  every_days: z.int(),
  last_changed_at: z.nullable(z.string()),
  next_change_at: z.nullable(z.string()),
  running_tournament: z.nullable(z.string()),
  can_change: z.boolean(),
}) satisfies z.ZodMiniType<InGameNameRuleAnswer>;

/** Whether the in-game name may change now, and if not, until when or because of which tournament. */
export async function fetchInGameNameRule(): Promise<InGameNameRuleAnswer> {
  return readAnswer('rpc get_my_in_game_name_rule', InGameNameRule, await getSupabase().rpc('get_my_in_game_name_rule'));
}

/** Renames the player (the database applies the rule and writes the audit log); answers the new name. */
export async function changeMyInGameName(name: string): Promise<string> {
  const answer = await getSupabase().rpc('change_my_in_game_name', { p_in_game_name: name });
  return readAnswer('rpc change_my_in_game_name', z.object({ in_game_name: z.string() }), answer).in_game_name;
}

const Blocker = z.object({
  hint: z.enum(['open_money', 'open_play', 'last_admin']),
  detail: z.nullable(z.string()),
  waitlist_tournament_id: z.optional(z.nullable(z.string())),
});
const Deletion = z.union([
  z.object({ status: z.literal('scheduled'), erase_at: z.string(), requested_at: z.string() }),
  z.object({
    status: z.literal('none'),
    blocked_by: z.nullable(Blocker),
    balance_paise: z.number(),
    forfeit_max_paise: z.number(),
    grace: z.string(),
  }),
]) satisfies z.ZodMiniType<AccountDeletion>;

/** Whether the player's account is scheduled for deletion, or what stands in the way of deleting it. */
export async function fetchMyAccountDeletion(): Promise<AccountDeletion> {
  return readAnswer('rpc get_my_account_deletion', Deletion, await getSupabase().rpc('get_my_account_deletion'));
}

/**
 * E-mails a code to the signed-in address in the deletion's own mail (send_account_deletion_code, through the
 * outbox): the person at the keyboard proves they own the address (a device left signed in is not enough),
 * and the mail says what the code does.
 */
export async function sendDeletionCode(): Promise<void> {
  readAnswer(
    'rpc send_account_deletion_code',
    z.object({ status: z.literal('sent'), expires_at: z.string() }),
    await getSupabase().rpc('send_account_deletion_code'),
  );
}

/** Checks the code: the database then takes it, for a few minutes, as the recent sign-in deletion asks for. */
export async function confirmDeletionCode(code: string): Promise<void> {
  const answer = readAnswer(
    'rpc confirm_account_deletion_code',
    z.union([z.object({ status: z.literal('confirmed') }), z.object({ status: z.literal('wrong'), message: z.string() })]),
    await getSupabase().rpc('confirm_account_deletion_code', { p_code: code.trim() }),
  );
  if (answer.status === 'wrong') throw new Error(answer.message);
}

/** Schedules the deletion: { status: scheduled, erase_at }, or an ApiError with hint open_money, open_play, last_admin. */
export async function requestAccountDeletion(forfeitSmallBalance: boolean): Promise<string> {
  const answer = await getSupabase().rpc('request_account_deletion', { p_forfeit_small_balance: forfeitSmallBalance });
  return readAnswer('rpc request_account_deletion', z.object({ status: z.literal('scheduled'), erase_at: z.string() }), answer).erase_at;
}

export async function cancelAccountDeletion(): Promise<void> {
  readAnswer(
    'rpc cancel_account_deletion',
    z.object({ status: z.literal('cancelled') }),
    await getSupabase().rpc('cancel_account_deletion'),
  );
}
