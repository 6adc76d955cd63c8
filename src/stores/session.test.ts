import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { sessionStateFrom } from './session';

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
      needsSecondFactor: false,
    });
  });

  it('still owes the authenticator code at aal1 with a verified factor, not at aal2', () => {
    expect(sessionStateFrom(sessionWith('aal1', [{ status: 'verified' }]))).toMatchObject({ needsSecondFactor: true });
    expect(sessionStateFrom(sessionWith('aal2', [{ status: 'verified' }]))).toMatchObject({ needsSecondFactor: false });
  });
});
