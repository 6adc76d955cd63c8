/**
 * The profile's IO: the get_my_profile / update_my_profile functions (which check the caller
 * and enforce the rules again), the profile-picture function and the Realtime feed of the row.
 */
import { getSupabase } from '@/lib/supabase';
import { PROFILE_PICTURE_FUNCTION, type Profile, type ValidProfileForm } from './profile';

/** Set-returning functions come back as arrays, scalar-row ones as objects: accept both. */
function singleRow<T>(data: unknown): T | null {
  if (Array.isArray(data)) return (data[0] as T | undefined) ?? null;
  return (data as T | null) ?? null;
}

export async function fetchMyProfile(): Promise<Profile> {
  const { data, error } = await getSupabase().rpc('get_my_profile');
  if (error) throw error;
  const row = singleRow<Profile>(data);
  if (!row) throw new Error('Profile row missing');
  return row;
}

export async function saveMyProfile(values: ValidProfileForm, profileImageUrl: string | null): Promise<Profile> {
  const { data, error } = await getSupabase().rpc('update_my_profile', {
    p_legal_name: values.legalName,
    p_in_game_name: values.inGameName,
    p_age: null,
    p_game_user_id: values.gameUserId === '' ? null : values.gameUserId,
    p_profile_image_url: profileImageUrl,
    p_date_of_birth: values.dateOfBirth,
    p_lives_in_india: values.livesInIndia,
  });
  if (error) throw error;
  const row = singleRow<Profile>(data);
  if (!row) throw new Error('Profile row missing');
  return row;
}

/**
 * What a completed profile may still add: a date of birth (profiles completed before it was asked) and
 * the confirmation of residence in India. Both are kept once given.
 */
export async function saveMyEligibilityDetails(details: { dateOfBirth: string | null; livesInIndia: boolean }): Promise<Profile> {
  const { data, error } = await getSupabase().rpc('set_my_eligibility_details', {
    p_date_of_birth: details.dateOfBirth,
    p_lives_in_india: details.livesInIndia,
  });
  if (error) throw error;
  const row = singleRow<Profile>(data);
  if (!row) throw new Error('Profile row missing');
  return row;
}

/**
 * Sends the picture to the profile-picture function, which checks its bytes are an image and stores
 * it under the player's id (the bucket takes no direct writes). Returns its public address.
 */
export async function uploadProfileImage(file: File): Promise<string> {
  const { data, error } = await getSupabase().functions.invoke<{ url: string }>(PROFILE_PICTURE_FUNCTION, { body: file });
  if (error) {
    // The function's own message (not an image, too large, quota) is worth showing.
    const context = (error as { context?: Response }).context;
    const body = context ? ((await context.json().catch(() => null)) as { error?: string } | null) : null;
    throw new Error(body?.error ?? error.message);
  }
  if (!data?.url) throw new Error('The picture was not stored');
  return data.url;
}

/** Calls `onChange` with the new row whenever the player's profile is updated anywhere. */
export function subscribeToMyProfile(userId: string, onChange: (row: Profile) => void): () => void {
  const supabase = getSupabase();
  const channel = supabase
    .channel(`profile-${userId}`)
    .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${userId}` }, (payload) =>
      onChange(payload.new as Profile),
    )
    .subscribe();
  return () => {
    void supabase.removeChannel(channel);
  };
}
