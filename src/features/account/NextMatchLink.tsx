/** The player's next match in one tournament: round, opponent and time, linking to its match page. */
import { useStore } from '@nanostores/react';
import { whenIn } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/lang';
import { matchHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import type { NextMatch } from './home';
import { MY_TOURNAMENTS_WORDS } from './my-tournaments-words';

export function NextMatchLink({ next, label }: { next: NextMatch; label?: string }) {
  const lang = useStore($lang);
  const w = MY_TOURNAMENTS_WORDS[lang];
  return (
    <a
      href={localePath(matchHref(next.match_id), lang)}
      className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-lime/60 bg-lime/10 p-4 hover:border-lime"
      data-next-match={next.match_id}
    >
      <span className="min-w-0">
        <span className="block text-xs font-bold tracking-wider text-lime uppercase">{label ?? w.nextMatch}</span>
        <span className="block font-semibold break-words">{w.nextMatchLine(w.round(next.round_name), next.opponent)}</span>
        <time className="block text-sm text-mist" dateTime={next.scheduled_at}>
          {whenIn(lang, next.scheduled_at)}
        </time>
      </span>
      <span className="btn btn-primary shrink-0">{w.openMatch}</span>
    </a>
  );
}
