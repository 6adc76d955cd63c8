/** The opponent's report with their screenshot: confirm it, or report a different score below. */
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { MatchActionButton } from './MatchActionButton';

export function ConfirmReport({
  matchId,
  opponent,
  reported,
  screenshotUrl,
  onChanged,
}: {
  matchId: string;
  opponent: string;
  /** "demo3 reported 2–1, demo3 through", once the report is read. */
  reported: string | null;
  screenshotUrl: string | null;
  onChanged: () => void;
}) {
  const w = useMessages(MATCH_WORDS).confirm;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-lime/50 bg-lime/5 p-3" data-confirm>
      <p>
        <strong data-opponent-report>{reported ?? w.reportedFallback(opponent)}.</strong> {w.lead}
      </p>
      {screenshotUrl && (
        <a href={screenshotUrl} target="_blank" rel="noopener noreferrer" className="block">
          <img src={screenshotUrl} alt={w.screenshotAlt(opponent)} className="max-h-64 w-auto rounded-xl" />
        </a>
      )}
      <MatchActionButton busyLabel={w.busy} call={(matches) => matches.confirmMatch(matchId)} onChanged={onChanged}>
        {w.button(opponent)}
      </MatchActionButton>
    </div>
  );
}
