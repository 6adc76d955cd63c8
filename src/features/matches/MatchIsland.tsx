/**
 * The match page's island (`/match/?id=<match id>`): one flow on a phone: the two players, the time in IST
 * with a countdown, who hosts, then the steps (room, Ready, report, confirm or dispute, walkover) and the
 * outcome, and the match chat. Spectators see players, time, status, score and the referee's note only;
 * the room is never fetched for them (the database refuses it anyway). Everything it shows comes from useMatchPage; this file only lays it out.
 *
 * Rendered on the server in its loading state: the page's frame, readable before JavaScript.
 */
import { MatchChat } from './chat/MatchChat';
import { MatchSettingsCard } from './match-day/MatchSettingsCard';
import { MatchFacts } from './parts/MatchFacts';
import { MatchHeader } from './parts/MatchHeader';
import { MatchLoading } from './parts/MatchLoading';
import { MatchMissing } from './parts/MatchMissing';
import { MatchOutcome } from './parts/MatchOutcome';
import { MatchSoundCue } from './parts/MatchSoundCue';
import { PlayersPanel } from './parts/PlayersPanel';
import { RefereeNote } from './parts/RefereeNote';
import { SpectatorNote } from './parts/SpectatorNote';
import { StepsSpace } from './parts/StepsSpace';
import { PlayerSteps } from './steps/PlayerSteps';
import { useMatchPage } from './use-match-page';

export default function MatchIsland() {
  const page = useMatchPage();
  if (page.status === 'loading') return <MatchLoading />;
  if (page.status === 'missing') return <MatchMissing problem={null} />;
  if (page.status === 'error') return <MatchMissing problem={page.message} />;

  const { view, sideKnown, playersView, userId, now, reload } = page;
  const { match, situation } = view;
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-5" data-match={match.id} data-match-status={match.status}>
      <MatchHeader view={view} />
      <PlayersPanel view={view} />
      <MatchFacts view={view} now={now} />
      {!situation.over && match.entry_a !== null && match.entry_b !== null && (
        <MatchSettingsCard matchId={match.id} roundName={view.roundName} />
      )}
      {situation.over ? (
        <>
          <MatchOutcome view={view} />
          <RefereeNote decision={playersView.decision} />
        </>
      ) : !sideKnown ? (
        <StepsSpace />
      ) : situation.role === 'spectator' ? (
        <SpectatorNote matchId={match.id} signedIn={userId !== null} />
      ) : (
        <>
          <MatchSoundCue match={match} side={view.side ?? 'a'} reports={playersView.reports} />
          <PlayerSteps
            match={match}
            situation={situation}
            now={now}
            userId={userId ?? ''}
            names={view.mine}
            entryNames={view.names}
            playersView={playersView}
            onChanged={reload}
          />
        </>
      )}
      {sideKnown && userId !== null && match.entry_a && match.entry_b && <MatchChat matchId={match.id} names={view.names} />}
    </article>
  );
}
