/**
 * The two players' steps of a match, in order: Room, Ready, Report (with Confirm or Dispute), and the
 * walkover and dispute states that lead or replace them. Which step is active comes from match-steps.ts;
 * each step is its own component, its call in use-match-actions.ts.
 */
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import type { MatchRow } from '../match-schemas';
import { RefereeNote } from '../parts/RefereeNote';
import { type MatchSituation, stepMarks } from '../match-steps';
import type { PlayersView } from '../match-view';
import { ClaimWalkover } from './ClaimWalkover';
import { ContestWalkover } from './ContestWalkover';
import { DisputedNotice } from './DisputedNotice';
import { DisputeForm } from './DisputeForm';
import { DEFAULT_MATCH_SETTINGS } from '@/lib/match-settings';
import { DisconnectionForm } from '../match-day/DisconnectionForm';
import { DisconnectionNotice } from '../match-day/DisconnectionNotice';
import { HostDuty } from '../match-day/HostDuty';
import { disconnectionStage } from '../match-day/match-day';
import { GuestRoom } from './GuestRoom';
import { HostRoom } from './HostRoom';
import { Notice } from './Notice';
import { ReadyStep } from './ReadyStep';
import { ReportStep } from './ReportStep';
import { Step } from './Step';
import { WalkoverClaimedNotice } from './WalkoverClaimedNotice';

export function PlayerSteps({
  match,
  situation: s,
  now,
  userId,
  names,
  entryNames,
  playersView,
  onChanged,
}: {
  match: MatchRow;
  situation: MatchSituation;
  now: number;
  userId: string;
  names: { me: string; opponent: string };
  /** The names shown for the match's entries a and b. */
  entryNames: { a: string; b: string };
  playersView: PlayersView;
  onChanged: () => void;
}) {
  const w = useMessages(MATCH_WORDS);
  if (s.active === 'waiting_for_opponent') {
    return <Notice title={w.waiting.title}>{w.waiting.body}</Notice>;
  }

  const marks = stepMarks(s);
  const side = s.role === 'host' ? 'a' : 'b';
  const myEntry = s.role === 'host' ? match.entry_a : match.entry_b;
  const disconnection = disconnectionStage(playersView.matchDay, myEntry);
  const canReportDisconnection =
    (match.status === 'scheduled' || match.status === 'ready') &&
    match.walkover_entry_id === null &&
    now >= s.readyOpensAt &&
    now <= s.reportClosesAt;
  const namesByEntry: Record<string, string> = {};
  if (match.entry_a) namesByEntry[match.entry_a] = entryNames.a;
  if (match.entry_b) namesByEntry[match.entry_b] = entryNames.b;
  // The database's claim time is the one that counts; the row's is the same moment.
  const contestUntil = playersView.walkover ? Date.parse(playersView.walkover.contest_until) : s.contestUntil;
  return (
    <div className="flex flex-col gap-5">
      {s.active === 'disputed' && (
        <DisputedNotice
          matchId={match.id}
          userId={userId}
          dispute={playersView.dispute}
          myEntry={myEntry}
          names={names}
          entryNames={namesByEntry}
          now={now}
          onChanged={onChanged}
        />
      )}
      {s.active !== 'disputed' && <RefereeNote decision={playersView.decision} />}
      <DisconnectionNotice match={match} situation={s} side={side} state={playersView.matchDay} myEntry={myEntry} names={names} />
      {s.active === 'too_late' && (
        <Notice title={w.tooLate.title} tone="alert">
          {w.tooLate.body}
        </Notice>
      )}
      {s.active === 'contest_walkover' && (
        <ContestWalkover matchId={match.id} contestUntil={contestUntil} now={now} onChanged={onChanged} />
      )}
      {s.active === 'walkover_claimed' && <WalkoverClaimedNotice opponent={names.opponent} contestUntil={contestUntil} now={now} />}
      {s.active === 'walkover' && <ClaimWalkover matchId={match.id} opponent={names.opponent} onChanged={onChanged} />}

      <ol className="flex flex-col gap-3" aria-label={w.steps.label}>
        <Step number={1} title={w.steps.room} mark={marks.room} data="room">
          <HostDuty match={match} situation={s} now={now} names={names} />
          {s.hosting || s.canTakeOverRoom ? (
            <HostRoom match={match} situation={s} onChanged={onChanged} />
          ) : (
            <GuestRoom match={match} host={names.opponent} />
          )}
        </Step>
        <Step number={2} title={w.steps.ready} mark={marks.ready} data="ready">
          <ReadyStep match={match} situation={s} now={now} opponent={names.opponent} onChanged={onChanged} />
        </Step>
        <Step number={3} title={w.steps.report} mark={marks.report} data="report">
          <ReportStep
            match={match}
            situation={s}
            now={now}
            userId={userId}
            opponent={names.opponent}
            entryNames={entryNames}
            playersView={playersView}
            onChanged={onChanged}
          />
        </Step>
      </ol>

      {canReportDisconnection && disconnection.kind !== 'mine_waiting' && (
        <DisconnectionForm
          matchId={match.id}
          opponent={names.opponent}
          restartByMinute={playersView.matchDay?.restart_by_minute ?? DEFAULT_MATCH_SETTINGS.restartByMinute}
          prominent={disconnection.kind === 'opponent_waiting'}
          onChanged={onChanged}
        />
      )}
      {s.canDispute && s.active !== 'contest_walkover' && (
        <DisputeForm matchId={match.id} reasons={playersView.dispute_reasons} now={now} prominent={s.canConfirm} onChanged={onChanged} />
      )}
    </div>
  );
}
