import { describe, expect, it } from 'vitest';
import { ANON_KEY, anonClient, SITE_ORIGINS, serviceClient, signedInPlayer, stackUrl } from './helpers.ts';

describe('rest: functions (rpc)', () => {
  it('runs get_my_profile as the signed-in player', async () => {
    const { client, userId, email } = await signedInPlayer('rpc');
    const { data, error, status } = await client.rpc('get_my_profile');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({ id: userId, email, profile_completed: false });
  });

  it("refuses get_my_profile to an anonymous caller with 401 and PostgREST's error shape", async () => {
    const { data, error, status } = await anonClient().rpc('get_my_profile');
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', details: null, hint: null });
    expect(error?.message).toMatch(/permission denied for function get_my_profile/);
  });

  it('answers 404 PGRST202 for an unknown function', async () => {
    const { error, status } = await anonClient().rpc('no_such_function', { p_anything: 1 });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
  });

  it('returns arrays from set-returning functions, also over GET', async () => {
    const { client } = await signedInPlayer('rpc-set');
    const post = await client.rpc('get_my_stats');
    expect(post.error).toBeNull();
    expect(post.data).toEqual([
      {
        total_earnings_paise: 0,
        matches_played: 0,
        matches_won: 0,
        matches_lost: 0,
        goals_scored: 0,
        goals_conceded: 0,
        titles: 0,
        win_rate_percent: 0,
      },
    ]);
    const get = await client.rpc('get_my_stats', {}, { get: true });
    expect(get.data).toEqual(post.data);
  });

  // Fails -> an outside client (or test suite) reading a tournament's status gets another shape, or a 500.
  it('answers get_tournament_state with the public contract, and an unknown id with 404 tournament_not_found', async () => {
    const { data, error } = await anonClient().rpc('get_tournament_state', { p_tournament_id: 'champions-dec-2026' });
    expect(error).toBeNull();
    // Exactly the contract's fields (docs/contract.md), nothing more.
    expect(Object.keys(data as object).sort()).toEqual(
      [
        'status',
        'label',
        'entries',
        'capacity',
        'registration_closes_at',
        'check_in_opens_at',
        'check_in_closes_at',
        'starts_at',
        'current_round',
        'format',
      ].sort(),
    );
    expect(data).toMatchObject({
      capacity: 300,
      status: expect.stringMatching(/^(scheduled|open|full|check-in|live|finished|settled|cancelled)$/),
    });
    const missing = await anonClient().rpc('get_tournament_state', { p_tournament_id: 'no-such-cup' });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PT404', hint: 'tournament_not_found' });
  });

  it('filters, narrows and singles out the rows of a set-returning function like a table', async () => {
    const { client } = await signedInPlayer('rpc-filter');
    const { data, error } = await client.rpc('get_my_stats').select('matches_played, goals_scored').eq('matches_played', 0).single();
    expect(error).toBeNull();
    expect(data).toEqual({ matches_played: 0, goals_scored: 0 });

    const none = await client.rpc('get_my_stats').eq('matches_played', 1).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
  });

  it('answers 401 PGRST301 for a bad or expired token', async () => {
    const response = await fetch(`${stackUrl()}/rest/v1/rpc/get_tournament_states`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY.slice(0, -4)}AAAA`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
  });
});

describe('gateway: CORS', () => {
  it('lets the site on its own origin call the stack', async () => {
    const response = await fetch(`${stackUrl()}/rest/v1/rpc/get_tournament_states`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE_ORIGINS[0],
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, x-client-info, content-type, prefer',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE_ORIGINS[0]);
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('rest: tables', () => {
  it("reads rows under the caller's row-level security", async () => {
    const player = await signedInPlayer('table');
    const own = await player.client.from('profiles').select('id, email').eq('id', player.userId).single();
    expect(own.error).toBeNull();
    expect(own.data).toEqual({ id: player.userId, email: player.email });

    // The service role sees every profile; the player sees only their own.
    const everyone = await serviceClient().from('profiles').select('id').limit(50);
    expect(everyone.data?.length).toBeGreaterThan(1);
    const visible = await player.client.from('profiles').select('id');
    expect(visible.data).toEqual([{ id: player.userId }]);
  });

  it('refuses direct writes: the browser changes data only through functions', async () => {
    const player = await signedInPlayer('writer');
    const update = await player.client.from('profiles').update({ in_game_name: 'Sneaky' }).eq('id', player.userId);
    expect(update.status).toBe(403);
    expect(update.error).toMatchObject({ code: '42501', message: 'permission denied for table profiles' });

    const insert = await anonClient().from('tournaments').insert({ id: 'free-cup', title: 'Free Cup' });
    expect(insert.status).toBe(401);
    expect(insert.error?.code).toBe('42501');
  });

  it('answers 501 naming what the local stack does not support', async () => {
    const { error, status } = await anonClient().from('tournaments').select('id, registrations:tournament_registrations(id)');
    expect(status).toBe(501);
    expect(error?.message).toBe('Embedded resources (select with related tables) is not supported by the local stack');
  });
});
