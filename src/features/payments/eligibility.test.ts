import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/lib/routes';
import { entryBlock, type EntryEligibility } from './eligibility';

const eligible: EntryEligibility = {
  paid_entry_refusal: null,
  free_entry_refusal: null,
  parental_consent: false,
  pending_parent_email: null,
};

// The button is where a player learns why they cannot enter; a wrong answer sends them to a checkout
// the server will refuse, or hides an entry they may make.
describe('entryBlock', () => {
  it('lets an eligible player through to the checkout', () => {
    expect(entryBlock(eligible, { free: false, paidEntryOffered: true })).toBeNull();
  });

  it('says what to do on the button and links to the profile', () => {
    expect(entryBlock({ ...eligible, paid_entry_refusal: 'profile_incomplete' }, { free: false, paidEntryOffered: true })).toMatchObject({
      label: 'Complete your profile to enter',
      href: ROUTES.profile.path,
    });
    expect(
      entryBlock({ ...eligible, paid_entry_refusal: 'too_young_for_paid_entry' }, { free: false, paidEntryOffered: true })?.label,
    ).toBe('Paid entry is for players 18 and over');
    expect(entryBlock({ ...eligible, paid_entry_refusal: 'residence_required' }, { free: false, paidEntryOffered: true })?.label).toBe(
      'Confirm you live in India to enter',
    );
  });

  it('judges a free tournament by the free-entry rules only', () => {
    const minor = {
      ...eligible,
      paid_entry_refusal: 'too_young_for_paid_entry' as const,
      free_entry_refusal: 'parental_consent_required' as const,
    };
    expect(entryBlock(minor, { free: true, paidEntryOffered: true })?.label).toBe('Ask a parent to consent to enter');
    expect(entryBlock({ ...minor, free_entry_refusal: null }, { free: true, paidEntryOffered: false })).toBeNull();
  });

  it('closes paid tournaments to everyone, signed in or not, when the site turns paid entry off', () => {
    expect(entryBlock(null, { free: false, paidEntryOffered: false })?.label).toBe('Paid entry is closed on this site');
    expect(entryBlock(null, { free: false, paidEntryOffered: true })).toBeNull();
  });
});
