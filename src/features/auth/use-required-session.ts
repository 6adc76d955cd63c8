/**
 * For islands of guarded pages: the signed-in player, or null while the session is being
 * read. An anonymous visitor (or one who still owes the authenticator code) is sent to /login
 * with 'Please log in to access this page'.
 */
import { useSession } from '@/stores/use-session';
import { useEffect } from 'react';
import { isSignedIn, type SessionState } from '@/stores/session';
import { redirectToLogin } from './guard';

type SignedInSession = Extract<SessionState, { status: 'signed-in' }>;

export function useRequiredSession(): SignedInSession | null {
  const session = useSession();
  const allowed = isSignedIn(session);
  useEffect(() => {
    if (session.status !== 'loading' && !allowed) redirectToLogin();
  }, [session, allowed]);
  return isSignedIn(session) ? session : null;
}
