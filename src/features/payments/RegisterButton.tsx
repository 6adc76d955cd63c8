/**
 * A tournament card's 'Register Now' that knows the player (spec 4): a signed-in player who
 * already holds slots sees a green, disabled 'Registered'; while their registrations load the
 * button shows a spinner and 'Processing...'. Visitors without a stored session never download
 * supabase-js: they get the plain link.
 */
import { useEffect, useState } from 'react';
import { LOGIN_TO_REGISTER_MESSAGE } from '@/features/auth/auth';
import { leaveFlashMessage } from '@/features/auth/guard';

/**
 * `sessionKey` is the stored-session key (auth.ts sessionStorageKey), computed at build time:
 * importing the settings module here would ship zod to every landing visitor.
 */
type Props = { tournamentId: string; href: string; sessionKey: string };
type State = 'register' | 'processing' | 'registered';

function hasStoredSession(sessionKey: string): boolean {
  try {
    return localStorage.getItem(sessionKey) !== null;
  } catch {
    return false;
  }
}

export default function RegisterButton({ tournamentId, href, sessionKey }: Props) {
  const [state, setState] = useState<State>('register');

  useEffect(() => {
    if (!hasStoredSession(sessionKey)) return;
    setState('processing');
    let cancelled = false;
    let unsubscribe = () => {};
    void import('@/stores/session').then(({ $session }) => {
      unsubscribe = $session.subscribe((session) => {
        if (session.status === 'loading') return;
        if (session.status !== 'signed-in') {
          if (!cancelled) setState('register');
          return;
        }
        // Loaded only for signed-in players, so visitors never download zod or supabase-js.
        Promise.all([import('./payments.api'), import('./payments')])
          .then(async ([{ fetchOwnRegistrations }, { summariseRegistrations }]) => {
            const rows = await fetchOwnRegistrations(session.user.id);
            if (!cancelled) setState(summariseRegistrations(rows, tournamentId).slots > 0 ? 'registered' : 'register');
          })
          .catch(() => {
            if (!cancelled) setState('register');
          });
      });
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [tournamentId, sessionKey]);

  if (state === 'registered') {
    return (
      <button type="button" className="btn w-full border-2 border-lime text-lime" disabled>
        Registered
      </button>
    );
  }
  if (state === 'processing') {
    return (
      <button type="button" className="btn w-full" disabled aria-busy="true">
        <span
          aria-hidden="true"
          className="inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
        Processing...
      </button>
    );
  }
  // A visitor who is not signed in goes through the sign-up screen first, which says why.
  const explainSignUp = () => {
    if (!hasStoredSession(sessionKey)) leaveFlashMessage(LOGIN_TO_REGISTER_MESSAGE);
  };
  return (
    <a href={href} className="btn btn-primary w-full" onClick={explainSignUp}>
      Register Now
    </a>
  );
}
