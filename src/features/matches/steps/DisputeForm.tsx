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
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
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
  const w = useMessages(MATCH_WORDS).dispute;
  const choices = disputeChoices(reasons, now, w.reasons);
  const form = useDisputeForm(matchId, choices, onChanged);
  if (choices.length === 0) {
    const opens = nextDisputeOpening(reasons, now);
    return opens === null ? null : (
      <p className="text-sm text-mist" data-dispute-opens>
        {w.opensFrom(formatTimeIST(new Date(opens)))}
      </p>
    );
  }
  if (!form.open) {
    return (
      <p className="text-sm text-mist">
        {prominent ? w.wrongResult : w.somethingWrong}{' '}
        <button type="button" className="font-semibold text-chalk underline hover:text-lime" onClick={() => form.setOpen(true)}>
          {w.open}
        </button>
      </p>
    );
  }
  const needsDetails = form.chosen?.detailsRequired ?? false;
  return (
    <form className="card flex flex-col gap-3 border border-gold/70 p-4" onSubmit={form.submit} data-dispute-form>
      <h2 className="text-lg font-bold">{w.open}</h2>
      <p className="text-sm text-mist">{w.lead}</p>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {w.reason}
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
        {needsDetails ? w.detailsRequired : w.detailsOptional}
        <textarea
          className={`${inputClass} min-h-24 py-2`}
          maxLength={2000}
          required={needsDetails}
          value={form.details}
          onChange={(event) => form.setDetails(event.target.value)}
          placeholder={w.placeholder}
        />
      </label>
      <ErrorText error={form.action.error} />
      <div className="flex flex-wrap gap-3">
        <Button tone="primary" type="submit" busy={form.action.busy} busyLabel={w.opening}>
          {w.send}
        </Button>
        <Button tone="ghost" onClick={() => form.setOpen(false)}>
          {w.cancel}
        </Button>
      </div>
    </form>
  );
}
