/**
 * One dispute: both reports with their screenshots, the reason and details, the staff deadline, and the
 * decision form. Data and the decision come from useDisputeDecision.
 */
import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { DisconnectionRecord } from './DisconnectionRecord';
import DisputeDecisionForm from './DisputeDecisionForm';
import { deadlineLine, disputeReasonLabel, isOverdue, reportsAgree, roundName, sideName } from './disputes';
import ReportCard from './ReportCard';
import type { OpenDispute } from './staff.schemas';
import { useDisputeDecision } from './use-dispute-decision';

interface Props {
  dispute: OpenDispute;
  now: Date;
  onClose: () => void;
  onSettled: (notice: string) => void;
}

export default function DisputeView({ dispute, now, onClose, onSettled }: Props) {
  const decision = useDisputeDecision(dispute, onSettled);
  const id = useId();
  const [a, b] = dispute.entries;
  const { names, evidence, reports } = decision;
  const openedBy = dispute.entries.find((side) => side.entry_id === dispute.opened_by_entry_id);

  return (
    <article className="card grid gap-5 p-4 sm:p-6" aria-labelledby={`${id}-title`} data-dispute-view={dispute.match_id}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">
            Dispute · {roundName(dispute.round, dispute.rounds)} · match {dispute.position}
          </p>
          <h3 id={`${id}-title`} className="section-title mt-1 text-2xl break-words sm:text-3xl">
            {names[0]} vs {names[1]}
          </h3>
          <p className="text-sm break-words text-mist">{dispute.title}</p>
        </div>
        <Button tone="ghost" onClick={onClose} className="min-h-9 px-3 py-1 text-sm">
          Close
        </Button>
      </header>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-mist">Reason</dt>
          <dd className="font-semibold" data-dispute-reason>
            {disputeReasonLabel(dispute.reason)}
            {openedBy ? ` · opened by ${sideName(openedBy)}` : ' · opened automatically'}
          </dd>
        </div>
        <div>
          <dt className="text-mist">Staff deadline</dt>
          <dd className={`font-semibold ${isOverdue(dispute.deadline_at, now) ? 'text-danger' : ''}`}>
            {deadlineLine(dispute.deadline_at, now)}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-mist">Details</dt>
          <dd className="break-words whitespace-pre-line" data-dispute-details>
            {dispute.details ?? 'No details given.'}
          </dd>
        </div>
        {(dispute.statements ?? []).map((statement) => {
          const side = dispute.entries.find((entry) => entry.entry_id === statement.entry_id);
          return (
            <div key={statement.entry_id} className="sm:col-span-2" data-dispute-statement={statement.entry_id}>
              <dt className="text-mist">
                {side ? sideName(side) : 'A player'}’s side{statement.screenshot_path ? ' · with a screenshot in the evidence' : ''}
              </dt>
              <dd className="break-words whitespace-pre-line">{statement.details}</dd>
            </div>
          );
        })}
      </dl>

      <section aria-labelledby={`${id}-reports`}>
        <h4 id={`${id}-reports`} className="text-lg font-bold">
          Reports
        </h4>
        {evidence.status === 'loading' && <p className="mt-2 text-mist">Loading the reports…</p>}
        {evidence.status === 'error' && <p className="mt-2 font-semibold text-danger">{evidence.message}</p>}
        {evidence.status === 'ready' && (
          <>
            {reports.length === 2 && reportsAgree(reports) && <p className="mt-1 text-sm text-mist">The two reports agree.</p>}
            <div className="mt-3 grid gap-3 md:grid-cols-2">
              <ReportCard report={decision.reportOf(a)} dispute={dispute} name={names[0]} />
              <ReportCard report={decision.reportOf(b)} dispute={dispute} name={names[1]} />
            </div>
          </>
        )}
      </section>

      <DisconnectionRecord matchId={dispute.match_id} names={{ a: names[0], b: names[1] }} entryIds={[a.entry_id, b.entry_id]} />

      <DisputeDecisionForm id={id} decision={decision} />
    </article>
  );
}
