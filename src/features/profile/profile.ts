/**
 * The player profile: its shape, the form's validation (spec 5) and the picture rules.
 * Pure functions only; talking to Supabase lives in profile.api.ts.
 */
import { z } from 'zod';
import { INVISIBLE_NAME_MESSAGE, isVisibleName } from './name-rule';

/** Spec 8, word for word. */
export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile data',
  notLoggedIn: 'Not logged in. Please sign in first.',
  updateFailed: 'Failed to update profile. Please try again.',
  unexpected: 'Something went wrong. Please try again.',
  uploadFailed: 'Failed to upload image',
  saved: 'Profile updated successfully!',
  missingRequired: 'Please fill in all required fields',
  completedBanner: 'Profile Completed Successfully!',
} as const;

export const MIN_AGE = 13;
export const MAX_AGE = 100;
export const GAME_USER_ID_LENGTH = 13;
/** After a successful save the player moves on to the dashboard after this long (spec 4). */
export const REDIRECT_AFTER_SAVE_MS = 1500;

/** A row of `profiles` as get_my_profile / update_my_profile return it. */
export interface Profile {
  id: string;
  email: string | null;
  legal_name: string | null;
  in_game_name: string | null;
  age: number | null;
  game_user_id: string | null;
  profile_completed: boolean;
  profile_image_url: string | null;
  updated_at: string | null;
}

/** What the form edits, in the form's own types (age may be absent while typing). */
export interface ProfileFormValues {
  legalName: string;
  inGameName: string;
  age: number | undefined;
  gameUserId: string;
}

/** "abcd-123-456-789" → "ABCD123456789": the game shows the ID in groups; it is stored without them. */
export function normaliseGameUserId(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

export const ProfileFormSchema = z.object({
  legalName: z
    .string()
    .trim()
    .min(2, 'Legal Name is required')
    .max(100, 'Legal Name must be at most 100 characters')
    .refine(isVisibleName, INVISIBLE_NAME_MESSAGE('Legal Name')),
  inGameName: z
    .string()
    .trim()
    .min(2, 'In-Game Name is required')
    .max(40, 'In-Game Name must be at most 40 characters')
    .refine(isVisibleName, INVISIBLE_NAME_MESSAGE('In-Game Name')),
  age: z
    .number({ error: 'Age is required' })
    .int('Age must be a whole number')
    .min(MIN_AGE, 'Must be at least 13 years old')
    .max(MAX_AGE, 'Must be under 100 years old'),
  // Prizes and fixtures need the player's eFootball user ID: 13 letters and digits.
  gameUserId: z
    .string()
    .transform(normaliseGameUserId)
    .pipe(
      z
        .string()
        .min(1, 'eFootball User ID is required')
        .regex(new RegExp(`^[A-Z0-9]{${GAME_USER_ID_LENGTH}}$`), 'eFootball User ID must be exactly 13 letters or digits'),
    ),
});

export type ValidProfileForm = z.infer<typeof ProfileFormSchema>;
export type ProfileFieldErrors = Partial<Record<keyof ProfileFormValues, string>>;

export type ProfileValidation =
  | { ok: true; values: ValidProfileForm }
  | { ok: false; fieldErrors: ProfileFieldErrors; summary: string | null };

/**
 * Validates the form. `summary` is 'Please fill in all required fields' when any required field
 * is empty (the spec's submit-time message); field errors say what is wrong with each.
 */
export function validateProfileForm(values: ProfileFormValues): ProfileValidation {
  const result = ProfileFormSchema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const fieldErrors: ProfileFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ProfileFormValues;
    fieldErrors[field] ??= issue.message;
  }
  const anyRequiredEmpty =
    values.legalName.trim() === '' ||
    values.inGameName.trim() === '' ||
    values.age === undefined ||
    normaliseGameUserId(values.gameUserId) === '';
  return { ok: false, fieldErrors, summary: anyRequiredEmpty ? PROFILE_MESSAGES.missingRequired : null };
}

/** The numeric age input: empty means undefined (not 0), anything unparsable too. */
export function parseAgeInput(raw: string): number | undefined {
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

export function formValuesFromProfile(profile: Profile | null): ProfileFormValues {
  return {
    legalName: profile?.legal_name ?? '',
    inGameName: profile?.in_game_name ?? '',
    age: profile?.age ?? undefined,
    gameUserId: profile?.game_user_id ?? '',
  };
}

/* ---------- Profile picture ---------- */

/** The edge function every picture goes through (it checks the bytes, not the name or the type). */
export const PROFILE_PICTURE_FUNCTION = 'profile-picture';
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
export const ACCEPTED_IMAGE_TYPES = Object.keys(IMAGE_EXTENSIONS);

export const IMAGE_MESSAGES = {
  wrongType: 'Please choose a JPG, PNG or WebP image',
  tooLarge: 'Image must be 2 MB or smaller',
} as const;

/** Checks a chosen picture before any upload; returns the problem or null. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(file.type in IMAGE_EXTENSIONS)) return IMAGE_MESSAGES.wrongType;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}
