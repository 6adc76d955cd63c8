/**
 * The calendar's promise in the contract (docs/contract.md, Seasons, the waitlist and the calendar): "For any clock from today on, after
 * local_run_due_work, at least one paid championship and one free tournament have status open or full",
 * driven over HTTP as an outside test suite would: the service role moves the clock up to two years ahead in
 * steps, runs the due work, and reads each tournament's status with get_tournament_state. If this fails, a
 * month comes when there is nothing to enter.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, stack } from './helpers.ts';

const DAY = 86_400_000;

describe('the calendar over HTTP', () => {
  const service = serviceClient();
  const anon = anonClient();
  const startedAt = new Date();

  afterAll(async () => {
    await stack().clock.resume();
    await stack().restorePodsAfterClockJump(startedAt);
  });

  /**
   * Paid championship editions and free tournaments (not pods) with status open or full at `at`: stops
   * asking once it has found one of each, which is all the promise needs. The tournaments that start
   * soonest after `at` are asked first (the ones most likely open); only a failing step asks them all.
   */
  async function openOnes(at: Date): Promise<{ paid: string[]; free: string[] }> {
    const { data, error } = await service.from('tournaments').select('id, entry_fee_paise, series, starts_at').is('pod_number', null);
    expect(error).toBeNull();
    const rows = data as Array<{ id: string; entry_fee_paise: number; series: string; starts_at: string | null }>;
    const startsIn = (row: (typeof rows)[number]) => {
      const ms = row.starts_at === null ? Number.POSITIVE_INFINITY : Date.parse(row.starts_at) - at.getTime();
      return ms >= 0 ? ms : Number.POSITIVE_INFINITY;
    };
    rows.sort((a, b) => startsIn(a) - startsIn(b));
    const paid: string[] = [];
    const free: string[] = [];
    for (const row of rows) {
      if (paid.length > 0 && free.length > 0) break;
      const isFree = row.entry_fee_paise === 0;
      if (!isFree && row.series !== 'championship') continue;
      if ((isFree ? free : paid).length > 0) continue;
      const state = await anon.rpc('get_tournament_state', { p_tournament_id: row.id });
      if (!['open', 'full'].includes((state.data as { status: string }).status)) continue;
      (isFree ? free : paid).push(row.id);
    }
    return { paid, free };
  }

  it('keeps a paid championship and a free tournament open or full at every step of two years', { timeout: 600_000 }, async () => {
    const steps: Date[] = [];
    for (let day = 0; day <= 730; day += 13) steps.push(new Date(startedAt.getTime() + day * DAY + (day % 24) * 3_600_000));
    // Midnight in India at a year's end, and the last minute before a January edition's registration closes.
    steps.push(new Date('2027-12-31T18:30:00Z'), new Date('2028-01-31T18:29:00Z'));
    steps.sort((a, b) => a.getTime() - b.getTime());
    for (const at of steps) {
      const moved = await service.rpc('local_set_clock', { p_now: at.toISOString() });
      expect(moved.error).toBeNull();
      const ran = await service.rpc('local_run_due_work');
      expect(ran.data).toMatchObject({ editions_created: expect.any(Number), editions_cancelled: expect.any(Number) });
      const open = await openOnes(at);
      expect(open.paid.length, `a paid championship open at ${at.toISOString()}`).toBeGreaterThan(0);
      expect(open.free.length, `a free tournament open at ${at.toISOString()}`).toBeGreaterThan(0);
    }
  });
});
