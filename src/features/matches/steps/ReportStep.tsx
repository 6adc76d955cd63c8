/**
 * Step 3: the report. After mine, the wait for the opponent; before, the opponent's report to confirm
 * (when they reported first), my own form while reporting is open, or when it opens or that it closed.
 */
import { formatTimeIST } from '@/lib/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import type { MatchRow } from '../match-schemas';
import { type MatchSituation, reportBy, reportLine } from '../match-steps';
import type { PlayersView } from '../match-view';
import { ConfirmReport } from './ConfirmReport';
import { ReportForm } from './ReportForm';

export function ReportStep({
  match,
  situation: s,
  now,
  userId,
  opponent,
  entryNames,
  playersView,
  onChanged,
}: {
  match: MatchRow;
  situation: MatchSituation;
  now: number;
  userId: string;
  opponent: string;
  entryNames: { a: string; b: string };
  playersView: PlayersView;
  onChanged: () => void;
}) {
  const w = useMessages(MATCH_WORDS).report;
  if (s.active === 'awaiting_opponent_report') {
    return <p data-report-sent>{w.sent(opponent)}</p>;
  }
  const opponentReport = reportBy(playersView.reports, s.role === 'host' ? match.entry_b : match.entry_a);
  return (
    <>
      {s.canConfirm && (
        <ConfirmReport
          matchId={match.id}
          opponent={opponent}
          reported={opponentReport ? reportLine(opponentReport, match, entryNames) : null}
          screenshotUrl={playersView.opponentScreenshotUrl}
          onChanged={onChanged}
        />
      )}
      {s.canReport ? (
        <ReportForm matchId={match.id} userId={userId} opponent={opponent} onChanged={onChanged} />
      ) : (
        !s.canConfirm && <p className="text-mist">{now < s.readyOpensAt ? w.opensAt(formatTimeIST(new Date(s.readyOpensAt))) : w.closed}</p>
      )}
    </>
  );
}
