/** The refunds after a cancellation: a progress bar, the counts in words, and a retry of the failed ones. */
import { refundPercent, refundSummary } from './staff';
import type { RefundProgress } from './staff.schemas';

interface Props {
  progress: RefundProgress;
  canRetry: boolean;
  onRetry: () => void;
  retrying: boolean;
}

export default function RefundBar({ progress, canRetry, onRetry, retrying }: Props) {
  const percent = refundPercent(progress);
  const finished = progress.pending === 0 && progress.failed === 0;
  return (
    <section className="card p-4" aria-labelledby="refunds-heading" data-refunds={finished ? 'done' : 'pending'}>
      <h3 id="refunds-heading" className="font-bold">
        Refunds {finished && <span className="text-lime">· done</span>}
      </h3>
      <div
        role="progressbar"
        aria-label="Refunds finished"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-3 overflow-hidden rounded-full bg-pitch-800"
      >
        <div
          className={`h-full rounded-full ${progress.failed > 0 ? 'bg-gold' : 'bg-lime'} transition-[width]`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-mist" aria-live="polite">
        {refundSummary(progress)}
      </p>
      {progress.failed > 0 && canRetry && (
        <button type="button" className="btn btn-ghost mt-3" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry failed refunds'}
        </button>
      )}
    </section>
  );
}
