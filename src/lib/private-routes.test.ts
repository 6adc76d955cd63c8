import { describe, expect, it } from 'vitest';
import { isPrivateRoute } from './private-routes';

describe('private routes', () => {
  it('recognises the signed-in screens with or without a trailing slash', () => {
    expect(isPrivateRoute('/my-earnings')).toBe(true);
    expect(isPrivateRoute('/profile/')).toBe(true);
  });

  it('leaves public pages alone, including look-alike paths', () => {
    expect(isPrivateRoute('/')).toBe(false);
    expect(isPrivateRoute('/tournaments')).toBe(false);
    expect(isPrivateRoute('/profile-tips')).toBe(false);
  });
});
