/**
 * Loads and changes the language the player's messages come in (profiles.language). A change shows at once
 * and is put back if saving fails. `hidden` when there is no signed-in player with a profile (the page's guard
 * and form deal with those); `message` says what happened, in the page's language.
 */
import { useEffect, useState } from 'react';
import type { Lang } from '@/lib/i18n/lang';
import { onDemand } from '@/lib/on-demand';
import type { MessageLanguageWords } from './message-language';

const api = onDemand(() => import('./message-language.api'));

export function useMessageLanguage(w: MessageLanguageWords) {
  const [language, setLanguage] = useState<Lang | null>(null);
  const [hidden, setHidden] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    api()
      .then((calls) => calls.fetchMyMessageLanguage())
      .then(setLanguage)
      .catch((error: unknown) => {
        const hint = (error as { hint?: string | null }).hint;
        if (hint === 'not_signed_in' || hint === 'profile_not_found') setHidden(true);
        else setMessage(w.loadFailed);
      });
  }, [w]);

  async function choose(next: Lang) {
    const before = language;
    setLanguage(next);
    try {
      setLanguage(await (await api()).setMyMessageLanguage(next));
      setMessage(w.saved(next));
    } catch {
      setLanguage(before);
      setMessage(w.failed);
    }
  }

  return { language, hidden, message, choose };
}
