import { describe, expect, it } from 'vitest';
import { resultOfSides, resultScore, resultSentence } from './score';

describe('resultSentence', () => {
  it('puts the winner and the winner’s goals first, whichever side of the bracket they played', () => {
    const bWon = resultOfSides({ names: ['PlayerB', 'PlayerA'], score: [0, 2], winner: 1 });
    expect(resultSentence({ ...bWon!, loser: null })).toBe('PlayerA won 2–0');
    expect(resultSentence(bWon!)).toBe('PlayerA won 2–0 against PlayerB');
    expect(resultScore(bWon!)).toBe('2–0');
  });

  it('marks a shoot-out with its goals when the data has them', () => {
    const result = resultOfSides({ names: ['PlayerA', 'PlayerB'], score: [2, 2], winner: 1, penalties: [3, 4] });
    expect(resultScore(result!)).toBe('2–2, won 4–3 on penalties');
    expect(resultSentence({ ...result!, loser: null })).toBe('PlayerB drew 2–2, won 4–3 on penalties');
  });

  it('still marks the winner of a level score without the shoot-out’s goals', () => {
    const result = resultOfSides({ names: ['PlayerA', 'PlayerB'], score: [1, 1], winner: 0 });
    expect(resultSentence(result!)).toBe('PlayerA drew 1–1, won on penalties (against PlayerB)');
    expect(resultScore(result!)).toBe('1–1, won on penalties');
  });

  it('says who went through when there is no score, and nothing before a winner', () => {
    expect(resultSentence({ winner: 'PlayerA', winnerGoals: null, loserGoals: null })).toBe('PlayerA went through');
    expect(resultOfSides({ names: ['PlayerA', 'PlayerB'], score: [1, 0], winner: null })).toBeNull();
  });
});
