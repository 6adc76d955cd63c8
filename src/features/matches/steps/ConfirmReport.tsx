/** The opponent's report with their screenshot: confirm it, or report a different score below. */
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
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-lime/50 bg-lime/5 p-3" data-confirm>
      <p>
        <strong data-opponent-report>{reported ?? `${opponent} reported the result`}.</strong> Check their screenshot, then confirm it, or
        report your own score below if it differs (different reports go to staff). Without an answer it is confirmed 10 minutes after they
        reported.
      </p>
      {screenshotUrl && (
        <a href={screenshotUrl} target="_blank" rel="noopener noreferrer" className="block">
          <img src={screenshotUrl} alt={`${opponent}’s screenshot of the result screen`} className="max-h-64 w-auto rounded-xl" />
        </a>
      )}
      <MatchActionButton busyLabel="Confirming" call={(matches) => matches.confirmMatch(matchId)} onChanged={onChanged}>
        Confirm {opponent}’s result
      </MatchActionButton>
    </div>
  );
}
