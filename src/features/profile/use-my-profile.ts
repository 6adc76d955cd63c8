/**
 * The signed-in player (a guest is sent to /login) and their profile row, followed live (profile-store.ts)
 * so completing the profile on another device locks this page too.
 */
import { useStore } from '@nanostores/react';
import { useDeferredValue, useEffect } from 'react';
import { useRequiredSession } from '@/features/auth/use-required-session';
import { $profile, followMyProfile } from './profile-store';

export function useMyProfile() {
  const session = useRequiredSession();
  const userId = session?.user.id;
  // The store updates synchronously; the deferred copy lets React draw the whole form in slices that
  // yield to the browser, instead of one long task when the profile arrives.
  const profile = useDeferredValue(useStore($profile));

  useEffect(() => {
    if (!userId) return;
    return followMyProfile(userId);
  }, [userId]);

  return { session, profile };
}
