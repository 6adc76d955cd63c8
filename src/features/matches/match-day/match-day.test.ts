import { describe, expect, it } from 'vitest';
import { answerWords, disconnectionStage, type MatchDayState, namedScore, rulingWords } from './match-day';

const state = (overrides: Partial<MatchDayState>): MatchDayState => ({
  reports: [],
  ruling: null,
  minute: null,
  minutes_left: null,
  carried_score: null,
  replay_ends_at: null,
  report_closes_at: '2027-04-20T15:00:00Z',
  host: 'a',
  host_deadline: '2027-04-20T14:00:00Z',
  settings_checked_at: null,
  restart_by_minute: 20,
  ...overrides,
});
const report = (entry: string, episode = 1) => ({
  entry_id: entry,
  episode,
  minute: 12,
  score: [1, 0] as [number, number],
  claims_quit: false,
  reported_at: '2027-04-20T14:10:00Z',
});

describe('a disconnection on the match page', () => {
  it('says the score with the viewer’s goals first', () => {
    expect(namedScore([1, 0], { a: 'ArjunK10', b: 'demo2' })).toBe('ArjunK10 1–0 demo2');
  });

  it('knows who reported and who reports next, per disconnection', () => {
    expect(disconnectionStage(state({ reports: [report('ea')] }), 'ea').kind).toBe('mine_waiting');
    expect(disconnectionStage(state({ reports: [report('ea')] }), 'eb').kind).toBe('opponent_waiting');
    expect(disconnectionStage(state({ reports: [report('ea'), report('eb')] }), 'eb').kind).toBe('none');
    // Once ruled, the first disconnection's reports are history.
    expect(disconnectionStage(state({ ruling: 'restart', reports: [report('ea')] }), 'eb').kind).toBe('none');
    expect(disconnectionStage(state({ ruling: 'restart', reports: [report('ea'), report('ea', 2)] }), 'eb').kind).toBe('opponent_waiting');
  });

  it('words the ruling for each player, the carried score their goals first', () => {
    const ruled = { disconnection_ruling: 'play_remaining' as const, minutes_left: 30, carried_score_a: 1, carried_score_b: 0 };
    const closes = Date.parse('2027-04-20T09:30:00Z');
    const names = { a: 'demo1', b: 'demo2' };
    const forB = rulingWords(ruled, names, { name: 'demo1', me: false }, closes);
    expect(forB?.title).toBe('Disconnection: play the 30 minutes left');
    expect(forB?.body).toBe(
      'demo1 1–0 demo2 carries over. demo1 posts a new room in step 1: a new friend match with the same match settings. ' +
        'Play it until the game clock shows 30:00, then both leave the match. ' +
        "Add the replay's goals to the carried score and report the total by 3:00 pm IST: if the replay ends demo1 0–1 demo2, report demo1 1–1 demo2.",
    );
    // Both players read the same sentence about the score.
    expect(rulingWords(ruled, names, { name: 'demo1', me: true }, closes)?.body).toContain('demo1 1–0 demo2 carries over. Post a new room');
    expect(rulingWords({ ...ruled, disconnection_ruling: 'restart' }, names, { name: 'demo1', me: true }, closes)?.body).toMatch(
      /Post a new room in step 1/,
    );
    expect(rulingWords({ ...ruled, disconnection_ruling: null }, names, { name: 'x', me: true }, closes)).toBeNull();
    expect(answerWords({ ruling: 'disputed', minutes_left: null, carried_score: null }, 'demo2')).toMatch(/Staff decide/);
  });
});
