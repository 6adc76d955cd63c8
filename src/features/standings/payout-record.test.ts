import { describe, expect, it } from 'vitest';
import { PayoutRecordAnswer } from './payout-record.api';
import { anyWaiting, type PayoutRecordRow, payoutStatusDetail, payoutStatusLabel, timeLeft } from './payout-record';

const row = (overrides: Partial<PayoutRecordRow>): PayoutRecordRow => ({
  place: '1st',
  in_game_name: 'Striker',
  prize_paise: 2000000,
  status: 'waiting',
  credited_at: null,
  paid_at: null,
  due_at: '2027-01-31T12:00:00Z',
  ...overrides,
});
const when = (at: string) => `at ${at}`;

describe('the payout record', () => {
  it('counts down to the end of the challenge window for a waiting prize', () => {
    const now = Date.parse('2027-01-30T12:54:51Z');
    expect(payoutStatusDetail(row({}), now, when)).toBe('Credited in 23 h 05 min, when the challenge window ends');
    expect(payoutStatusDetail(row({}), Date.parse('2027-01-31T11:55:51Z'), when)).toBe(
      'Credited in 4 min 09 s, when the challenge window ends',
    );
    expect(payoutStatusDetail(row({}), Date.parse('2027-01-31T12:00:01Z'), when)).toBe('Being credited now');
    expect(timeLeft(Date.parse('2027-01-31T12:00:00Z'), Date.parse('2027-01-31T11:59:58Z'))).toBe('2 s');
  });

  it('says when a prize was credited or paid, and why one is not paid', () => {
    expect(payoutStatusDetail(row({ status: 'credited', credited_at: 'c' }), 0, when)).toBe('In the player’s balance since at c');
    expect(payoutStatusDetail(row({ status: 'paid', paid_at: 'p' }), 0, when)).toBe('Paid out at p');
    expect(payoutStatusDetail(row({ status: 'forfeited' }), 0, when)).toMatch(/^Not paid/);
    expect(payoutStatusLabel('held')).toBe('Held');
    expect(anyWaiting([row({ status: 'paid' }), row({})])).toBe(true);
    expect(anyWaiting([row({ status: 'paid' })])).toBe(false);
  });

  it('reads the answer of get_tournament_payouts, refusing an unknown status', () => {
    const answer = [{ ...row({}), due_at: undefined }];
    expect(PayoutRecordAnswer.parse(answer)).toEqual([{ ...row({}), due_at: null }]);
    expect(PayoutRecordAnswer.parse(null)).toEqual([]);
    expect(() => PayoutRecordAnswer.parse([{ ...row({}), status: 'sent' }])).toThrow();
  });
});
