/**
 * Correcting a confirmed result (lifecycle.md, A match: 6): pick the match, type the corrected winner and
 * score and a reason, read the preview of the later matches the change resets (staff_correct_result with
 * p_apply = false), then apply it. After the prizes are credited the database refuses, and its sentence is
 * shown as it is.
 */
import { ResultFields, staffInputClass } from './ResultFields';
import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { correctionSummary, resultProblem, sideName, type TypedResult, typedScore } from './disputes';
import type { CorrectionAnswer, StaffBracket, StaffBracketMatch } from './staff.schemas';
import type { Load } from './tournament-panel-state';
import { reasonProblem } from './tournament-panel-state';

const api = () => import('./staff.api');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const EMPTY: TypedResult = { winner: null, goalsA: '', goalsB: '' };

/** Confirmed matches between two players: the ones a correction may change. */
function correctable(bracket: StaffBracket): { match: StaffBracketMatch; roundName: string }[] {
  return bracket.rounds.flatMap((round) =>
    round.matches
      .filter((match) => match.status === 'confirmed' && match.entries[0] && match.entries[1])
      .map((match) => ({ match, roundName: round.name })),
  );
}

function matchLabel(match: StaffBracketMatch, roundName: string): string {
  const [a, b] = match.entries;
  const score = match.score ? ` ${match.score[0]}–${match.score[1]} ` : ' vs ';
  const winner = match.entries.find((side) => side?.entry_id === match.winner_entry_id);
  return `${roundName} ${match.position}: ${sideName(a)}${score}${sideName(b)} (${sideName(winner)} through)`;
}

export default function CorrectionsPanel({ tournamentId, onApplied }: { tournamentId: string; onApplied: () => void }) {
  const [bracket, setBracket] = useState<Load<StaffBracket>>({ status: 'loading' });
  const [matchId, setMatchId] = useState('');
  const [result, setResult] = useState<TypedResult>(EMPTY);
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [preview, setPreview] = useState<CorrectionAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();

  const load = useCallback(async () => {
    try {
      setBracket({ status: 'ready', value: await (await api()).fetchStaffBracket(tournamentId) });
    } catch (failure) {
      setBracket({ status: 'error', message: messageOf(failure) });
    }
  }, [tournamentId]);
  useEffect(() => {
    void load();
  }, [load]);

  const options = bracket.status === 'ready' ? correctable(bracket.value) : [];
  const rounds = bracket.status === 'ready' ? bracket.value.rounds.length : 0;
  const chosen = options.find((option) => option.match.id === matchId) ?? null;
  const names = chosen ? ([sideName(chosen.match.entries[0]), sideName(chosen.match.entries[1])] as const) : null;
  const problem = attempted ? (chosen ? resultProblem(result) : 'Choose the match to correct.') : null;
  const whyProblem = attempted ? reasonProblem(reason) : null;

  /** Any change to the form makes the preview stale. */
  function edit(change: () => void) {
    change();
    setPreview(null);
    setError(null);
  }

  async function send(apply: boolean) {
    setAttempted(true);
    if (!chosen || resultProblem(result) || reasonProblem(reason)) return;
    const winner = result.winner === null ? null : chosen.match.entries[result.winner];
    if (!winner?.entry_id) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await (await api()).correctResult(chosen.match.id, winner.entry_id, typedScore(result), reason.trim(), apply);
      if (apply) {
        setNotice(
          `${chosen.roundName} ${chosen.match.position} corrected: ${sideName(winner)} goes through.${
            answer.later_matches.length > 0
              ? ` ${answer.later_matches.length} later ${answer.later_matches.length === 1 ? 'match' : 'matches'} reset.`
              : ''
          }`,
        );
        setPreview(null);
        setMatchId('');
        setResult(EMPTY);
        setReason('');
        setAttempted(false);
        void load();
        onApplied();
      } else {
        setPreview(answer);
      }
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

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
        {notice}
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
            void send(false);
          }}
        >
          <label className="grid gap-2">
            <span className="font-semibold">Match</span>
            <select
              value={matchId}
              onChange={(event) => edit(() => setMatchId(event.target.value))}
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
          {chosen && names && (
            <ResultFields
              id={id}
              legend="The corrected result"
              names={names}
              result={result}
              onChange={(next) => edit(() => setResult(next))}
            />
          )}
          {problem && <p className="text-sm text-danger">{problem}</p>}
          <label className="grid gap-2">
            <span className="font-semibold">Reason (shown publicly)</span>
            <textarea
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => edit(() => setReason(event.target.value))}
              aria-invalid={whyProblem ? true : undefined}
              className={staffInputClass}
            />
            {whyProblem && <span className="text-sm text-danger">{whyProblem}</span>}
          </label>
          {error && (
            <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger" data-corrections-error>
              {error}
            </p>
          )}
          {preview ? (
            <div className="grid gap-3 rounded-2xl border border-gold/50 bg-gold/10 p-4" data-correction-preview>
              <p className="font-bold">Before you apply it</p>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {correctionSummary(preview, rounds).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <div className="flex flex-wrap justify-end gap-2">
                <Button tone="ghost" onClick={() => setPreview(null)} disabled={busy}>
                  Go back
                </Button>
                <Button tone="primary" className="whitespace-normal" busy={busy} busyLabel="Working…" onClick={() => void send(true)}>
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
