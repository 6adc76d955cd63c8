/**
 * The signed-in state every island shares: one atom, fed by Supabase Auth, and the one place that says
 * what "signed in" means: a session, and the authenticator code entered (aal2) when the player enrolled
 * an authenticator app. A player who has only passed the e-mail step of a two-step sign-in is in the
 * separate `second-step` state, so no island or guard can mistake them for signed in (the database and
 * the edge functions refuse them too).
 *
 * The Supabase client is imported only when an island first listens, so a page without islands never
 * downloads it; a fresh stored session is read at once and Auth itself loads when the page is idle.
 * While the atom is watched it also keeps the header's `data-auth` flag in step (a token that fails
 * to refresh signs the player out everywhere on the page at once).
 */
import { atom, onMount } from 'nanostores';
import type { Session } from '@supabase/auth-js';
import { type AssuranceLevel, assuranceOf, needsSecondFactor, type StoredSession } from '@/lib/stored-session';
import { markHeaderSignedIn } from '@/components/auth/auth-nav-state';
import { whenIdle } from '@/lib/hydration/first-paint';
import { loadOnDemand } from '@/lib/on-demand';

export interface SignedInUser {
  id: string;
  email: string | null;
}

type Assurance = { current: AssuranceLevel | null; next: AssuranceLevel | null };

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  /** Passed the e-mail step; the authenticator code is still owed. Not signed in. */
  | { status: 'second-step'; user: SignedInUser; assurance: Assurance }
  | { status: 'signed-in'; user: SignedInUser; assurance: Assurance };

/** Whether this state is a fully signed-in player: the only test islands and guards use. */
export function isSignedIn(state: SessionState): state is Extract<SessionState, { status: 'signed-in' }> {
  return state.status === 'signed-in';
}

export const $session = atom<SessionState>({ status: 'loading' });

export function sessionStateFrom(session: Session | StoredSession | null): SessionState {
  if (!session) return { status: 'signed-out' };
  const assurance = assuranceOf(session.access_token, session.user.factors);
  return {
    status: needsSecondFactor(assurance.current, assurance.next) ? 'second-step' : 'signed-in',
    user: { id: session.user.id, email: session.user.email ?? null },
    assurance,
  };
}

onMount($session, () => {
  let stop = () => {};
  let unmounted = false;
  void loadOnDemand(() => import('@/lib/supabase'))
    .then(({ getSupabase }) => {
      if (unmounted) return;
      const supabase = getSupabase();
      // A fresh stored session is enough to show the page and read its data; Auth (which refreshes the
      // token and hears a sign-out in another tab) follows once the page is idle.
      const stored = supabase.storedSession();
      if (stored) follow(sessionStateFrom(stored));
      const startAuth = () => {
        if (unmounted) return;
        void supabase.auth().then((auth) => {
          if (unmounted) return;
          // INITIAL_SESSION arrives first (after an expired token has been refreshed), then every change.
          const { data } = auth.onAuthStateChange((_event, session) => follow(sessionStateFrom(session)));
          stop = () => data.subscription.unsubscribe();
        });
      };
      if (stored) whenIdle(startAuth);
      else startAuth();
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

function follow(state: SessionState): void {
  if (JSON.stringify(state) === JSON.stringify($session.get())) return;
  $session.set(state);
  markHeaderSignedIn(isSignedIn(state));
  // The header's "Staff" link: checked here, where the Supabase client is loaded anyway (lib/staff-flag).
  if (isSignedIn(state)) void import('@/lib/staff-flag').then((flag) => flag.refreshStaffFlag(state.user.id));
}

/** Signs out this browser's session on the server and locally. */
export async function signOut(): Promise<void> {
  const { getSupabase } = await import('@/lib/supabase');
  const { error } = await (await getSupabase().auth()).signOut({ scope: 'local' });
  // A session the server no longer knows is gone anyway; supabase-js has cleared it locally.
  if (error && error.status !== 401 && error.status !== 403 && error.status !== 404) throw error;
  markHeaderSignedIn(false);
}
