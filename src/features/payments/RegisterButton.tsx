/**
 * A tournament card's 'Register Now' that knows the player (spec 4): a signed-in player who
 * already holds slots sees a green, disabled 'Registered'; while their registrations load the
 * button shows a spinner and 'Processing...'. Visitors without a stored session never download
 * supabase-js: they get the plain link.
 */
import { useEffect, useState } from 'react';
import { sessionStorageKey } from '@/features/auth/auth';
import { settings } from '@/lib/settings';
import { summariseRegistrations } from './payments';

type Props = { tournamentId: string; href: string };
type State = 'register' | 'processing' | 'registered';

function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(sessionStorageKey(settings.supabase.url)) !== null;
  } catch {
    return false;
  }
}

export default function RegisterButton({ tournamentId, href }: Props) {
  const [state, setState] = useState<State>('register');

  useEffect(() => {
    if (!hasStoredSession()) return;
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
        import('./payments.api')
          .then(({ fetchOwnRegistrations }) => fetchOwnRegistrations(session.user.id))
          .then((rows) => {
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
  }, [tournamentId]);

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
  return (
    <a href={href} className="btn btn-primary w-full">
      Register Now
    </a>
  );
}
