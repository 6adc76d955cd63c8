/**
 * The player profile: its shape, the form's validation (spec 5) and the picture rules.
 * Pure functions only; talking to Supabase lives in profile.api.ts.
 */
import * as z from 'zod/mini';
import { ageOn, MAX_PLAYER_AGE, MIN_PLAYER_AGE, todayInIndia } from '@/lib/legal';
import {
  GAME_USER_ID_MAX_LENGTH,
  GAME_USER_ID_MIN_LENGTH,
  GAME_USER_ID_PATTERN,
  IN_GAME_NAME_MAX_LENGTH,
  IN_GAME_NAME_MIN_LENGTH,
  LEGAL_NAME_MAX_LENGTH,
  LEGAL_NAME_MIN_LENGTH,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_REFUSALS,
  PROFILE_PICTURE_TYPES,
} from '@/lib/rules';
import { HIDDEN_CONTROLS_MESSAGE, hasHiddenControls, INVISIBLE_NAME_MESSAGE, isVisibleName } from './name-rule';

/** get_my_in_game_name_rule: whether the in-game name may change now (the database's rule). */
export interface InGameNameRuleAnswer {
  every_days: number;
  last_changed_at: string | null;
  next_change_at: string | null;
  running_tournament: string | null;
  can_change: boolean;
}

/** The rule in the player's words, from the database's answer. */
export function inGameNameRuleText(rule: InGameNameRuleAnswer, formatDate: (iso: string) => string): string {
  const every = `Your in-game name can change once every ${rule.every_days} days, not while a tournament of yours is in check-in or being played.`;
  if (rule.running_tournament) return `${every} ${rule.running_tournament} is under way: change it after it ends.`;
  if (rule.next_change_at) return `${every} Your next change is possible from ${formatDate(rule.next_change_at)}.`;
  return every;
}

/**
 * A calendar date (YYYY-MM-DD, such as a date of birth) the Indian way, "5 Jan 2008": never shifted by a
 * time zone, never read month-first. Anything else is returned as given.
 */
