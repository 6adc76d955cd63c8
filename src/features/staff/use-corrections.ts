/**
 * Correcting a confirmed result (docs/areas/standings.md, Standings and corrections): the confirmed matches of the bracket, the
 * corrected winner, score and reason as typed, the preview of what the change resets (staff_correct_result
 * with p_apply = false), then applying it. Any edit makes the preview stale.
 */
import { resultOfSides, resultSentence } from '@/lib/score';
import { useState } from 'react';
import { useAction, useLoad } from '@/lib/use-island-data';
import { resultProblem, sideName, type TypedResult, typedScore } from './disputes';
import { reasonProblem, STAFF_MESSAGES } from './staff';
import type { CorrectionAnswer, StaffBracket, StaffBracketMatch } from './staff.schemas';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./staff.api'));
const EMPTY: TypedResult = { winner: null, goalsA: '', goalsB: '' };

export type CorrectableMatch = { match: StaffBracketMatch; roundName: string };

/** Confirmed matches between two players: the ones a correction may change. */
function correctable(bracket: StaffBracket): CorrectableMatch[] {
  return bracket.rounds.flatMap((round) =>
    round.matches
      .filter((match) => match.status === 'confirmed' && match.entries[0] && match.entries[1])
      .map((match) => ({ match, roundName: round.name })),
  );
}

export function useCorrections(tournamentId: string, onApplied: () => void) {
  const [bracket, reload] = useLoad(() => api().then((calls) => calls.fetchStaffBracket(tournamentId)), tournamentId, STAFF_MESSAGES);
  const [matchId, setMatchId] = useState('');
  const [result, setResult] = useState<TypedResult>(EMPTY);
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [preview, setPreview] = useState<CorrectionAnswer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction(STAFF_MESSAGES);

  const options = bracket.status === 'ready' ? correctable(bracket.value) : [];
  const chosen = options.find((option) => option.match.id === matchId) ?? null;

  /** Any change to the form makes the preview stale. */
  function edit(change: () => void) {
    change();
    setPreview(null);
    action.clearError();
  }

  async function send(apply: boolean) {
    setAttempted(true);
    if (!chosen || resultProblem(result) || reasonProblem(reason)) return;
    const winner = result.winner === null ? null : chosen.match.entries[result.winner];
    const winnerId = winner?.entry_id;
    if (!winnerId) return;
    const answer = await action.run(async () =>
      (await api()).correctResult(chosen.match.id, winnerId, typedScore(result), reason.trim(), apply),
    );
    if (!answer) return;
    if (!apply) {
      setPreview(answer);
      return;
    }
    const later = answer.later_matches.length;
    setNotice(
      `${chosen.roundName} ${chosen.match.position} corrected: ${correctedSentence(chosen.match.entries, result.winner ?? 0, typedScore(result))}.${
        later > 0 ? ` ${later} later ${later === 1 ? 'match' : 'matches'} reset.` : ''
      }`,
    );
    setPreview(null);
    setMatchId('');
    setResult(EMPTY);
    setReason('');
    setAttempted(false);
    reload();
    onApplied();
  }

  return {
    bracket,
    options,
    rounds: bracket.status === 'ready' ? bracket.value.rounds.length : 0,
    chosen,
    names: chosen ? ([sideName(chosen.match.entries[0]), sideName(chosen.match.entries[1])] as const) : null,
    matchId,
    chooseMatch: (id: string) => edit(() => setMatchId(id)),
    result,
    changeResult: (next: TypedResult) => edit(() => setResult(next)),
    reason,
    changeReason: (next: string) => edit(() => setReason(next)),
    resultProblem: attempted ? (chosen ? resultProblem(result) : 'Choose the match to correct.') : null,
    reasonProblem: attempted ? reasonProblem(reason) : null,
    preview,
    dropPreview: () => setPreview(null),
    notice,
    busy: action.busy,
    error: action.error,
    send,
  };
}

/** "PlayerA won 2–0": the corrected result, winner first (lib/score). */
function correctedSentence(entries: readonly Parameters<typeof sideName>[0][], winner: 0 | 1, score: [number, number] | null): string {
  const names = [sideName(entries[0] ?? null), sideName(entries[1] ?? null)] as const;
  const decided = resultOfSides({ names, score, winner });
  return decided ? resultSentence({ ...decided, loser: null }) : `${names[winner]} went through`;
}
