import { describe, expect, it } from 'vitest';
import { emailArgument, grantAdmin, readGrantSettings } from './grant-admin';
import { SERVICE_ROLE_KEY } from '../supabase/local/keys';

describe('npm run staff:grant-admin', () => {
  it('uses the local stack and its key when nothing is set', () => {
    expect(readGrantSettings({})).toEqual({ url: 'http://127.0.0.1:54321', serviceRoleKey: SERVICE_ROLE_KEY });
  });

  it('follows SUPABASE_LOCAL_PORT to a local stack on another port, as the site and the stack do', () => {
    expect(readGrantSettings({ SUPABASE_LOCAL_PORT: '55021' })).toEqual({
      url: 'http://127.0.0.1:55021',
      serviceRoleKey: SERVICE_ROLE_KEY,
    });
    expect(readGrantSettings({ SUPABASE_LOCAL_PORT: '55021', PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321' })).toMatch(/disagree/);
  });

  it('needs the service role key for any other project', () => {
    expect(readGrantSettings({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co' })).toMatch(/SUPABASE_SERVICE_ROLE_KEY is not set/);
    expect(readGrantSettings({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'secret' })).toEqual({
      url: 'https://abc.supabase.co',
      serviceRoleKey: 'secret',
    });
    expect(readGrantSettings({ PUBLIC_SUPABASE_URL: 'not a url' })).toMatch(/not a URL/);
  });

  it('takes exactly one e-mail address', () => {
    expect(emailArgument(['--', ' Admin@Golazo.test '])).toBe('admin@golazo.test');
    expect(emailArgument([])).toEqual({ usage: expect.stringMatching(/Usage/) });
    expect(emailArgument(['a@b.c', 'd@e.f'])).toEqual({ usage: expect.stringMatching(/Usage/) });
    expect(emailArgument(['nobody'])).toEqual({ usage: expect.stringMatching(/Usage/) });
  });

  it('asks the database for the admin role and says why it refused', async () => {
    const calls: unknown[] = [];
    const rpc = async (name: string, args: Record<string, unknown>) => {
      calls.push([name, args]);
      return { data: { id: '1' }, error: null };
    };
    await grantAdmin({ rpc }, 'a@b.co');
    expect(calls).toEqual([['service_grant_role', { p_email: 'a@b.co', p_role: 'admin' }]]);
    await expect(
      grantAdmin({ rpc: async () => ({ data: null, error: { message: 'nope', hint: 'user_not_found' } }) }, 'x@y.co'),
    ).rejects.toThrow(/sign in once first/);
  });
});
