/**
 * Correcting a confirmed result: pick the match, type the corrected winner and score and a reason, read
 * the preview of the later matches the change resets, then apply it. After the prizes are credited the
 * database refuses, and its sentence is shown as it is. State and calls live in useCorrections.
 */
import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { correctionSummary, sideName } from './disputes';
import { ResultFields, staffInputClass } from './ResultFields';
import { MAX_REASON_LENGTH } from './staff';
import type { StaffBracketMatch } from './staff.schemas';
import { useCorrections } from './use-corrections';

function matchLabel(match: StaffBracketMatch, roundName: string): string {
  const [a, b] = match.entries;
  const score = match.score ? ` ${match.score[0]}–${match.score[1]} ` : ' vs ';
  const winner = match.entries.find((side) => side?.entry_id === match.winner_entry_id);
  return `${roundName} ${match.position}: ${sideName(a)}${score}${sideName(b)} (${sideName(winner)} through)`;
}

export default function CorrectionsPanel({ tournamentId, onApplied }: { tournamentId: string; onApplied: () => void }) {
  const corrections = useCorrections(tournamentId, onApplied);
  const { bracket, options, preview, busy } = corrections;
  const id = useId();

  return (
    <section aria-labelledby={`${id}-heading`} className="card grid gap-4 p-4 sm:p-5" data-corrections>
      <div>
        <h3 id={`${id}-heading`} className="text-xl font-bold">
          Correct a result
        </h3>
        <p className="mt-1 text-sm text-mist">
          Change a confirmed result. You see which later matches are reset before anything changes. Not possible once the prizes are
          credited.
        </p>
      </div>
      <p role="status" className="min-h-5 text-sm font-semibold text-lime" data-corrections-notice>
        {corrections.notice}
      </p>
      {bracket.status === 'loading' && <p className="text-mist">Loading the matches…</p>}
      {bracket.status === 'error' && <p className="font-semibold text-danger">{bracket.message}</p>}
      {bracket.status === 'ready' && options.length === 0 && <p className="text-mist">No confirmed result to correct yet.</p>}
      {options.length > 0 && (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void corrections.send(false);
          }}
        >
          <label className="grid gap-2">
            <span className="font-semibold">Match</span>
            <select
              value={corrections.matchId}
              onChange={(event) => corrections.chooseMatch(event.target.value)}
              className={`${staffInputClass} [color-scheme:dark]`}
            >
              <option value="">Choose a confirmed match…</option>
              {options.map((option) => (
                <option key={option.match.id} value={option.match.id}>
                  {matchLabel(option.match, option.roundName)}
                </option>
              ))}
            </select>
          </label>
          {corrections.chosen && corrections.names && (
            <ResultFields
              id={id}
              legend="The corrected result"
              names={corrections.names}
              result={corrections.result}
              onChange={corrections.changeResult}
            />
          )}
          {corrections.resultProblem && <p className="text-sm text-danger">{corrections.resultProblem}</p>}
          <label className="grid gap-2">
            <span className="font-semibold">Reason (shown publicly)</span>
            <textarea
              rows={2}
              maxLength={MAX_REASON_LENGTH}
              value={corrections.reason}
              onChange={(event) => corrections.changeReason(event.target.value)}
              aria-invalid={corrections.reasonProblem ? true : undefined}
              className={staffInputClass}
            />
            {corrections.reasonProblem && <span className="text-sm text-danger">{corrections.reasonProblem}</span>}
          </label>
          {corrections.error && (
            <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger" data-corrections-error>
              {corrections.error}
            </p>
          )}
          {preview ? (
            <div className="grid gap-3 rounded-2xl border border-gold/50 bg-gold/10 p-4" data-correction-preview>
              <p className="font-bold">Before you apply it</p>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {correctionSummary(preview, corrections.rounds).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <div className="flex flex-wrap justify-end gap-2">
                <Button tone="ghost" onClick={corrections.dropPreview} disabled={busy}>
                  Go back
                </Button>
                <Button
                  tone="primary"
                  className="whitespace-normal"
                  busy={busy}
                  busyLabel="Working…"
                  onClick={() => void corrections.send(true)}
                >
                  Apply the correction
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex justify-end">
              <Button type="submit" tone="primary" busy={busy} busyLabel="Working…">
                Preview the correction
              </Button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
