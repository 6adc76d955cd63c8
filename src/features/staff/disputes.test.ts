import { describe, expect, it } from 'vitest';
import {
  correctionSummary,
  deadlineLine,
  disputeReasonLabel,
  isOverdue,
  reportClaim,
  reportsAgree,
  resultProblem,
  roundName,
  typedScore,
} from './disputes';

const entries = [
  { entry_id: 'a', in_game_name: 'demo1' },
  { entry_id: 'b', in_game_name: 'demo2' },
] as const;

describe('disputes in the staff console', () => {
  it('names rounds as the bracket does', () => {
    expect([1, 2, 3, 4].map((round) => roundName(round, 4))).toEqual(['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final']);
  });

  it('says the staff deadline in IST, and when it has passed', () => {
    const now = new Date('2026-12-20T14:00:00Z');
    expect(deadlineLine('2026-12-20T14:12:00Z', now)).toBe('Decide by 7:42 pm IST (in 12 min)');
    expect(deadlineLine('2026-12-20T13:57:00Z', now)).toBe('Overdue: the deadline was 7:27 pm IST (3 min ago)');
    expect(isOverdue('2026-12-20T13:57:00Z', now)).toBe(true);
    expect(isOverdue('2026-12-20T14:12:00Z', now)).toBe(false);
  });

  it('reads each report in bracket order with who went through, and whether the two agree', () => {
    const first = { score: [2, 1] as [number, number], winner_entry_id: 'a' };
    const second = { score: [1, 2] as [number, number], winner_entry_id: 'b' };
    expect(reportClaim(first, entries)).toBe('2–1, demo1 through');
    expect(reportClaim(second, entries)).toBe('1–2, demo2 through');
    // A group or Swiss draw names no winner.
    expect(reportClaim({ ...first, score: [1, 1], winner_entry_id: null }, entries)).toBe('1–1, a draw');
    expect(reportsAgree([first, second])).toBe(false);
    expect(reportsAgree([first, { ...first }])).toBe(true);
    expect(reportsAgree([first])).toBe(false);
    expect(disputeReasonLabel('disconnection')).toBe('Disconnection');
    expect(disputeReasonLabel('new_reason')).toBe('new reason');
  });

  it('lets staff send a result only when the winner has more goals or won a level score', () => {
    expect(resultProblem({ winner: null, goalsA: '2', goalsB: '1' })).toBe('Choose who went through.');
    expect(resultProblem({ winner: 1, goalsA: '2', goalsB: '1' })).toBe('The player who went through must have more goals.');
    expect(resultProblem({ winner: 0, goalsA: '2', goalsB: '' })).toMatch(/^Goals are whole numbers/);
    expect(resultProblem({ winner: 0, goalsA: '100', goalsB: '1' })).toMatch(/^Goals are whole numbers/);
    expect(resultProblem({ winner: 0, goalsA: '2', goalsB: '1' })).toBeNull();
    expect(resultProblem({ winner: 1, goalsA: '1', goalsB: '1' })).toBeNull();
    expect(resultProblem({ winner: 1, goalsA: '', goalsB: ' ' })).toBeNull();
    expect(typedScore({ winner: 0, goalsA: '3', goalsB: '0' })).toEqual([3, 0]);
    expect(typedScore({ winner: 0, goalsA: '', goalsB: '' })).toBeNull();
  });

  it('says what a correction does to the later matches before it is applied', () => {
    expect(correctionSummary({ winner_changes: false, later_matches: [] }, 2)).toEqual([
      'The winner stays the same: only the score changes. No later match is touched.',
    ]);
    expect(
      correctionSummary(
        {
          winner_changes: true,
          later_matches: [
            { round: 2, position: 1, played: true },
            { round: 3, position: 1, played: false },
          ],
        },
        3,
      ),
    ).toEqual([
      'Semi-finals match 1: already played — its result is voided and it is replayed',
      'Final match 1: reset with the new winner in it',
    ]);
  });
});
