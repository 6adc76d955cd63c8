/**
 * The parent's side of a consent, on the page the e-mails link to. Giving consent needs the parent's own
 * account (at the address the child named, holding a verified PAN); withdrawing it from the e-mail does not.
 * Apart from the player's side (use-parental-consent.ts) so the profile page does not load it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ConsentRequest } from '@/features/payments/eligibility.api';
import { describeFailure } from '@/lib/describe-failure';
import { onDemand } from '@/lib/on-demand';
import { $lang } from '@/stores/lang';
import { $session } from '@/stores/session';
import { type ConsentWords, consentWordsIn } from './consent-words';

const api = onDemand(() => import('@/features/payments/eligibility.api'));

export type ConsentForm = { code: string; parentName: string; relation: string; declaration: boolean };

export type ConsentState =
  | { status: 'loading' }
  | { status: 'ready'; token: string; request: ConsentRequest; sending: boolean; note: string | null }
  | { status: 'missing' }
  | { status: 'confirmed'; name: string | null }
  | { status: 'withdraw'; token: string; sending: boolean }
  | { status: 'withdrawn'; name: string | null }
  | { status: 'refused'; message: string };

/**
 * The link's token is kept in this tab while the parent signs in: the sign-in screen brings them back to
 * the page without it (so the token never travels in an address a server logs).
 */
const KEPT_TOKEN = 'golazo:parental-consent-token';

function linkFromLocation(): { token: string; withdraw: boolean } | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const withdraw = hash.get('withdraw');
  if (withdraw) return { token: withdraw, withdraw: true };
  const token = hash.get('token') ?? new URLSearchParams(window.location.search).get('token') ?? sessionStorage.getItem(KEPT_TOKEN);
  if (token) sessionStorage.setItem(KEPT_TOKEN, token);
  return token ? { token, withdraw: false } : null;
}

/**
 * The parent's side: the link's token (in the fragment, so it never reaches a server log) shows who asks;
 * the parent signs in with their own account, types the code from the e-mail, their name and relation,
 * ticks the declaration and presses the button (never on load, so a mail scanner that opens links cannot
 * consent for them). A withdrawal link (`#withdraw=`) offers the one button that withdraws.
 */
export function useParentalConsentConfirmation() {
  const session = useStore($session);
  const [state, setState] = useState<ConsentState>({ status: 'loading' });
  // The page's words, loaded before anything but "Reading the link…" shows (consent-words.ts).
  const [words, setWords] = useState<ConsentWords | null>(null);
  useEffect(() => {
    const link = linkFromLocation();
    void (async () => {
      setWords(await consentWordsIn($lang.get()));
      if (!link) return setState({ status: 'missing' });
      if (link.withdraw) return setState({ status: 'withdraw', token: link.token, sending: false });
      try {
        const request = await (await api()).fetchParentalConsentRequest(link.token, $lang.get());
        setState({ status: 'ready', token: link.token, request, sending: false, note: null });
      } catch (error) {
        setState({ status: 'refused', message: await describeFailure(error) });
      }
    })();
  }, []);

  async function confirm(form: ConsentForm) {
    if (state.status !== 'ready' || !words) return;
    setState({ ...state, sending: true, note: null });
    try {
      const answer = await (await api()).confirmParentalConsent(state.token, form, $lang.get());
      if (answer.confirmed) {
        sessionStorage.removeItem(KEPT_TOKEN);
        return setState({ status: 'confirmed', name: answer.in_game_name });
      }
      setState({
        ...state,
        sending: false,
        note: words.wrongCode(answer.attempts_left),
      });
    } catch (error) {
      setState({ ...state, sending: false, note: await describeFailure(error) });
    }
  }

  async function withdraw() {
    if (state.status !== 'withdraw') return;
    setState({ ...state, sending: true });
    try {
      const answer = await (await api()).withdrawParentalConsent(state.token);
      setState({ status: 'withdrawn', name: answer.in_game_name });
    } catch (error) {
      setState({ status: 'refused', message: await describeFailure(error) });
    }
  }

  /** Who is signed in on this page: null while the session is read, false when nobody is. */
  const parent: { email: string | null } | false | null =
    session.status === 'loading' ? null : session.status === 'signed-in' ? { email: session.user.email } : false;
  return { state, words, parent, confirm, withdraw };
}
