import { describe, expect, it } from 'vitest';
import {
  type Bracket,
  type BracketMatch,
  defaultRoundIndex,
  hasMatchPage,
  pathOf,
  showsTree,
  sideLabel,
  standingLine,
  standingOf,
  treePlacement,
} from './brackets';

const T = '2026-12-05T13:00:00.000Z'; // 6:30 pm IST
const e = (name: string) => ({ entry_id: `id-${name}`, in_game_name: name });

function match(round: number, position: number, a: string | null, b: string | null, extra: Partial<BracketMatch> = {}): BracketMatch {
  return {
    id: `m${round}-${position}`,
    round,
    position,
    entries: [a ? e(a) : null, b ? e(b) : null],
    score: null,
    winner_entry_id: null,
    status: a && b ? 'scheduled' : 'pending',
    scheduled_at: T,
    ...extra,
  };
}

/** Super 8 with 7 entries: demo1 has a bye; round 1 partly played. */
function superEight(): Bracket {
  return {
    draw: { commitment: 'c'.repeat(64), secret: 's', entry_ids: [], same_buyer: [], drawn_at: T, bracket_size: 8 },
    rounds: [
      {
        round: 1,
        name: 'Quarter-finals',
        matches: [
          match(1, 1, 'demo1', null, { status: 'bye', winner_entry_id: 'id-demo1' }),
          match(1, 2, 'demo4', 'demo5', { status: 'confirmed', winner_entry_id: 'id-demo5', score: [1, 2] }),
          match(1, 3, 'demo2', 'demo7'),
          match(1, 4, 'demo3', 'demo6'),
        ],
      },
      { round: 2, name: 'Semi-finals', matches: [match(2, 1, 'demo1', 'demo5'), match(2, 2, null, null)] },
      { round: 3, name: 'Final', matches: [match(3, 1, null, null)] },
    ],
  };
}

const entry = (name: string, status = 'active') => ({ entry_id: `id-${name}`, status });
const NOW = new Date('2026-12-05T10:00:00.000Z');