export function formatCalendarDateIndian(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(day)} ${months[Number(month) - 1] ?? month} ${year}`;
}

/** Where the legal name is typed: the PAN check and tax use it, so it must be the name on the PAN. */
export const LEGAL_NAME_HINT = 'Must match your PAN exactly: it is used for tax and prize payouts.';

/** Spec 8, word for word. */
export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile data',
  notLoggedIn: 'Not logged in. Please sign in first.',
  updateFailed: 'Failed to update profile. Please try again.',
  unexpected: 'Something went wrong. Please try again.',
  confirmationUnavailable:
    'The confirmation could not open. Check your connection, then press Save profile again: your details are still here.',
  uploadFailed: 'Failed to upload image',
  saved: 'Profile updated successfully!',
  /** Saved from a page that sent the player here (a pod's pay panel): they go back to it. */
  savedReturning: 'Profile saved. Taking you back…',
  missingRequired: 'Please fill in all required fields',
  completedBanner: 'Profile Completed Successfully!',
} as const;

export const MIN_AGE = MIN_PLAYER_AGE;
/** After a successful save the player moves on to the dashboard after this long (spec 4). */
export const REDIRECT_AFTER_SAVE_MS = 1500;

/** A row of `profiles` as get_my_profile / update_my_profile return it. */
export interface Profile {
  id: string;
  email: string | null;
  legal_name: string | null;
  in_game_name: string | null;
  /** Only on profiles completed before dates of birth were asked; null once a date of birth is given. */
  age: number | null;
  /** `YYYY-MM-DD`. */
  date_of_birth: string | null;
  lives_in_india_confirmed_at: string | null;
  game_user_id: string | null;
  profile_completed: boolean;
  profile_image_url: string | null;
  updated_at: string | null;
}

/** What the form edits, in the form's own types. */
export interface ProfileFormValues {
  legalName: string;
  inGameName: string;
  /** `YYYY-MM-DD` as the date input gives it; '' while empty. */
  dateOfBirth: string;
  gameUserId: string;
  livesInIndia: boolean;
}

export const FIELD_MESSAGES = {
  legalNameShort: `Legal Name needs at least ${LEGAL_NAME_MIN_LENGTH} characters`,
  inGameNameShort: `In-Game Name needs at least ${IN_GAME_NAME_MIN_LENGTH} characters`,
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Enter your date of birth as day, month and year',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  tooYoung: `You must be ${MIN_PLAYER_AGE} or older to play on Golazo`,
  tooOld: `Enter a date of birth under ${MAX_PLAYER_AGE} years ago`,
  gameUserIdRequired: 'eFootball User ID is required',
  gameUserIdLength: `eFootball User ID needs ${GAME_USER_ID_MIN_LENGTH} to ${GAME_USER_ID_MAX_LENGTH} characters`,
  gameUserIdCharacters: 'eFootball User ID may only contain letters, digits and dashes',
} as const;

/** The eFootball user id is stored as typed, only trimmed. */
function normaliseGameUserId(raw: string): string {
  return raw.trim();
}

function dateOfBirthProblem(value: string, now: Date): string | null {
  if (value.trim() === '') return FIELD_MESSAGES.dateOfBirthRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return FIELD_MESSAGES.dateOfBirthInvalid;
  const today = todayInIndia(now);
  if (value > today) return FIELD_MESSAGES.dateOfBirthFuture;
  const age = ageOn(value, today);
  if (age < MIN_PLAYER_AGE) return FIELD_MESSAGES.tooYoung;
  if (age > MAX_PLAYER_AGE) return FIELD_MESSAGES.tooOld;
  return null;
}

function gameUserIdProblem(raw: string): string | null {
  const value = normaliseGameUserId(raw);
  if (value === '') return FIELD_MESSAGES.gameUserIdRequired;
  if (value.length < GAME_USER_ID_MIN_LENGTH || value.length > GAME_USER_ID_MAX_LENGTH) return FIELD_MESSAGES.gameUserIdLength;
  if (!new RegExp(GAME_USER_ID_PATTERN).test(value)) return FIELD_MESSAGES.gameUserIdCharacters;
  return null;
}

const profileFormSchema = (now: Date) =>
  z.object({
    legalName: z
      .string()
      .check(z.trim())
      .check(z.minLength(LEGAL_NAME_MIN_LENGTH, FIELD_MESSAGES.legalNameShort))
      .check(z.maxLength(LEGAL_NAME_MAX_LENGTH, `Legal Name must be at most ${LEGAL_NAME_MAX_LENGTH} characters`))
      .check(z.refine(isVisibleName, INVISIBLE_NAME_MESSAGE('Legal Name')))
      .check(z.refine((name) => !hasHiddenControls(name), HIDDEN_CONTROLS_MESSAGE('Legal Name'))),
    inGameName: z
      .string()
      .check(z.trim())
      .check(z.minLength(IN_GAME_NAME_MIN_LENGTH, FIELD_MESSAGES.inGameNameShort))
      .check(z.maxLength(IN_GAME_NAME_MAX_LENGTH, `In-Game Name must be at most ${IN_GAME_NAME_MAX_LENGTH} characters`))
      .check(z.refine(isVisibleName, INVISIBLE_NAME_MESSAGE('In-Game Name')))
      .check(z.refine((name) => !hasHiddenControls(name), HIDDEN_CONTROLS_MESSAGE('In-Game Name'))),
    dateOfBirth: z.string().check(
      z.superRefine((value, ctx) => {
        const problem = dateOfBirthProblem(value, now);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
    gameUserId: z.pipe(z.string(), z.transform(normaliseGameUserId)).check(
      z.superRefine((value, ctx) => {
        const problem = gameUserIdProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
    livesInIndia: z.boolean(),
  });

export type ValidProfileForm = z.infer<ReturnType<typeof profileFormSchema>>;
export type ProfileFieldErrors = Partial<Record<keyof ProfileFormValues, string>>;

type ProfileValidation = { ok: true; values: ValidProfileForm } | { ok: false; fieldErrors: ProfileFieldErrors; summary: string | null };

/**
 * Validates the form. `summary` is 'Please fill in all required fields' when any required field
 * is empty (the spec's submit-time message); field errors say what is wrong with each.
 */
export function validateProfileForm(values: ProfileFormValues, now: Date = new Date()): ProfileValidation {
  const result = profileFormSchema(now).safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const fieldErrors: ProfileFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ProfileFormValues;
    fieldErrors[field] ??= issue.message;
  }
  const anyRequiredEmpty =
    values.legalName.trim() === '' ||
    values.inGameName.trim() === '' ||
    values.dateOfBirth.trim() === '' ||
    normaliseGameUserId(values.gameUserId) === '';
  return { ok: false, fieldErrors, summary: anyRequiredEmpty ? PROFILE_MESSAGES.missingRequired : null };
}

export function formValuesFromProfile(profile: Profile | null): ProfileFormValues {
  return {
    legalName: profile?.legal_name ?? '',
    inGameName: profile?.in_game_name ?? '',
    dateOfBirth: profile?.date_of_birth ?? '',
    gameUserId: profile?.game_user_id ?? '',
    livesInIndia: Boolean(profile?.lives_in_india_confirmed_at),
  };
}

/* ---------- Profile picture ---------- */

/** The edge function every picture goes through (it checks the bytes, not the name or the type). */
export const PROFILE_PICTURE_FUNCTION = 'profile-picture';

/** Checks a chosen picture before any upload; returns the problem or null. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return PROFILE_PICTURE_REFUSALS.wrongType;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PROFILE_PICTURE_REFUSALS.tooLarge;
  return null;
}
