/** One player's report on a disputed match: the score they claimed and their screenshot (a signed link). */
import { formatDateTimeIST } from '@/lib/format';
import { reportClaim, sideName } from './disputes';
import type { MatchEvidenceReport, OpenDispute } from './staff.schemas';
import { useEvidenceUrl } from './use-evidence-url';

export default function ReportCard({ report, dispute, name }: { report: MatchEvidenceReport | null; dispute: OpenDispute; name: string }) {
  const url = useEvidenceUrl(report?.screenshot_path ?? null);
  return (
    <article className="rounded-2xl border border-line bg-night/50 p-4" data-dispute-report={name}>
      <h4 className="font-bold break-words">{name}’s report</h4>
      {!report ? (
        <p className="mt-2 text-sm text-mist">No report on file.</p>
      ) : (
        <>
          <p className="mt-1 font-display text-2xl" data-report-claim>
            {reportClaim(report, dispute.entries)}
          </p>
          <p className="text-xs text-mist">
            Score in bracket order ({sideName(dispute.entries[0])} first) · sent {formatDateTimeIST(report.reported_at)}
          </p>
          {url.status === 'loading' && <p className="mt-3 text-sm text-mist">Loading the screenshot…</p>}
          {url.status === 'error' && <p className="mt-3 text-sm text-danger">{url.message}</p>}
          {url.status === 'ready' && url.value === null && <p className="mt-3 text-sm text-danger">The screenshot could not be opened.</p>}
          {url.status === 'ready' && url.value && (
            <a href={url.value} target="_blank" rel="noopener noreferrer" className="mt-3 block" data-screenshot-link>
              <img
                src={url.value}
                alt={`Result screen sent by ${name}`}
                className="max-h-72 w-full rounded-xl border border-line bg-night object-contain"
                loading="lazy"
              />
              <span className="mt-1 block text-sm text-lime">
                Open full size<span className="sr-only"> (new tab)</span>
              </span>
            </a>
          )}
        </>
      )}
    </article>
  );
}
