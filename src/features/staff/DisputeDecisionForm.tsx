/**
 * The staff decision on a dispute: set the result, order a replay or disqualify a player, with a note the
 * players read. The state and the call live in useDisputeDecision.
 */
import { Button } from '@/components/ui/Button';
import { ResultFields, staffInputClass } from './ResultFields';
import { MAX_REASON_LENGTH } from './staff';
import type { DisputeDecision } from './use-dispute-decision';

const OUTCOMES = [
  ['result', 'Set the result'],
  ['replay', 'Order a replay'],
  ['disqualify', 'Disqualify a player'],
] as const;

export default function DisputeDecisionForm({ id, decision }: { id: string; decision: DisputeDecision }) {
  const { outcome, names, noteProblem } = decision;
  return (
    <form onSubmit={(event) => void decision.submit(event)} noValidate className="grid gap-4" data-dispute-decision>
      <fieldset className="grid gap-2 sm:grid-cols-3">
        <legend className="mb-2 text-lg font-bold">Decision</legend>
        {OUTCOMES.map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 has-checked:border-lime">
            <input
              type="radio"
              name={`${id}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => decision.setOutcome(value)}
              className="size-4 accent-lime"
            />
            {label}
          </label>
        ))}
      </fieldset>

      {outcome === 'result' && (
        <ResultFields id={id} legend="The result" names={names} result={decision.result} onChange={decision.setResult} />
      )}
      {outcome === 'replay' && (
        <p className="rounded-2xl bg-night/50 p-4 text-sm text-mist">
          The reports are set aside and the match is played again, at least 10 minutes from now. Both players are told the new time.
        </p>
      )}
      {outcome === 'disqualify' && (
        <fieldset className="grid gap-2 rounded-2xl bg-night/50 p-4">
          <legend className="mb-2 font-semibold">Player to disqualify (the other goes through)</legend>
          <div className="flex flex-wrap gap-2">
            {names.map((name, side) => (
              <label key={name} className="flex min-h-11 items-center gap-2 rounded-xl border border-line px-3 has-checked:border-danger">
                <input
                  type="radio"
                  name={`${id}-disqualify`}
                  checked={decision.disqualified === side}
                  onChange={() => decision.setDisqualified(side as 0 | 1)}
                  className="size-4 accent-danger"
                />
                <span className="break-all">{name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {decision.outcomeProblem && (
        <p className="text-sm text-danger" data-outcome-problem>
          {decision.outcomeProblem}
        </p>
      )}

      <label className="grid gap-2">
        <span className="font-semibold">Note to the players (shown publicly)</span>
        <textarea
          rows={3}
          maxLength={MAX_REASON_LENGTH}
          value={decision.note}
          onChange={(event) => decision.setNote(event.target.value)}
          aria-invalid={noteProblem ? true : undefined}
          aria-describedby={noteProblem ? `${id}-note-problem` : undefined}
          className={staffInputClass}
        />
        {noteProblem && (
          <span id={`${id}-note-problem`} className="text-sm text-danger">
            {noteProblem}
          </span>
        )}
      </label>
      {decision.error && (
        <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger">
          {decision.error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="submit"
          tone={outcome === 'disqualify' ? 'plain' : 'primary'}
          className={`whitespace-normal ${outcome === 'disqualify' ? 'bg-danger text-night hover:bg-danger/90' : ''}`}
          busy={decision.busy}
          busyLabel="Working…"
        >
          {outcome === 'result' ? 'Set the result' : outcome === 'replay' ? 'Order the replay' : 'Disqualify'}
        </Button>
      </div>
    </form>
  );
}
