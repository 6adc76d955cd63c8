/**
 * The signed-in player's profile row, shared by the islands of the profile page. It follows
 * the database live: an update made from another device or tab lands here through Realtime.
 */
import { atom } from 'nanostores';
import { PROFILE_MESSAGES, type Profile } from './profile';

type ProfileState = { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'error'; message: string };

export const $profile = atom<ProfileState>({ status: 'loading' });

/** Loads the row, then keeps it current until the returned function is called. */
export function followMyProfile(userId: string): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  $profile.set({ status: 'loading' });
  void import('./profile.api').then(async (api) => {
    if (stopped) return;
    unsubscribe = api.subscribeToMyProfile(userId, (row) => {
      // Realtime rows may omit columns the client never had; merge over what we know.
      const current = $profile.get();
      $profile.set({ status: 'ready', profile: current.status === 'ready' ? { ...current.profile, ...row } : row });
    });
    try {
      const profile = await api.fetchMyProfile();
      if (!stopped) $profile.set({ status: 'ready', profile });
    } catch {
      if (!stopped) $profile.set({ status: 'error', message: PROFILE_MESSAGES.loadFailed });
    }
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

export function replaceProfile(profile: Profile): void {
  $profile.set({ status: 'ready', profile });
}
