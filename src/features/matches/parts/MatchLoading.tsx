/**
 * The island's server-rendered state, which is also the page before (or without) JavaScript: the frame of
 * the match (heading, players, facts, the steps' room) with what the page is and where else to go. The steps'
 * room says how a match runs, so a player reads the flow while theirs loads (and it is the page's largest
 * text at first paint, so the page counts as painted before the data arrives).
 */
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import { MatchFacts } from './MatchFacts';
import { MatchHeader } from './MatchHeader';
import { PlayersPanel } from './PlayersPanel';
import { StepsSpace } from './StepsSpace';

export function MatchLoading() {
  const lang = useStore($lang);
  const w = MATCH_PAGE_WORDS[lang].loading;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5" aria-busy="true" data-match-loading>
      <MatchHeader view={null} />
      <PlayersPanel view={null} />
      <MatchFacts view={null} now={0} />
      <StepsSpace>
        <p className="text-mist" data-match-how>
          {w.how}
        </p>
        <p className="mt-3 text-sm text-mist">
          {w.needsJs}{' '}
          <a href={localePath(ROUTES.tournaments.path, lang)} className="underline hover:text-lime">
            {w.everyTournament}
          </a>
          .
        </p>
      </StepsSpace>
    </div>
  );
}
