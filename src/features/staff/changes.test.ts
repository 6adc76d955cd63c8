import { describe, expect, it } from 'vitest';
import { changeSummary } from './changes';

describe('changeSummary', () => {
  const base = { at: '2026-12-01T10:00:00Z', action: 'match_confirmed', reason: null, actor: 'Automatic' };

  it('words a decided match winner first, whatever the logged summary said', () => {
    const change = {
      ...base,
      summary: 'PlayerA beat PlayerB 0–2 (round 1)',
      result: { winner: 'PlayerA', loser: 'PlayerB', winner_goals: 2, loser_goals: 0, round: 1 },
    };
    expect(changeSummary(change)).toBe('PlayerA won 2–0 against PlayerB (round 1)');
  });

  it('keeps any other change as logged', () => {
    expect(changeSummary({ ...base, summary: 'Check-in closed', result: null })).toBe('Check-in closed');
  });
});
