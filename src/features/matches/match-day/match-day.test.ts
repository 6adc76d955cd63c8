import { describe, expect, it } from 'vitest';
import { answerWords, disconnectionStage, type MatchDayState, rulingWords, scoreForSide } from './match-day';

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
    expect(scoreForSide([1, 0], 'a')).toBe('1–0');
    expect(scoreForSide([1, 0], 'b')).toBe('0–1');
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
    const forB = rulingWords(ruled, 'b', { name: 'demo1', me: false }, closes);
    expect(forB?.title).toBe('Disconnection: play the 30 minutes left');
    expect(forB?.body).toMatch(/^The score 0–1 carries over .* demo1 posts a new room in step 1; .*by 3:00 pm/);
    expect(rulingWords({ ...ruled, disconnection_ruling: 'restart' }, 'a', { name: 'demo1', me: true }, closes)?.body).toMatch(
      /Post a new room in step 1/,
    );
    expect(rulingWords({ ...ruled, disconnection_ruling: null }, 'a', { name: 'x', me: true }, closes)).toBeNull();
    expect(answerWords({ ruling: 'disputed', minutes_left: null, carried_score: null }, 'demo2')).toMatch(/Staff decide/);
  });
});
