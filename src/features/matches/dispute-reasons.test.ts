import { describe, expect, it } from 'vitest';
import { disputeChoices, disputeReasonLabel, nextDisputeOpening } from './dispute-reasons';

const T = Date.parse('2027-04-20T14:00:00Z');
const iso = (minutes: number) => new Date(T + minutes * 60_000).toISOString();
/** get_match_reports' dispute_reasons before any report: a no-show from T + 10, the rest from T. */
const beforeAnyReport = [
  { reason: 'no_show', opens_at: iso(10), details_required: false },
  { reason: 'disconnection', opens_at: iso(0), details_required: false },
  { reason: 'cheating', opens_at: iso(0), details_required: true },
  { reason: 'other', opens_at: iso(0), details_required: true },
] as const;

describe('the reasons the dispute form offers', () => {
  // Fails -> the form offers "Wrong score" before kick-off, and an empty dispute freezes the match.
  it('offers nothing before the match starts, and says from when', () => {
    expect(disputeChoices(beforeAnyReport, T - 4 * 60_000)).toEqual([]);
    expect(nextDisputeOpening(beforeAnyReport, T - 4 * 60_000)).toBe(T);
  });

  it('offers what happens in a game once it started, the no-show only once Ready has closed', () => {
    expect(disputeChoices(beforeAnyReport, T + 60_000).map((choice) => choice.value)).toEqual(['disconnection', 'cheating', 'other']);
    expect(nextDisputeOpening(beforeAnyReport, T + 60_000)).toBe(T + 10 * 60_000);
    const later = disputeChoices(beforeAnyReport, T + 11 * 60_000);
    expect(later.map((choice) => [choice.label, choice.detailsRequired])).toEqual([
      ['My opponent did not show up', false],
      ['Disconnection', false],
      ['Cheating', true],
      ['Something else', true],
    ]);
    expect(nextDisputeOpening(beforeAnyReport, T + 11 * 60_000)).toBeNull();
  });

  it('words a reason it knows and passes through one it does not', () => {
    expect(disputeReasonLabel('wrong_score')).toBe('Wrong score');
    expect(disputeReasonLabel('new_reason')).toBe('new_reason');
  });
});
