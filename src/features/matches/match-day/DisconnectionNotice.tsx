/**
 * The page's ruling on a disconnection, live for both players (the row changes through Realtime): restart,
 * or the minutes left with the score carried, the new room and until when the total score is reported. While
 * only one player has reported, both read where it stands.
 */
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { Notice } from '../steps/Notice';
import type { MatchRow } from '../match-schemas';
import type { MatchSituation, Side } from '../match-steps';
import { disconnectionStage, type MatchDayState, reportWords, rulingWords } from './match-day';

export function DisconnectionNotice({
  match,
  situation: s,
  side,
  state,
  myEntry,
  names,
}: {
  match: MatchRow;
  situation: MatchSituation;
  side: Side;
  state: MatchDayState | null;
  myEntry: string | null;
  names: { me: string; opponent: string };
}) {
  const w = useMessages(MATCH_WORDS).disconnection;
  if (match.status === 'disputed' || s.over) return null;
  const stage = disconnectionStage(state, myEntry);
  // Scores read the same on both phones, with the names: entry a's player first.
  const sides = side === 'a' ? { a: names.me, b: names.opponent } : { a: names.opponent, b: names.me };
  const ruling = rulingWords(match, sides, { name: s.hosting ? names.me : names.opponent, me: s.hosting }, s.reportClosesAt);
  return (
    <>
      {ruling && (
        <Notice title={ruling.title} tone="alert" data="disconnection-ruling">
          <span data-ruling={match.disconnection_ruling}>{ruling.body}</span>
        </Notice>
      )}
      {stage.kind === 'mine_waiting' && (
        <Notice title={w.reportedTitle} data="disconnection-waiting">
          {w.mineWaiting(reportWords(stage.report, sides), names.opponent)}
        </Notice>
      )}
      {stage.kind === 'opponent_waiting' && (
        <Notice title={w.opponentTitle(names.opponent)} tone="alert" data="disconnection-opponent">
          {w.opponentSays(names.opponent, reportWords({ ...stage.report, claims_quit: false }, sides), stage.report.claims_quit)}
        </Notice>
      )}
    </>
  );
}
