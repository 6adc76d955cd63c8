/**
 * The console's disputes: the queue of open disputes (nearest staff deadline first) and, for the one
 * opened, the dispute view (DisputeView). Data comes from useDisputes.
 */
import DisputeView from './DisputeView';
import { deadlineLine, disputeReasonLabel, isOverdue, roundName, sideName } from './disputes';
import { useDisputes } from './use-disputes';
import { useMinuteClock } from './use-minute-clock';

export default function DisputesPanel({ onChanged }: { onChanged: () => void }) {
  const disputes = useDisputes(onChanged);
  const now = useMinuteClock();
  const { queue, list, opened } = disputes;

  return (
    <section aria-labelledby="disputes-heading" data-disputes>
      <h2 id="disputes-heading" className="section-title text-3xl">
        Disputes
      </h2>
      <p role="status" className="mt-1 min-h-5 text-sm font-semibold text-lime" data-disputes-notice>
        {disputes.notice}
      </p>
      {queue.status === 'loading' && <p className="mt-2 text-mist">Loading…</p>}
      {queue.status === 'error' && <p className="mt-2 font-semibold text-danger">{queue.message}</p>}
      {queue.status === 'ready' && list.length === 0 && <p className="mt-2 text-mist">No open disputes.</p>}
      {list.length > 0 && (
        <ul role="list" className="mt-3 grid gap-3 md:grid-cols-2">
          {list.map((dispute) => {
            const overdue = isOverdue(dispute.deadline_at, now);
            const title = `${sideName(dispute.entries[0])} vs ${sideName(dispute.entries[1])}`;
            return (
              <li
                key={dispute.dispute_id}
                className={`card flex items-start justify-between gap-3 p-4 ${overdue ? 'border-danger/60' : 'border-gold/40'}`}
                data-dispute-item={dispute.match_id}
              >
                <div className="min-w-0">
                  <p className="text-xs font-bold tracking-wider text-gold uppercase">
                    {disputeReasonLabel(dispute.reason)} · {roundName(dispute.round, dispute.rounds)}
                  </p>
                  <p className="mt-1 font-bold break-words">{title}</p>
                  <p className="text-sm break-words text-mist">{dispute.title}</p>
                  <p className={`text-sm ${overdue ? 'font-semibold text-danger' : 'text-mist'}`} data-dispute-deadline>
                    {deadlineLine(dispute.deadline_at, now)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-ghost min-h-9 shrink-0 px-3 py-1 text-sm"
                  aria-current={dispute.match_id === disputes.openId ? 'true' : undefined}
                  onClick={() => disputes.open(dispute.match_id)}
                >
                  Open<span className="sr-only"> the dispute {title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div id="dispute-view" className="mt-5 scroll-mt-20">
        {opened && <DisputeView key={opened.match_id} dispute={opened} now={now} onClose={disputes.close} onSettled={disputes.settled} />}
      </div>
    </section>
  );
}
