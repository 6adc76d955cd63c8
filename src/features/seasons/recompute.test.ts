import { describe, expect, it } from 'vitest';
import { compareLeaderboard, ladderOf, pointsFor, recomputeSeason } from './recompute';

const tables = [
  {
    ladder: 'pod',
    rows: [
      { from_place: 1, to_place: 1, points: 10, place: '1st' },
      { from_place: 2, to_place: 2, points: 6, place: '2nd' },
      { from_place: 3, to_place: null, points: 2, place: 'Checked in and played' },
    ],
  },
];
const entry = (id: string, name: string) => ({ entry_id: id, in_game_name: name });
const match = (round: number, a: string, b: string, winner: string, score: [number, number] | null) => ({
  id: `${round}-${a}`,
  round,
  position: 1,
  entries: [entry(a, a.toUpperCase()), entry(b, b.toUpperCase())] as [ReturnType<typeof entry>, ReturnType<typeof entry>],
  score,
  winner_entry_id: winner,
  status: 'confirmed',
  scheduled_at: null,
});
const pod = {
  id: 'p',
  series: 'quick',
  series_id: 'super_4',
  entry_fee_paise: 100,
  drawn_at: '2026-11-20T10:00:00Z',
  finished_at: '2026-11-20T12:00:00Z',
  cancelled_at: null,
};

describe('the leaderboard recomputed from public results', () => {
  it('picks the points table and the row of a place', () => {
    expect(ladderOf(pod, tables)).toBe('pod');
    expect(ladderOf({ ...pod, series: 'championship', series_id: null, entry_fee_paise: 0 }, tables)).toBe('free-cup');
    expect(pointsFor(4, tables[0])).toBe(2);
    expect(pointsFor(2, tables[0])).toBe(6);
  });

  it('counts places, events, and no points for a player who never played', () => {
    const bracket = {
      draw: { commitment: null, secret: 's', entry_ids: ['a', 'b', 'c', 'd'], same_buyer: [] },
      rounds: [
        { round: 1, name: 'Semi-finals', matches: [match(1, 'a', 'b', 'a', [2, 1]), { ...match(1, 'c', 'd', 'c', null), position: 2 }] },
        { round: 2, name: 'Final', matches: [match(2, 'a', 'c', 'c', [1, 1])] },
      ],
    };
    const standings = [
      { place: '1st', from: 1, to: 1, entries: [entry('c', 'C')] },
      { place: '2nd', from: 2, to: 2, entries: [entry('a', 'A')] },
      { place: '3rd–4th', from: 3, to: 4, entries: [entry('b', 'B'), entry('d', 'D')] },
    ];
    const totals = recomputeSeason({
      from: new Date('2026-09-30T18:30:00Z'),
      to: new Date('2026-12-31T18:30:00Z'),
      series: null,
      tables,
      tournaments: [pod],
      brackets: new Map([['p', bracket]]),
      standings: new Map([['p', standings]]),
    });
    expect(Object.fromEntries(totals)).toEqual({
      A: { points: 6, events: 1 },
      B: { points: 2, events: 1 },
      C: { points: 10, events: 1 },
      D: { points: 0, events: 1 },
    });
    const row = (rank: number, name: string, points: number, rating = 1500) => ({
      rank,
      player_id: name,
      in_game_name: name,
      season_points: points,
      rating,
      events: 1,
    });
    expect(compareLeaderboard([row(1, 'C', 10), row(2, 'A', 6), row(3, 'B', 2), row(4, 'D', 0)], totals).differences).toEqual([]);
    const wrong = compareLeaderboard([row(1, 'A', 6), row(2, 'C', 10), row(3, 'B', 3)], totals);
    expect(wrong.differences).toEqual(['B: published 3 points and 1 events, recomputed 2 points and 1 events', 'C should rank above A']);
    expect(wrong.notListed).toEqual(['D']);
  });
});
