/**
 * The invitation page's data and action: the invitation named by `?token=`, and accepting it (signed-out
 * visitors sign in first). Apart from the entries' hooks, so pages that show entries do not carry it.
 */
import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { redirectToLogin } from '@/features/auth/guard';
import { onDemand } from '@/lib/on-demand';
import { useSession } from '@/stores/use-session';
import type { InvitationSchema } from './brackets.schemas';
import { EntryActionError, entryErrorMessage, isInvitationToken, PROFILE_HINTS } from './entries';

const api = onDemand(() => import('./brackets.api'));

export type Invitation = z.infer<typeof InvitationSchema>;

export type InvitationState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'not-found'; message: string }
  | { status: 'ready'; token: string; invitation: Invitation }
  | { status: 'accepting'; token: string; invitation: Invitation }
  | { status: 'accepted'; invitation: Invitation }
  | { status: 'refused'; token: string; invitation: Invitation; message: string; profile: boolean };

/** The invitation page: the invitation named by `?token=`, and accepting it (signed-out visitors sign in first). */
export function useInvitation() {
  const session = useSession();
  const [state, setState] = useState<InvitationState>({ status: 'loading' });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token')?.trim();
    if (!token) {
      setState({ status: 'missing' });
      return;
    }
    if (!isInvitationToken(token)) {
      setState({ status: 'not-found', message: entryErrorMessage(new EntryActionError('', 'invitation_not_found')) });
      return;
    }
    api()
      .then((calls) => calls.fetchInvitation(token))
      .then((invitation) => setState({ status: 'ready', token, invitation }))
      .catch((error: unknown) => setState({ status: 'not-found', message: entryErrorMessage(error) }));
  }, []);

  async function accept(token: string, invitation: Invitation) {
    if (session.status !== 'signed-in') {
      redirectToLogin('Sign in to accept your invitation.');
      return;
    }
    setState({ status: 'accepting', token, invitation });
    try {
      await (await api()).acceptInvitation(token);
      setState({ status: 'accepted', invitation });
    } catch (error) {
      const hint = error instanceof EntryActionError ? error.hint : null;
      setState({
        status: 'refused',
        token,
        invitation,
        message: entryErrorMessage(error),
        profile: hint !== null && PROFILE_HINTS.has(hint),
      });
    }
  }

  return { session, state, accept };
}
