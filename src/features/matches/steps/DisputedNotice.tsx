/**
 * The match is in dispute: the reason and the staff deadline once read, what each player told staff, and
 * the form where the viewer adds (or replaces) their side with a screenshot.
 */
import { formatTimeIST } from '@/lib/format';
import { disputeReasonLabel } from '../dispute-reasons';
import { countdown } from '../match-steps';
import type { PlayersView } from '../match-view';
import { DisputeSideForm } from './DisputeSideForm';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { Notice } from './Notice';

export function DisputedNotice({
  matchId,
  userId,
  dispute,
  myEntry,
  names,
  entryNames,
  now,
  onChanged,
}: {
  matchId: string;
  userId: string;
  dispute: PlayersView['dispute'];
  /** The viewer's entry in the match. */
  myEntry: string | null;
  names: { me: string; opponent: string };
  entryNames: Record<string, string>;
  now: number;
  onChanged: () => void;
}) {
  const words = useMessages(MATCH_WORDS);
  const w = words.disputed;
  const open = dispute !== null && dispute.settled_at === null;
  const opener = dispute?.opened_by_entry_id ?? null;
  const mySide = dispute?.statements.find((statement) => statement.entry_id === myEntry) ?? null;
  return (
    <div className="flex flex-col gap-3">
      <Notice title={w.title} tone="alert" data="disputed">
        {dispute && (
          <span className="mb-2 block" data-dispute-facts>
            {w.reason} <strong>{disputeReasonLabel(dispute.reason, words.dispute.reasons)}</strong>
            {w.decideBy}{' '}
            <strong>
              {formatTimeIST(dispute.deadline_at)} ({countdown(Date.parse(dispute.deadline_at), now, words.countdown)})
            </strong>
            .
          </span>
        )}
        {w.lead}
        {!dispute && w.answerWithin}
      </Notice>
      {dispute && (
        <section className="card flex flex-col gap-3 p-4 sm:p-5" aria-label={w.sides} data-dispute-sides>
          <h2 className="text-lg font-bold">{w.sides}</h2>
          <ul className="flex flex-col gap-2 text-sm">
            <li className="rounded-2xl bg-night/60 p-3" data-dispute-side="opened">
              <span className="block font-bold">
                {opener === null ? w.openedAuto : w.openedBy(opener === myEntry ? null : names.opponent)}
              </span>
              <span className="text-mist">{dispute.details ?? w.noDetails}</span>
            </li>
            {dispute.statements.map((statement) => (
              <li key={statement.entry_id} className="rounded-2xl bg-night/60 p-3" data-dispute-side={statement.entry_id}>
                <span className="block font-bold">
                  {statement.entry_id === myEntry ? w.yourSide : w.sideOf(entryNames[statement.entry_id] ?? names.opponent)}
                  {statement.screenshot_path && w.withScreenshot}
                </span>
                <span className="break-words text-mist">{statement.details}</span>
              </li>
            ))}
          </ul>
          {open && myEntry && <DisputeSideForm matchId={matchId} userId={userId} replacing={mySide !== null} onChanged={onChanged} />}
        </section>
      )}
    </div>
  );
}
