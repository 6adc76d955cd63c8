import { describe, expect, it } from 'vitest';
import { profileHref, profileReturnPath } from './profile-return';

describe('profileReturnPath', () => {
  it('returns to the pod (or any site page) the profile was opened from', () => {
    expect(profileReturnPath('?next=%2Fpod%2F%3Fid%3Dsuper-8-pod-3')).toBe('/pod/?id=super-8-pod-3');
    expect(profileReturnPath(`?next=${encodeURIComponent('/tournaments/golazo-december-2026')}`)).toBe('/tournaments/golazo-december-2026');
    expect(profileHref('/pod/?id=super-8-pod-3')).toBe('/profile?next=%2Fpod%2F%3Fid%3Dsuper-8-pod-3');
  });

  it('ignores anything that is not a page of this site, and the profile itself', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/nowhere',
      '/profile',
      '/profile?next=%2Fpod%2F',
      '/login',
      '/x/../dashboard',
    ]) {
      expect(profileReturnPath(`?next=${encodeURIComponent(next)}`), next).toBeNull();
    }
    expect(profileReturnPath('')).toBeNull();
    expect(profileHref('https://evil.example/')).toBe('/profile');
    expect(profileHref(null)).toBe('/profile');
  });
});
