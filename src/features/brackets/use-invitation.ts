/**
 * The invitation page's data and action: the invitation named by `?token=`, and accepting it (signed-out
 * visitors sign in first). Apart from the entries' hooks, so pages that show entries do not carry it.
 */
import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { redirectToLogin } from '@/features/auth/guard';
import { onDemand } from '@/lib/on-demand';
import { $lang } from '@/stores/lang';
import { useSession } from '@/stores/use-session';
import type { InvitationSchema } from './brackets.schemas';
import { CHECK_IN_WORDS } from './check-in-words';
import { EntryActionError, entryErrorMessage, isInvitationToken, PROFILE_HINTS } from './entries';
import { INVITE_WORDS } from './invite-words';

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

/**
 * A refused invitation in the page's language: the entry refusals' words by hint; on a Hindi page a hint they do
 * not word (a profile that stands in the way: age, residence, consent) reads the refusals' Hindi table, and never
 * the database's English sentence.
 */
async function refusalWords(error: unknown): Promise<string> {
  const lang = $lang.get();
  const words = CHECK_IN_WORDS[lang].errors;
  const hint = error instanceof EntryActionError ? error.hint : null;
  if (lang === 'hi' && hint !== null && !Object.hasOwn(words, hint)) return (await import('@/lib/i18n/refusal')).refusalCodeHi(hint);
  return entryErrorMessage(error, undefined, words);
}

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
      setState({
        status: 'not-found',
        message: entryErrorMessage(new EntryActionError('', 'invitation_not_found'), undefined, CHECK_IN_WORDS[$lang.get()].errors),
      });
      return;
    }
    api()
      .then((calls) => calls.fetchInvitation(token))
      .then((invitation) => setState({ status: 'ready', token, invitation }))
      .catch(async (error: unknown) => setState({ status: 'not-found', message: await refusalWords(error) }));
  }, []);

  async function accept(token: string, invitation: Invitation) {
    if (session.status !== 'signed-in') {
      redirectToLogin(INVITE_WORDS[$lang.get()].signInNote);
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
        message: await refusalWords(error),
        profile: hint !== null && PROFILE_HINTS.has(hint),
      });
    }
  }

  return { session, state, accept };
}
