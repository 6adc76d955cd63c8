/**
 * "Needs attention": what is due across the tournaments staff look after, each with a way to open it;
 * chargebacks name the Razorpay payment; an outside call the outbox gave up on, and a periodic step's parked item,
 * have a Retry.
 */
import type { Load } from '@/lib/load-state';
import { formatDateTimeIST } from '@/lib/format';
import { attentionLabel } from './staff';
import type { AttentionItem } from './staff.schemas';
import type { StaffOverview } from './use-staff-overview';

export default function AttentionList({
  attention,
  onOpen,
  retry,
}: {
  attention: Load<AttentionItem[]>;
  onOpen: (tournamentId: string) => void;
  retry: StaffOverview['retry'];
}) {
  return (
    <section aria-labelledby="attention-heading">
      <h2 id="attention-heading" className="section-title text-3xl">
        Needs attention
      </h2>
      {attention.status === 'loading' && <p className="mt-3 text-mist">Loading…</p>}
      {attention.status === 'error' && <p className="mt-3 font-semibold text-danger">{attention.message}</p>}
      {retry.error && (
        <p role="alert" className="mt-3 font-semibold text-danger break-words">
          {retry.error}
        </p>
      )}
      {attention.status === 'ready' &&
        (attention.value.length === 0 ? (
          <p className="mt-3 text-mist">Nothing needs you right now.</p>
        ) : (
          <ul role="list" className="mt-4 grid gap-3 md:grid-cols-2">
            {attention.value.map((item) => (
              <AttentionCard
                key={`${item.kind}-${item.tournament_id ?? ''}-${item.detail.key}`}
                item={item}
                onOpen={onOpen}
                retry={retry}
              />
            ))}
          </ul>
        ))}
    </section>
  );
}

function AttentionCard({
  item,
  onOpen,
  retry,
}: {
  item: AttentionItem;
  onOpen: (tournamentId: string) => void;
  retry: StaffOverview['retry'];
}) {
  const { tournament_id: tournamentId, detail } = item;
  const urgent = item.kind === 'chargeback' || item.kind === 'outside_call_failed' || item.kind === 'due_work_failed';
  const retryTarget = detail.retryJobId !== null ? { jobId: detail.retryJobId } : detail.retryDueItem;
  return (
    <li
      className={`card flex items-start justify-between gap-3 p-4 ${urgent ? 'border-danger/50' : 'border-gold/40'}`}
      data-attention={item.kind}
    >
      <div className="min-w-0">
        <p className={`text-xs font-bold tracking-wider uppercase ${urgent ? 'text-danger' : 'text-gold'}`}>{attentionLabel(item.kind)}</p>
        <p className="mt-1 font-bold break-words">{item.title}</p>
        {detail.text && <p className="text-sm text-mist break-words">{detail.text}</p>}
        {detail.paymentId && !detail.text?.includes(detail.paymentId) && (
          <p className="font-mono text-xs break-all text-mist">{detail.paymentId}</p>
        )}
        {item.due_at && (
          <p className="text-sm text-mist">
            {urgent ? 'Since' : 'Due'} {formatDateTimeIST(item.due_at)}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-2">
        {retryTarget && (
          <button
            type="button"
            className="btn btn-primary min-h-9 px-3 py-1 text-sm"
            disabled={retry.busy}
            onClick={() => retry.run(retryTarget)}
          >
            Retry<span className="sr-only"> {item.title}</span>
          </button>
        )}
        {tournamentId && (
          <button type="button" className="btn btn-ghost min-h-9 px-3 py-1 text-sm" onClick={() => onOpen(tournamentId)}>
            Open<span className="sr-only"> {item.title}</span>
          </button>
        )}
      </div>
    </li>
  );
}
