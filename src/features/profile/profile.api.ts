/**
 * The profile's IO: the get_my_profile / update_my_profile functions (which check auth.uid()
 * and enforce the rules again), the picture bucket and the Realtime feed of the row.
 */
import { getSupabase } from '@/lib/supabase';
import { PROFILE_PICTURES_BUCKET, profileImageObjectName, type Profile, type ValidProfileForm } from './profile';

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
    p_age: values.age,
    p_game_user_id: values.gameUserId === '' ? null : values.gameUserId,
    p_profile_image_url: profileImageUrl,
  });
  if (error) throw error;
  const row = singleRow<Profile>(data);
  if (!row) throw new Error('Profile row missing');
  return row;
}

/** Uploads a checked picture as `{userId}-{uuid}.{ext}` and returns its public address. */
export async function uploadProfileImage(userId: string, file: File): Promise<string> {
  const storage = getSupabase().storage.from(PROFILE_PICTURES_BUCKET);
  const objectName = profileImageObjectName(userId, crypto.randomUUID(), file.type);
  const { error } = await storage.upload(objectName, file, { contentType: file.type, upsert: false });
  if (error) throw error;
  return storage.getPublicUrl(objectName).data.publicUrl;
}

/** Calls `onChange` with the new row whenever the player's profile is updated anywhere. */
export function subscribeToMyProfile(userId: string, onChange: (row: Profile) => void): () => void {
  const supabase = getSupabase();
  const channel = supabase
    .channel(`profile-${userId}`)
    .on(
      'postgres_changes',
      { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${userId}` },
      (payload) => onChange(payload.new as Profile),
    )
    .subscribe();
  return () => {
    void supabase.removeChannel(channel);
  };
}
