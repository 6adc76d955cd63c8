/** Open a dispute: a link first, then the reason and what happened, sent to staff. */
import { Button } from '@/components/ui/Button';
import type { DisputeReason } from '@/lib/rules';
import { DISPUTE_REASONS } from '../dispute-reasons';
import { useDisputeForm } from '../use-match-actions';
import { ErrorText } from './ErrorText';
import { inputClass } from './input-class';

export function DisputeForm({ matchId, prominent, onChanged }: { matchId: string; prominent: boolean; onChanged: () => void }) {
  const form = useDisputeForm(matchId, onChanged);
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
  return (
    <form className="card flex flex-col gap-3 border border-gold/70 p-4" onSubmit={form.submit} data-dispute-form>
      <h2 className="text-lg font-bold">Open a dispute</h2>
      <p className="text-sm text-mist">Staff look at both sides and the screenshots, and decide. You cannot report after opening one.</p>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        Reason
        <select className={inputClass} value={form.reason} onChange={(event) => form.setReason(event.target.value as DisputeReason)}>
          {DISPUTE_REASONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        What happened
        <textarea
          className={`${inputClass} min-h-24 py-2`}
          maxLength={2000}
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
