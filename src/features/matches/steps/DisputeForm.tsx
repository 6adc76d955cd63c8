/**
 * Open a dispute: a link first, then a reason among those that fit the match now (the database's list) and
 * what happened, required for the reasons staff cannot weigh without it. Before anything can be disputed,
 * a line says from when.
 */
import { Button } from '@/components/ui/Button';
import { formatTimeIST } from '@/lib/format';
import type { DisputeReason } from '@/lib/rules';
import { disputeChoices, nextDisputeOpening } from '../dispute-reasons';
import type { DisputeReasonOption } from '../match-schemas';
import { useDisputeForm } from '../use-match-actions';
import { ErrorText } from './ErrorText';
import { inputClass } from './input-class';

export function DisputeForm({
  matchId,
  reasons,
  now,
  prominent,
  onChanged,
}: {
  matchId: string;
  reasons: readonly DisputeReasonOption[];
  now: number;
  prominent: boolean;
  onChanged: () => void;
}) {
  const choices = disputeChoices(reasons, now);
  const form = useDisputeForm(matchId, choices, onChanged);
  if (choices.length === 0) {
    const opens = nextDisputeOpening(reasons, now);
    return opens === null ? null : (
      <p className="text-sm text-mist" data-dispute-opens>
        Something wrong? A dispute can be opened from {formatTimeIST(new Date(opens))}, once the match is under way.
      </p>
    );
  }
  if (!form.open) {
    return (
      <p className="text-sm text-mist">
        {prominent ? 'The reported result is wrong?' : 'Something went wrong in this match?'}{' '}
        <button type="button" className="font-semibold text-chalk underline hover:text-lime" onClick={() => form.setOpen(true)}>
          Open a dispute
        </button>
      </p>
    );
  }
  const needsDetails = form.chosen?.detailsRequired ?? false;
  return (
    <form className="card flex flex-col gap-3 border border-gold/70 p-4" onSubmit={form.submit} data-dispute-form>
      <h2 className="text-lg font-bold">Open a dispute</h2>
      <p className="text-sm text-mist">
        Staff look at both sides and the screenshots, and decide. You cannot report after opening one; your opponent can add their side.
      </p>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        Reason
        <select
          className={inputClass}
          value={form.chosen?.value ?? ''}
          onChange={(event) => form.setReason(event.target.value as DisputeReason)}
          data-dispute-reasons
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {needsDetails ? 'What happened (required)' : 'What happened (optional)'}
        <textarea
          className={`${inputClass} min-h-24 py-2`}
          maxLength={2000}
          required={needsDetails}
          value={form.details}
          onChange={(event) => form.setDetails(event.target.value)}
          placeholder="The score, the minute of a disconnection, anything staff should know."
        />
      </label>
      <ErrorText error={form.action.error} />
      <div className="flex flex-wrap gap-3">
        <Button tone="primary" type="submit" busy={form.action.busy} busyLabel="Opening the dispute">
          Send to staff
        </Button>
        <Button tone="ghost" onClick={() => form.setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
