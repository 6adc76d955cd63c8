/** The tournament and the round above the heading "A vs B"; while loading, the heading "Match" in the same place. */
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { $lang } from '@/stores/lang';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import type { MatchView } from '../match-view';

export function MatchHeader({ view }: { view: MatchView | null }) {
  const lang = useStore($lang);
  const w = MATCH_PAGE_WORDS[lang];
  return (
    <header>
      <p className="text-sm text-mist">
        {view ? (
          <>
            <a href={localePath(view.tournamentHref, lang)} className="underline-offset-2 hover:text-chalk hover:underline">
              {view.title ?? w.header.tournament}
            </a>{' '}
            · <span data-round-name>{w.round(view.roundName)}</span>
          </>
        ) : (
          // Holds the line's height, so the heading does not move when the names arrive.
          <span className="invisible">{w.header.placeholder}</span>
        )}
      </p>
      <h1 className="section-title mt-2 text-3xl break-words normal-case sm:text-5xl">
        {view ? (
          <>
            {view.names.a} <span className="text-mist">{w.header.vs}</span> {view.names.b}
          </>
        ) : (
          w.header.match
        )}
      </h1>
    </header>
  );
}
