import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from '../src/lib/supabase-address';
import * as script from './verify-draw.ts';

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe('npm run verify-draw', () => {
  it('asks the same project as the site, the local stack by default', () => {
    expect(script.LOCAL_SUPABASE_URL).toBe(LOCAL_SUPABASE_URL);
    expect(script.LOCAL_SUPABASE_ANON_KEY).toBe(LOCAL_SUPABASE_ANON_KEY);
    expect(script.supabaseSettings({})).toEqual({ url: LOCAL_SUPABASE_URL, anonKey: LOCAL_SUPABASE_ANON_KEY });
    expect(script.supabaseSettings({ PUBLIC_SUPABASE_URL: 'https://x.supabase.co', PUBLIC_SUPABASE_ANON_KEY: ' k ' })).toEqual({
      url: 'https://x.supabase.co',
      anonKey: 'k',
    });
  });

  it('asks the local stack on SUPABASE_LOCAL_PORT', () => {
    expect(script.supabaseSettings({ SUPABASE_LOCAL_PORT: '54338' }).url).toBe('http://127.0.0.1:54338');
  });

  it('calls a tournament whose draw has not run "not drawn yet", not a difference', async () => {
    const undrawn = {
      draw: { commitment: hex('s3cret'), secret: null, entry_ids: [], same_buyer: [], drawn_at: null, bracket_size: null },
      rounds: [],
    };
    const { line, code } = await script.verdict(undrawn);
    expect(line).toMatch(/^NOT DRAWN YET/);
    expect(line).not.toMatch(/DIFFERENT/);
    expect(code).toBe(3);
  });

  it('reads a tournament id or a saved answer from its arguments', () => {
    expect(script.parseArguments(['super_8-pod-12'])).toEqual({ tournamentId: 'super_8-pod-12' });
    expect(script.parseArguments(['--file', 'bracket.json'])).toEqual({ file: 'bracket.json' });
    expect(script.parseArguments(['--file'])).toMatchObject({ error: expect.stringContaining('--file needs') });
    expect(script.parseArguments([])).toMatchObject({ error: expect.stringMatching(/^Usage: npm run verify-draw/) });
  });

  it('says OK for a two-entry draw and names a broken commitment', async () => {
    const ids = ['a0000000-0000-0000-0000-000000000001', 'b0000000-0000-0000-0000-000000000002'];
    const [first, second] = [...ids].sort((x, y) => (hex(`s3cret:${x}`) < hex(`s3cret:${y}`) ? -1 : 1));
    const answer = {
      draw: {
        commitment: hex('s3cret'),
        secret: 's3cret',
        entry_ids: ids,
        same_buyer: [],
        drawn_at: '2026-12-05T10:15:00Z',
        bracket_size: 2,
      },
      rounds: [
        {
          round: 1,
          name: 'Final',
          scheduled_at: null,
          matches: [
            {
              id: 'm1',
              round: 1,
              position: 1,
              entries: [
                { entry_id: first, in_game_name: 'demo1' },
                { entry_id: second, in_game_name: 'demo2' },
              ],
              score: null,
              winner_entry_id: null,
              status: 'scheduled',
              scheduled_at: null,
            },
          ],
        },
      ],
    };
    expect(await script.verifyPublished(answer)).toEqual({ ok: true, entries: 2, bracketSize: 2 });
    expect(await script.verifyPublished({ ...answer, draw: { ...answer.draw, commitment: hex('other') } })).toMatchObject({ ok: false });
    expect(await script.verifyPublished({ rounds: 'nope' })).toMatchObject({
      ok: false,
      difference: expect.stringMatching(/^Not a get_bracket answer/),
    });
  });
});
