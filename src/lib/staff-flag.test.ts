import { describe, expect, it } from 'vitest';
import { freshStaffFlag, STAFF_FLAG_MAX_AGE_MS } from './staff-flag';

describe('the header remembers who is staff', () => {
  const now = 1_800_000_000_000;
  const stored = (flag: unknown) => JSON.stringify(flag);

  it('trusts a recent answer about the same account', () => {
    expect(freshStaffFlag(stored({ user: 'u1', staff: true, checkedAt: now - 1000 }), 'u1', now)).toEqual({
      user: 'u1',
      staff: true,
      checkedAt: now - 1000,
    });
  });

  it('asks again for another account, an old answer, a clock from the future or a damaged value', () => {
    expect(freshStaffFlag(stored({ user: 'u1', staff: true, checkedAt: now }), 'u2', now)).toBeNull();
    expect(freshStaffFlag(stored({ user: 'u1', staff: true, checkedAt: now - STAFF_FLAG_MAX_AGE_MS }), 'u1', now)).toBeNull();
    expect(freshStaffFlag(stored({ user: 'u1', staff: true, checkedAt: now + 60_000 }), 'u1', now)).toBeNull();
    expect(freshStaffFlag(stored({ user: 'u1', staff: 'yes', checkedAt: now }), 'u1', now)).toBeNull();
    expect(freshStaffFlag('{not json', 'u1', now)).toBeNull();
    expect(freshStaffFlag(null, 'u1', now)).toBeNull();
  });
});