describe('the bracket a player reads', () => {
  it('opens the round of the player’s next match, else the current round', () => {
    const bracket = superEight();
    expect(defaultRoundIndex(bracket, 'id-demo1')).toBe(1);
    expect(defaultRoundIndex(bracket, 'id-demo2')).toBe(0);
    expect(defaultRoundIndex(bracket, null)).toBe(0);
    expect(defaultRoundIndex({ ...bracket, rounds: [] }, null)).toBe(0);
    const done = superEight();
    for (const round of done.rounds) for (const m of round.matches) m.status = 'confirmed';
    expect(defaultRoundIndex(done, null)).toBe(2);
  });

  it('follows a player’s own path', () => {
    expect(pathOf(superEight(), 'id-demo1').map((m) => m.id)).toEqual(['m1-1', 'm2-1']);
    expect(pathOf(superEight(), null)).toEqual([]);
  });

  it('says where each player stands', () => {
    const bracket = superEight();
    const line = (name: string, status = 'active') => {
      const standing = standingOf(bracket, entry(name, status), T);
      return standing && standingLine(standing, NOW);
    };
    expect(line('demo1')).toBe('Your next match: Semi-finals vs demo5, 6:30 pm IST');
    expect(line('demo2')).toBe('Your next match: Quarter-finals vs demo7, 6:30 pm IST');
    expect(line('demo4')).toBe("You're out: knocked out in the Quarter-finals");
    // Fails -> "Your next match" does not open that match's page.
    expect(standingOf(bracket, entry('demo2'), T)).toMatchObject({ kind: 'next', matchId: 'm1-3' });
    expect(line('demo8', 'withdrawn')).toBe("You're out: you were withdrawn because you did not check in by 6:30 pm IST");
    // A quick pod's missed check-in is refunded in full: the entry then reads cancelled, and says why.
    const refunded = {
      ...entry('demo8', 'cancelled'),
      withdraw_reason: 'Not checked in before check-in closed. Your entry fee is refunded in full.',
    };
    expect(standingLine(standingOf(bracket, refunded, T) ?? { kind: 'not-drawn' }, NOW)).toBe(
      "You're out: you were withdrawn because you did not check in by 6:30 pm IST",
    );
    expect(standingOf(bracket, null, T)).toBeNull();
  });

  it('sends a winner through before the opponent is known, and crowns the champion', () => {
    const bracket = superEight();
    const third = bracket.rounds[0]?.matches[2];
    if (!third) throw new Error('match 3');
    Object.assign(third, { status: 'confirmed', winner_entry_id: 'id-demo2', score: [3, 0] });
    expect(standingLine(standingOf(bracket, entry('demo2'), T) ?? { kind: 'not-drawn' }, NOW)).toBe(
      "You're through to the Semi-finals, 6:30 pm IST: your opponent is not decided yet",
    );
    const final = bracket.rounds[2]?.matches[0];
    if (!final) throw new Error('final');
    Object.assign(final, { entries: [e('demo1'), e('demo2')], status: 'confirmed', winner_entry_id: 'id-demo2' });
    expect(standingOf(bracket, entry('demo2'), T)).toEqual({ kind: 'champion' });
    expect(standingOf(bracket, entry('demo1'), T)).toEqual({ kind: 'out', round: 'Final' });
  });

  it('waits for the draw with its time, and shows the date when it is not today', () => {
    const before = { ...superEight(), rounds: [] };
    expect(standingLine(standingOf(before, entry('demo1'), T) ?? { kind: 'not-drawn' }, NOW)).toBe('Waiting for the draw at 6:30 pm IST');
    expect(standingLine({ kind: 'waiting-draw', drawAt: T }, new Date('2026-12-04T10:00:00Z'))).toBe(
      'Waiting for the draw at 5 Dec 2026, 6:30 pm IST',
    );
    expect(standingLine(standingOf(before, entry('demo1'), null) ?? { kind: 'not-drawn' }, NOW)).toBe(
      'Waiting for the draw: it runs when check-in closes',
    );
  });

  it('labels byes and places not decided yet', () => {
    const bracket = superEight();
    expect(sideLabel(bracket.rounds[0]?.matches[0] as BracketMatch, 1)).toBe('bye');
    expect(sideLabel(bracket.rounds[1]?.matches[1] as BracketMatch, 0)).toBe('to be decided');
    expect(sideLabel(bracket.rounds[0]?.matches[1] as BracketMatch, 0)).toBe('demo4');
  });

  // Fails -> a card links to a match page with nobody to play, or a playable match has no link.
  it('gives a match a page once both players are known', () => {
    const bracket = superEight();
    expect(hasMatchPage(bracket.rounds[0]?.matches[1] as BracketMatch)).toBe(true);
    expect(hasMatchPage(bracket.rounds[0]?.matches[0] as BracketMatch)).toBe(false);
    expect(hasMatchPage(bracket.rounds[1]?.matches[1] as BracketMatch)).toBe(false);
  });
});

describe('the tree', () => {
  it('puts each match level with the middle of the two that feed it', () => {
    expect(treePlacement(0, 1)).toEqual({ rowStart: 1, rowSpan: 1 });
    expect(treePlacement(0, 4)).toEqual({ rowStart: 4, rowSpan: 1 });
    expect(treePlacement(1, 2)).toEqual({ rowStart: 3, rowSpan: 2 });
    expect(treePlacement(2, 1)).toEqual({ rowStart: 1, rowSpan: 4 });
    // The final spans every first-round row of a bracket of 64.
    expect(treePlacement(5, 1)).toEqual({ rowStart: 1, rowSpan: 32 });
  });

  it('is drawn for brackets up to 32 players; bigger ones read round by round', () => {
    expect(showsTree(superEight())).toBe(true);
    const big = superEight();
    big.rounds[0] = { round: 1, name: 'Round of 64', matches: Array.from({ length: 32 }, (_, i) => match(1, i + 1, 'a', 'b')) };
    expect(showsTree(big)).toBe(false);
  });
});
