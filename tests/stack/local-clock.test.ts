/**
 * The stack's movable clock and its timer. The project's tests share one stack: while one test holds the clock
 * ahead, the timer must not run the periodic function at the held time (it would draw, cancel or void every
 * other test's tournaments at a moment they never reach), so the tests' clock pauses it and a test runs what
 * it needs itself: the whole periodic work, or one step of it. A clock frozen without the pause keeps the timer,
 * as the public contract says.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { stack } from './helpers.ts';

const HOUR = 3_600_000;
/** The stack's timer runs every 5 s (supabase/local/due-work.ts): wait for more than one tick. */
const LONGER_THAN_A_TICK_MS = 6_500;

type Row = { cancelled_at: string | null; cancel_reason_code: string | null };

describe('the local clock and the timer', () => {
  afterAll(async () => {
    await stack().clock.resume();
  });

  /** A free tournament starting in two hours: check-in closes an hour before, with nobody checked in, so a periodic run after that hour calls it off. */
  async function tournamentNobodyChecksInto(): Promise<() => Promise<Row | undefined>> {
    const id = `clock-held-${randomUUID().slice(0, 8)}`;
    await stack().rest('/rest/v1/tournaments', {
      body: {
        id,
        title: 'Clock Held Cup',
        series: 'championship',
        format: 'Knockout',
        entry_fee_paise: 0,
        prize_pool_paise: 0,
        max_players: 8,
        is_live: true,
        starts_at: new Date(Date.now() + 2 * HOUR).toISOString(),
      },
    });
    return async () => (await stack().rest<Row[]>(`/rest/v1/tournaments?select=cancelled_at,cancel_reason_code&id=eq.${id}`))[0];
  }

  it('pauses the timer while the project’s tests hold the clock; an explicit run acts at the held time', { timeout: 30_000 }, async () => {
    const row = await tournamentNobodyChecksInto();
    await stack().clock.set(new Date(Date.now() + 1.5 * HOUR));
    await new Promise((resolve) => setTimeout(resolve, LONGER_THAN_A_TICK_MS));
    expect(await row()).toEqual({ cancelled_at: null, cancel_reason_code: null });

    // The same moment, asked for: the periodic work calls it off (so the wait above could have seen it).
    await stack().runDueWork();
    expect(await row()).toMatchObject({ cancel_reason_code: 'too_few_checked_in' });
    await stack().clock.resume();
  });

  it('keeps the timer running at a clock frozen without the pause, as outside tests rely on', { timeout: 30_000 }, async () => {
    const row = await tournamentNobodyChecksInto();
    await stack().call('local_set_clock', { p_now: new Date(Date.now() + 1.5 * HOUR).toISOString() }, 'service_role');
    try {
      await vi.waitFor(async () => expect(await row()).toMatchObject({ cancel_reason_code: 'too_few_checked_in' }), {
        timeout: 2 * LONGER_THAN_A_TICK_MS,
        interval: 250,
      });
    } finally {
      await stack().clock.resume();
    }
  });

  it('runs one named step alone, and refuses a step nobody registered', async () => {
    expect(await stack().runDueStep('account_erasure')).toEqual(expect.any(Object));
    const unknown = await stack().rpc('local_run_due_step', { p_step: 'no_such_step' }, 'service_role');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ hint: 'due_work_step_not_found' });
    // A player may not run the periodic work.
    expect((await stack().rpc('local_run_due_step', { p_step: 'account_erasure' }, 'anon')).status).toBeGreaterThanOrEqual(401);
  });
});
