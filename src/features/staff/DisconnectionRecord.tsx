/**
 * Beside a dispute, what the match page ruled on a disconnection before it (a restart, or the minutes left with
 * the score carried) and the reports it ruled on (the game minute, the score with the names, a claim the opponent
 * quit). The referee
 * decides with what the players were told in front of them.
 */
import { namedScore, type SideNames } from '@/features/matches/match-day/match-day';
import { useDisconnectionRecord } from './use-disconnection-record';

const RULING_WORDS = {
  restart: 'The page ruled a restart from 0–0.',
  play_remaining: 'The page ruled a replay of the minutes left, the score carried.',
} as const;

export function DisconnectionRecord({
  matchId,
  names,
  entryIds,
}: {
  matchId: string;
  names: SideNames;
  entryIds: [string | null, string | null];
}) {
  const state = useDisconnectionRecord(matchId);
  // Reports that disagreed are the dispute's own statements; this adds what the page ruled before a dispute came.
  if (state.status !== 'ready' || state.value.ruling === null) return null;
  const day = state.value;
  const nameOf = (entryId: string) => (entryId === entryIds[0] ? names.a : entryId === entryIds[1] ? names.b : 'A player');
  return (
    <section className="grid gap-2 text-sm" data-dispute-disconnection>
      <h4 className="text-lg font-bold">Disconnection on the match page</h4>
      <ul className="grid gap-1">
        {day.reports.map((report) => (
          <li key={`${report.entry_id}-${report.episode}`} data-disconnection-report={report.entry_id}>
            {nameOf(report.entry_id)}
            {report.episode > 1 ? ' (after the replay began)' : ''}: minute {report.minute} at {namedScore(report.score, names)}
            {report.claims_quit ? ', says the opponent quit on purpose' : ''}
          </li>
        ))}
      </ul>
      {day.ruling && (
        <p className="font-semibold" data-dispute-ruling={day.ruling}>
          {RULING_WORDS[day.ruling]}
          {day.ruling === 'play_remaining' && day.carried_score
            ? ` Carried: ${namedScore(day.carried_score, names)}, ${day.minutes_left ?? 0} minutes left to play.`
            : ''}
        </p>
      )}
    </section>
  );
}
