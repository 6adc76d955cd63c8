/**
 * The profile's choice of language for messages: English or Hindi, saved at once (a failure puts the
 * choice back and says so: use-message-language.ts). Signed out, it shows nothing.
 */
import { LANGS } from '@/lib/i18n/lang';
import { useMessages } from '@/lib/i18n/use-messages';
import { LANGUAGE_NAMES, MESSAGE_LANGUAGE_WORDS } from './message-language';
import { useMessageLanguage } from './use-message-language';

export default function MessageLanguageSetting() {
  const w = useMessages(MESSAGE_LANGUAGE_WORDS);
  const { language, hidden, message, choose } = useMessageLanguage(w);

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
