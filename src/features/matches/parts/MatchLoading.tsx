/**
 * The island's server-rendered state, which is also the page before (or without) JavaScript: the frame of
 * the match (heading, players, facts, the steps' room) with what the page is and where else to go. The steps'
 * room says how a match runs, so a player reads the flow while theirs loads (and it is the page's largest
 * text at first paint, so the page counts as painted before the data arrives).
 */
import { ROUTES } from '@/lib/routes';
import { MatchFacts } from './MatchFacts';
import { MatchHeader } from './MatchHeader';
import { PlayersPanel } from './PlayersPanel';
import { StepsSpace } from './StepsSpace';

export function MatchLoading() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5" aria-busy="true" data-match-loading>
      <MatchHeader view={null} />
      <PlayersPanel view={null} />
      <MatchFacts view={null} now={0} />
      <StepsSpace>
        <p className="text-mist" data-match-how>
          Loading the match. How it runs: the host creates a friend-match room in eFootball and posts its id and password here, both players
          press Ready once they are in the room, then each reports the score with a screenshot of the result screen. Reports that disagree
          go to staff as a dispute.
        </p>
        <p className="mt-3 text-sm text-mist">
          This page needs JavaScript to show the match and let its players post the room, press Ready and report the result.{' '}
          <a href={ROUTES.tournaments.path} className="underline hover:text-lime">
            See every tournament
          </a>
          .
        </p>
      </StepsSpace>
    </div>
  );
}
