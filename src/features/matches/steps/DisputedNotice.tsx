/** The match is in dispute: the reason and the staff deadline once read, and what staff do next. */
import { formatTimeIST } from '@/lib/format';
import { disputeReasonLabel } from '../dispute-reasons';
import { countdown } from '../match-steps';
import type { PlayersView } from '../match-view';
import { Notice } from './Notice';

export function DisputedNotice({ dispute, now }: { dispute: PlayersView['dispute']; now: number }) {
  return (
    <Notice title="In dispute: staff decide" tone="alert" data="disputed">
      {dispute && (
        <span className="mb-2 block" data-dispute-facts>
          Reason: <strong>{disputeReasonLabel(dispute.reason)}</strong>. Staff decide by{' '}
          <strong>
            {formatTimeIST(dispute.deadline_at)} ({countdown(Date.parse(dispute.deadline_at), now)})
          </strong>
          .
        </span>
      )}
      Staff look at both sides and the screenshots, then set the result, order a replay or disqualify. You will see their decision here.
      {!dispute && ' Staff answer within 15 minutes for pods and 60 minutes for championships.'}
    </Notice>
  );
}
