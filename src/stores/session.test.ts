import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { isSignedIn, sessionStateFrom } from './session';

function sessionWith(aal: 'aal1' | 'aal2', factors: { status: string }[]): Session {
  const token = `e30.${Buffer.from(JSON.stringify({ aal, sub: 'u1' })).toString('base64url')}.sig`;
  return {
    access_token: token,
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'u1', email: 'p@golazo.test', factors, app_metadata: {}, user_metadata: {}, aud: 'authenticated', created_at: '' },
  } as unknown as Session;
}

describe('sessionStateFrom', () => {
  it('is signed out without a session', () => {
    expect(sessionStateFrom(null)).toEqual({ status: 'signed-out' });
  });

  it('is signed in with the e-mail code alone when no authenticator is set up', () => {
    expect(sessionStateFrom(sessionWith('aal1', []))).toMatchObject({
      status: 'signed-in',
      user: { id: 'u1', email: 'p@golazo.test' },
    });
  });

  // Otherwise the pay panel, guards and header would open to someone holding only the player's e-mail.
  it('is not signed in at aal1 with a verified factor (second step owed), and is at aal2', () => {
    const firstStepOnly = sessionStateFrom(sessionWith('aal1', [{ status: 'verified' }]));
    expect(firstStepOnly).toMatchObject({ status: 'second-step' });
    expect(isSignedIn(firstStepOnly)).toBe(false);
    const bothSteps = sessionStateFrom(sessionWith('aal2', [{ status: 'verified' }]));
    expect(bothSteps).toMatchObject({ status: 'signed-in' });
    expect(isSignedIn(bothSteps)).toBe(true);
  });

  it('counts an unverified (abandoned) enrolment as no factor', () => {
    expect(isSignedIn(sessionStateFrom(sessionWith('aal1', [{ status: 'unverified' }])))).toBe(true);
  });
});
