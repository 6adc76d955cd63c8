import { describe, expect, it } from 'vitest';
import { MatchReports, MatchRow } from './match-schemas';

describe('the match row', () => {
  it('accepts the row as public.matches sends it and refuses an unknown status', () => {
    const row = {
      id: 'm',
      tournament_id: 't',
      round: 1,
      position: 1,
      entry_a: 'a',
      entry_b: null,
      winner_entry_id: null,
      score_a: null,
      score_b: null,
      status: 'scheduled',
      scheduled_at: '2027-04-20T14:00:00+00:00',
      ready_a_at: null,
      ready_b_at: null,
      room_posted_at: null,
      walkover_entry_id: null,
      walkover_claimed_at: null,
    };
    expect(MatchRow.safeParse(row).success).toBe(true);
    expect(MatchRow.safeParse({ ...row, status: 'abandoned' }).success).toBe(false);
  });
});

describe('the reports the two players read', () => {
  // Fails -> the page trusts a malformed answer and shows an empty score or a wrong deadline.
  it('accepts get_match_reports as the database builds it and refuses a score without two numbers', () => {
    const answer = {
      reports: [
        { entry_id: 'b', score: [1, 2], winner_entry_id: 'b', screenshot_path: 'm/u/1.jpg', reported_at: '2027-04-20T14:20:00+00:00' },
      ],
      dispute: {
        reason: 'wrong_score',
        details: null,
        opened_at: '2027-04-20T14:25:00+00:00',
        deadline_at: '2027-04-20T14:40:00+00:00',
        opened_by_entry_id: 'a',
        settled_at: null,
        outcome: null,
        note: null,
        statements: [{ entry_id: 'b', details: 'I scored twice', screenshot_path: null, added_at: '2027-04-20T14:27:00+00:00' }],
      },
      walkover: null,
      dispute_reasons: [],
      decision: null,
    };
    expect(MatchReports.safeParse(answer).success).toBe(true);
    const nothing = { reports: [], dispute: null, walkover: null, decision: null };
    expect(
      MatchReports.safeParse({
        ...nothing,
        dispute_reasons: [{ reason: 'no_show', opens_at: '2027-04-20T14:10:00+00:00', details_required: false }],
      }).success,
    ).toBe(true);
    // A reason the page has no words for is refused rather than offered blank.
    expect(
      MatchReports.safeParse({
        ...nothing,
        dispute_reasons: [{ reason: 'rage_quit', opens_at: '2027-04-20T14:10:00+00:00', details_required: false }],
      }).success,
    ).toBe(false);
    expect(MatchReports.safeParse({ ...answer, reports: [{ ...answer.reports[0], score: [1] }] }).success).toBe(false);
  });
});
