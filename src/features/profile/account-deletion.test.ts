import { describe, expect, it } from 'vitest';
import { formatPaiseExact } from '@/lib/format';
import { blockerText, deletionExplanation, forfeitConsentText } from './account-deletion';

describe('the words of a deletion that must wait', () => {
  it('names the tournament still in play and where to follow it', () => {
    const text = blockerText({ hint: 'open_play', detail: 'Super 8 #12' }, formatPaiseExact, 0);
    expect(text.title).toBe('You still play in Super 8 #12');
    expect(text.action?.href).toBe('/my-tournaments');
  });

  it('words a waitlist place as one, to be left rather than waited out', () => {
    const text = blockerText({ hint: 'open_play', detail: 'Super 4 #7', waitlist_tournament_id: 'q-7' }, formatPaiseExact, 0);
    expect(text.title).toBe('You are on the waitlist of Super 4 #7');
    expect(text.body).toMatch(/^Leave the waitlist to delete your account\. A paid place is refunded in full/);
    expect(text.action).toBeNull();
  });

  it('says what to do about each kind of open money', () => {
    expect(blockerText({ hint: 'open_money', detail: 'balance' }, formatPaiseExact, 125_050)).toMatchObject({
      title: 'You have ₹1,250.50 in winnings',
      action: { href: '/my-earnings' },
    });
    expect(blockerText({ hint: 'open_money', detail: 'payout' }, formatPaiseExact, 0).title).toMatch(/withdrawal is on its way/);
    expect(blockerText({ hint: 'open_money', detail: 'prize' }, formatPaiseExact, 0).title).toMatch(/prize/);
    expect(blockerText({ hint: 'open_money', detail: 'chargeback' }, formatPaiseExact, 0).body).toMatch(/bank has decided/);
    expect(blockerText({ hint: 'open_money', detail: 'refund' }, formatPaiseExact, 0).title).toMatch(/refund/);
    expect(blockerText({ hint: 'open_money', detail: 'small_balance' }, formatPaiseExact, 60).body).toMatch(/too small to withdraw/);
  });

  it('asks the last admin to grant the role first', () => {
    expect(blockerText({ hint: 'last_admin', detail: null }, formatPaiseExact, 0)).toMatchObject({ action: { href: '/staff' } });
  });

  it('states the amount given up and the grace period', () => {
    expect(forfeitConsentText(formatPaiseExact, 60)).toContain('₹0.60');
    expect(deletionExplanation('7 days')[0]).toContain('7 days after you confirm');
  });
});
