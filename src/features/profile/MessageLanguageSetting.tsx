/**
 * The profile's choice of language for messages: English or Hindi, saved at once (a failure puts the
 * choice back and says so). Signed out, it shows nothing; the data module loads with the section.
 */
import { useEffect, useState } from 'react';
import { LANGS, type Lang } from '@/lib/i18n/lang';
import { useMessages } from '@/lib/i18n/use-messages';
import { onDemand } from '@/lib/on-demand';
import { LANGUAGE_NAMES, MESSAGE_LANGUAGE_WORDS } from './message-language';

const api = onDemand(() => import('./message-language.api'));

export default function MessageLanguageSetting() {
  const w = useMessages(MESSAGE_LANGUAGE_WORDS);
  const [language, setLanguage] = useState<Lang | null>(null);
  const [hidden, setHidden] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    api()
      .then((calls) => calls.fetchMyMessageLanguage())
      .then(setLanguage)
      .catch((error: unknown) => {
        // Signed out or no profile yet (the page's guard and form deal with those): nothing to choose.
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

  if (hidden) return null;
  return (
    <section id="message-language" className="card mt-6 p-5" aria-labelledby="message-language-heading">
      <h2 id="message-language-heading" className="text-lg font-bold">
        {w.heading}
      </h2>
      <p className="mt-1 text-sm text-mist">{w.intro}</p>
      {language === null ? (
        !message && <p className="mt-3 text-sm text-mist">{w.loading}</p>
      ) : (
        <fieldset className="mt-3 flex flex-wrap gap-3">
          <legend className="sr-only">{w.heading}</legend>
          {LANGS.map((option) => (
            <label
              key={option}
              lang={option}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-4 py-2 has-[:checked]:border-lime"
            >
              <input
                type="radio"
                name="message-language"
                value={option}
                className="size-5 accent-lime"
                checked={language === option}
                onChange={() => void choose(option)}
              />
              {LANGUAGE_NAMES[option]}
            </label>
          ))}
        </fieldset>
      )}
      <p className="mt-2 min-h-5 text-sm text-mist" role="status">
        {message}
      </p>
    </section>
  );
}
