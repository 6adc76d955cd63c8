import { describe, expect, it } from 'vitest';
import { ageOn, freeEntryRefusal, paidEntryRefusal, todayInIndia, type PlayerFacts } from './legal';

const adult: PlayerFacts = { profileCompleted: true, gameUserId: 'ABC-123', dateOfBirth: '2000-01-01', livesInIndia: true };

describe('ageOn', () => {
  it('counts a year only from the birthday itself', () => {
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
    expect(ageOn('2008-11-23', '2026-11-23')).toBe(18);
  });
  it('lets a 29 February birthday count from 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('todayInIndia', () => {
  // A birthday starts at midnight in India, not in UTC: 18:30 UTC is already the next day.
  it('reads the day in India', () => {
    expect(todayInIndia(new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22');
    expect(todayInIndia(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
  });
});

describe('paidEntryRefusal', () => {
  const now = new Date('2026-11-23T06:00:00Z');
  // Each refusal keeps money away from someone the law says may not pay.
  it('refuses in the order the database does', () => {
    expect(paidEntryRefusal(adult, now, false)).toBe('paid_entry_disabled');
    expect(paidEntryRefusal(null, now, true)).toBe('profile_incomplete');
    expect(paidEntryRefusal({ ...adult, dateOfBirth: null }, now, true)).toBe('profile_incomplete');
    expect(paidEntryRefusal({ ...adult, gameUserId: null }, now, true)).toBe('profile_incomplete');
    expect(paidEntryRefusal({ ...adult, profileCompleted: false }, now, true)).toBe('profile_incomplete');
    expect(paidEntryRefusal({ ...adult, dateOfBirth: '2008-11-24' }, now, true)).toBe('too_young_for_paid_entry');
    expect(paidEntryRefusal({ ...adult, livesInIndia: false }, now, true)).toBe('residence_required');
    expect(paidEntryRefusal(adult, now, true)).toBeNull();
  });
  it('lets a player pay on their 18th birthday', () => {
    expect(paidEntryRefusal({ ...adult, dateOfBirth: '2008-11-23' }, now, true)).toBeNull();
  });
});

describe('freeEntryRefusal', () => {
  const now = new Date('2026-11-23T06:00:00Z');
  it("needs a parent's consent for players under 18 only", () => {
    const minor = { ...adult, dateOfBirth: '2011-01-01', parentalConsent: false };
    expect(freeEntryRefusal(minor, now)).toBe('parental_consent_required');
    expect(freeEntryRefusal({ ...minor, parentalConsent: true }, now)).toBeNull();
    expect(freeEntryRefusal({ ...adult, parentalConsent: false }, now)).toBeNull();
    expect(freeEntryRefusal({ ...adult, dateOfBirth: null, parentalConsent: true }, now)).toBe('profile_incomplete');
  });
});
