/**
 * The signed-in state every island shares: one atom, fed by Supabase Auth.
 *
 * supabase-js is imported only when an island first listens, so a page without islands never
 * downloads it. While the atom is watched it also keeps the header's `data-auth` flag in step
 * (a token that fails to refresh signs the player out everywhere on the page at once).
 */
import { atom, onMount } from 'nanostores';
import type { Session } from '@supabase/supabase-js';
import { assuranceOf, needsSecondFactor, type AssuranceLevel } from '@/features/auth/auth';
import { markHeaderSignedIn } from '@/components/auth/authNavState';

export interface SignedInUser {
  id: string;
  email: string | null;
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      user: SignedInUser;
      assurance: { current: AssuranceLevel | null; next: AssuranceLevel | null };
      /** Signed in with the e-mail code but the authenticator code is still owed. */
      needsSecondFactor: boolean;
    };

export const $session = atom<SessionState>({ status: 'loading' });

export function sessionStateFrom(session: Session | null): SessionState {
  if (!session) return { status: 'signed-out' };
  const assurance = assuranceOf(session.access_token, session.user.factors);
  return {
    status: 'signed-in',
    user: { id: session.user.id, email: session.user.email ?? null },
    assurance,
    needsSecondFactor: needsSecondFactor(assurance.current, assurance.next),
  };
}

onMount($session, () => {
  let stop = () => {};
  let unmounted = false;
  void import('@/lib/supabase')
    .then(({ getSupabase }) => {
      if (unmounted) return;
      // INITIAL_SESSION arrives first (after an expired token has been refreshed), then every change.
      const { data } = getSupabase().auth.onAuthStateChange((_event, session) => {
        const state = sessionStateFrom(session);
        $session.set(state);
        markHeaderSignedIn(state.status === 'signed-in' && !state.needsSecondFactor);
      });
      stop = () => data.subscription.unsubscribe();
    })
    .catch(() => {
      // Without the client nobody can be signed in; guards then send the player to /login.
      $session.set({ status: 'signed-out' });
    });
  return () => {
    unmounted = true;
    stop();
  };
});

/** Signs out this browser's session on the server and locally. */
export async function signOut(): Promise<void> {
  const { getSupabase } = await import('@/lib/supabase');
  const { error } = await getSupabase().auth.signOut({ scope: 'local' });
  // A session the server no longer knows is gone anyway; supabase-js has cleared it locally.
  if (error && error.status !== 401 && error.status !== 403 && error.status !== 404) throw error;
  markHeaderSignedIn(false);
}
