import { describe, expect, it } from 'vitest';
import type { Bracket } from '@/features/brackets/brackets';
import type { MatchRow } from './match-schemas';
import { matchView, NOTHING_ON_FILE } from './match-view';

const T = Date.parse('2027-04-20T14:00:00Z');

const semi: MatchRow = {
  id: 'semi-1',
  tournament_id: 'cup',
  round: 1,
  position: 2,
  entry_a: 'ea',
  entry_b: 'eb',
  winner_entry_id: null,
  score_a: null,
  score_b: null,
  status: 'scheduled',
  scheduled_at: new Date(T).toISOString(),
  ready_a_at: null,
  ready_b_at: null,
  room_posted_at: null,
  walkover_entry_id: null,
  walkover_claimed_at: null,
};

const side = (entry_id: string, in_game_name: string | null) => ({ entry_id, in_game_name });
const bracket: Bracket = {
  draw: { commitment: null, secret: null, entry_ids: [], same_buyer: [] },
  rounds: [
    {
      round: 1,
      name: 'Semi-finals',
      matches: [
        {
          id: 'semi-1',
          round: 1,
          position: 2,
          entries: [side('ea', 'demo1'), side('eb', null)],
          score: null,
          winner_entry_id: null,
          status: 'scheduled',
          scheduled_at: null,
        },
      ],
    },
    {
      round: 2,
      name: 'Final',
      matches: [
        {
          id: 'final',
          round: 2,
          position: 1,
          entries: [null, null],
          score: null,
          winner_entry_id: null,
          status: 'pending',
          scheduled_at: null,
        },
      ],
    },
  ],
};

describe('what the match page shows', () => {
  // Fails -> the heading names the wrong players, or a blank where a name is not known yet.
  it('names the players from the bracket, a player without a name as "A player", and the round by its name', () => {
    const view = matchView({ match: semi, bracket, title: 'Match Day Super 4' }, 'b', NOTHING_ON_FILE, T);
    expect(view.names).toEqual({ a: 'demo1', b: 'A player' });
    expect(view.mine).toEqual({ me: 'A player', opponent: 'demo1' });
    expect(view.roundName).toBe('Semi-finals');
    expect(view.statusWords).toBe('Scheduled');
    expect(matchView({ match: semi, bracket: null, title: null }, null, NOTHING_ON_FILE, T).roundName).toBe('Round 1');
  });

  // Fails -> the winner is sent to the wrong match, or the loser is congratulated.
  it('sends the winner on to the next match and tells each player how it went', () => {
    const confirmed = { ...semi, status: 'confirmed' as const, score_a: 2, score_b: 1, winner_entry_id: 'ea' };
    const host = matchView({ match: confirmed, bracket, title: null }, 'a', NOTHING_ON_FILE, T);
    expect(host).toMatchObject({ winnerName: 'demo1', score: '2–1', viewerWon: true, statusWords: 'Result confirmed' });
    expect(host.next).toEqual({ match: bracket.rounds[1]?.matches[0], roundName: 'Final' });
    expect(matchView({ match: confirmed, bracket, title: null }, 'b', NOTHING_ON_FILE, T).viewerWon).toBe(false);
    expect(matchView({ match: confirmed, bracket, title: null }, null, NOTHING_ON_FILE, T).viewerWon).toBeNull();
    expect(matchView({ match: semi, bracket, title: null }, 'a', NOTHING_ON_FILE, T).next).toBeNull();
  });

  it('knows the viewer reported from the reports on file', () => {
    const reported = { ...semi, status: 'reported' as const };
    const onFile = {
      ...NOTHING_ON_FILE,
      reports: [
        {
          entry_id: 'ea',
          score: [2, 1] as [number, number],
          winner_entry_id: 'ea',
          screenshot_path: 'p',
          reported_at: new Date(T).toISOString(),
        },
      ],
    };
    expect(matchView({ match: reported, bracket, title: null }, 'a', onFile, T + 60_000).situation.active).toBe('awaiting_opponent_report');
    expect(matchView({ match: reported, bracket, title: null }, 'b', onFile, T + 60_000).situation.active).toBe('confirm');
  });
});
