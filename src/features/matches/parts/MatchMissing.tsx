/** No match has this link, or it could not be loaded: say so, and where to go instead. */
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { MATCH_PAGE_WORDS } from '../match-page-words';

export function MatchMissing({ problem }: { problem: string | null }) {
  const lang = useStore($lang);
  const w = MATCH_PAGE_WORDS[lang];
  return (
    <div className="card p-6 text-center sm:p-8" data-match-missing>
      <h1 className="section-title text-3xl">{w.header.match}</h1>
      <p className="mt-3 text-lg font-bold" role="alert">
        {problem === null ? w.missing.noMatch : w.missing.loadFailed(problem)}
      </p>
      <p className="mt-2 text-mist">
        <a href={localePath(ROUTES.tournaments.path, lang)} className="underline hover:text-lime">
          {w.loading.everyTournament}
        </a>
      </p>
    </div>
  );
}
