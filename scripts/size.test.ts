import { describe, expect, it } from 'vitest';
import { budgetOf, EVERY_PAGE_ALLOWANCE } from './size.mjs';

const KB = 1024;

// A route without a budget is measured but never fails, so a heavy script could reach
// players on a page that should read like text without anyone noticing.
describe('JavaScript budgets per route', () => {
  it('gives every tournament page the tournament budget', () => {
    expect(budgetOf('/tournaments/champions-dec-2026')).toBe(141 * KB);
    expect(budgetOf('/tournaments/super_4')).toBe(141 * KB);
  });

  it('keeps info pages script-free, and the tournament list to its small live-status script', () => {
    for (const route of ['/about', '/contact', '/privacy-policy', '/privacy-policy-hi', '/help-center/verify-draw', '/hi/privacy-policy']) {
      expect(budgetOf(route)).toBe(0);
    }
    expect(budgetOf('/tournaments')).toBe(6 * KB);
  });

  it("holds every Hindi page (/hi/...) to its English twin's budget", () => {
    expect(budgetOf('/hi')).toBe(budgetOf('/'));
    expect(budgetOf('/hi/about')).toBe(0);
    expect(budgetOf('/hi/tournaments')).toBe(6 * KB);
    expect(budgetOf('/hi/tournaments/super_4')).toBe(141 * KB);
    expect(budgetOf('/hi/my-earnings')).toBe(budgetOf('/my-earnings'));
    // A route that only looks Hindi is not one.
    expect(budgetOf('/history')).toBeUndefined();
  });

  it('budgets the landing page, the sign-in pages and every signed-in page', () => {
    expect(budgetOf('/')).toBe(75 * KB);
    // Sign-in pages (counting the data layer they load with the page): 110 KB with the header's check; account
    // pages also load the shared data hooks: 112 KB; the profile (the in-game name change) and My Tournaments
    // (the live feed and the next matches) 114 KB.
    for (const route of ['/login', '/register', '/invite']) {
      expect((budgetOf(route) ?? Number.POSITIVE_INFINITY) + EVERY_PAGE_ALLOWANCE).toBeLessThanOrEqual(110 * KB);
    }
    expect((budgetOf('/trade') ?? Number.POSITIVE_INFINITY) + EVERY_PAGE_ALLOWANCE).toBeLessThanOrEqual(112 * KB);
    // My Earnings: the UTR, chargeback holds and delayed payouts, and its figures' words in both languages; a Hindi
    // page also loads its prize section's and its tax statement's Hindi words (the tax line's reckoning among them),
    // and the database's reasons worded from their codes; the hand-written IST dates' month names in both languages.
    expect((budgetOf('/my-earnings') ?? Number.POSITIVE_INFINITY) + EVERY_PAGE_ALLOWANCE).toBeLessThanOrEqual(126 * KB);
    // The profile: the in-game name change, the alerts (push on this device, the WhatsApp opt-in, events per
    // channel, shared with the offer after a payment, and which step of turning push on failed) and Download my
    // data (its data module loads when pressed); the language messages come in, and on a Hindi page the form's words
    // and the settings' and Your data's words; the hand-written IST dates' month names in both languages.
    expect((budgetOf('/profile') ?? Number.POSITIVE_INFINITY) + EVERY_PAGE_ALLOWANCE).toBeLessThanOrEqual(131 * KB);
    // My Tournaments also lists the waitlist places (Check in, Leave); a Hindi page loads its islands' Hindi words.
    expect((budgetOf('/my-tournaments') ?? Number.POSITIVE_INFINITY) + EVERY_PAGE_ALLOWANCE).toBeLessThanOrEqual(134 * KB);
    // The staff console: also the header's bell in the page's language.
    expect(budgetOf('/staff')).toBeLessThanOrEqual(126 * KB);
  });
});
