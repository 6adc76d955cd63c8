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
          // The database puts the winner in as it confirms the semi-final.
          entries: [side('ea', 'demo1'), null],
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
    expect(host.next).toEqual({ match: bracket.rounds[1]?.matches[0], roundName: 'Final', mine: true });
    const loser = matchView({ match: confirmed, bracket, title: null }, 'b', NOTHING_ON_FILE, T);
    expect(loser.viewerWon).toBe(false);
    // The loser of a knockout has no match of their own left: the page offers to follow the winner's.
    expect(loser.next).toEqual({ match: bracket.rounds[1]?.matches[0], roundName: 'Final', mine: false });
    expect(matchView({ match: confirmed, bracket, title: null }, null, NOTHING_ON_FILE, T).viewerWon).toBeNull();
    expect(matchView({ match: semi, bracket, title: null }, 'a', NOTHING_ON_FILE, T).next).toBeNull();
  });

  // Fails -> a group player is sent to a match of another group (round arithmetic), or to none after a draw.
  it("leads a group player to their own next matchday, whoever won, and a draw's players too", () => {
    const groupMatch = (id: string, round: number, position: number, a: string, b: string) => ({
      id,
      round,
      position,
      entries: [side(a, a), side(b, b)] as [ReturnType<typeof side>, ReturnType<typeof side>],
      score: null,
      winner_entry_id: null,
      status: 'scheduled' as const,
      scheduled_at: null,
    });
    const groups: Bracket = {
      draw: bracket.draw,
      rounds: [
        { round: 1, name: 'Group matchday 1', matches: [groupMatch('a1', 1, 1, 'p1', 'p2'), groupMatch('b1', 1, 2, 'p5', 'p6')] },
        { round: 2, name: 'Group matchday 2', matches: [groupMatch('b2', 2, 1, 'p5', 'p7'), groupMatch('a2', 2, 2, 'p2', 'p3')] },
      ],
    };
    const drawn: MatchRow = {
      ...semi,
      id: 'a1',
      round: 1,
      position: 1,
      entry_a: 'p1',
      entry_b: 'p2',
      status: 'confirmed',
      score_a: 1,
      score_b: 1,
    };
    expect(matchView({ match: drawn, bracket: groups, title: null }, 'b', NOTHING_ON_FILE, T).next).toMatchObject({
      match: { id: 'a2' },
      roundName: 'Group matchday 2',
      mine: true,
    });
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
