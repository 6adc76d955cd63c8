/**
 * One opened dispute: both reports on file, and the staff decision (set the result, order a replay,
 * disqualify a player) with the note the players read. `onSettled` gets the sentence for the console.
 */
import { resultOfSides, resultSentence } from '@/lib/score';
import { type SubmitEvent, useState } from 'react';
import { useAction, useLoad } from '@/lib/use-island-data';
import { resultProblem, sideName, type TypedResult, typedScore } from './disputes';
import { reasonProblem, STAFF_MESSAGES } from './staff';
import type { OpenDispute } from './staff.schemas';
import { onDemand } from '@/lib/on-demand';

export type Outcome = 'result' | 'replay' | 'disqualify';

const api = onDemand(() => import('./staff.api'));

export function useDisputeDecision(dispute: OpenDispute, onSettled: (notice: string) => void) {
  const [evidence] = useLoad(() => api().then((calls) => calls.fetchMatchEvidence(dispute.match_id)), dispute.match_id, STAFF_MESSAGES);
  const [outcome, setOutcome] = useState<Outcome>('result');
  const [result, setResult] = useState<TypedResult>({ winner: null, goalsA: '', goalsB: '' });
  const [disqualified, setDisqualified] = useState<0 | 1 | null>(null);
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const action = useAction(STAFF_MESSAGES);
  const names = [sideName(dispute.entries[0]), sideName(dispute.entries[1])] as const;

  const outcomeProblem = !attempted
    ? null
    : outcome === 'result'
      ? resultProblem(result)
      : outcome === 'disqualify' && disqualified === null
        ? 'Choose the player to disqualify.'
        : null;

  async function decide(): Promise<string | null> {
    const calls = await api();
    const text = note.trim();
    const title = `${names[0]} vs ${names[1]}`;
    if (outcome === 'result' && result.winner !== null) {
      const score = typedScore(result);
      await calls.settleMatch(dispute.match_id, dispute.entries[result.winner].entry_id ?? '', score, text);
      const decided = resultOfSides({ names, score, winner: result.winner });
      return `${title}: ${decided ? resultSentence({ ...decided, loser: null }) : `${names[result.winner]} went through`}.`;
    }
    if (outcome === 'replay') {
      await calls.orderReplay(dispute.match_id, text);
      return `${title}: replay ordered. Both players are told the new time.`;
    }
    if (outcome === 'disqualify' && disqualified !== null) {
      await calls.disqualify(dispute.match_id, dispute.entries[disqualified].entry_id ?? '', text);
      return `${title}: ${names[disqualified === 0 ? 1 : 0]} went through; ${names[disqualified]} disqualified.`;
    }
    return null;
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (reasonProblem(note)) return;
    if (outcome === 'result' && resultProblem(result)) return;
    if (outcome === 'disqualify' && disqualified === null) return;
    const notice = await action.run(decide);
    if (notice) onSettled(notice);
  }

  const reports = evidence.status === 'ready' ? evidence.value.reports : [];
  return {
    evidence,
    reports,
    reportOf: (side: OpenDispute['entries'][number]) => reports.find((report) => report.entry_id === side.entry_id) ?? null,
    names,
    outcome,
    setOutcome,
    result,
    setResult,
    disqualified,
    setDisqualified,
    note,
    setNote,
    noteProblem: attempted ? reasonProblem(note) : null,
    outcomeProblem,
    busy: action.busy,
    error: action.error,
    submit,
  };
}

export type DisputeDecision = ReturnType<typeof useDisputeDecision>;
