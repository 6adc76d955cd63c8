/**
 * A drawn Super 4 pod of a test's own: its own inactive series (so no next pod opens and no other test's
 * pod is touched), four new eligible players who pay through the order function and the Razorpay double
 * and check in; check-in is then closed a minute ago, the start put two minutes ahead on a whole minute,
 * and the due work runs the draw.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { newPlayer, type Session } from '../../support/players.ts';
import { stack } from './auth';
import { payForEntry } from './staff';

export type PodMatch = {
  id: string;
  round: number;
  position: number;
  entry_a: string;
  entry_b: string;
  status: string;
  scheduled_at: string;
};

export interface PodSeries {
  /** Names the series and the players' e-mail addresses, e.g. `run`. */
  label: string;
  title: string;
  entryFeePaise: number;
  prizePoolPaise: number;
  prizeFormula?: { from_place: number; to_place: number; amount_paise: number }[];
}

export interface DrawnPod {
  id: string;
  /** The four players, in the order they paid. */
  players: Session[];
  entries: { id: string; player_id: string }[];
  /** Two semi-finals and the final, by round and position. */
  matches: PodMatch[];
}

/** A full Super 4 pod of its own: four players paid, check-in open, nobody checked in yet. */
export type FullPod = Omit<DrawnPod, 'matches'>;

export async function drawnSuper4Pod(series: PodSeries): Promise<DrawnPod> {
  const pod = await fullSuper4Pod(series);
  // Every player checks in, as the pod page's button does.
  for (const player of pod.players) await stack.call('check_in', { p_tournament_id: pod.id }, player);
  return { ...pod, matches: await drawPod(pod.id) };
}

export async function fullSuper4Pod(series: PodSeries): Promise<FullPod> {
  return super4PodWithPaidPlayers(series, 4);
}

/**
 * A Super 4 pod of its own with `paid` of its four places paid for by new players (a journey pays the
 * last one through the page). Answers once those entries exist.
 *
 * `farFromOtherClocks`: the stack has one database clock, which other workers move (a week ahead to erase an
 * account, to a match's minute) while its periodic work runs every 5 seconds. A pod timed to the day may then refuse
 * the set-up's payments (registration_closed) or close its check-in under a long journey. With this option every
 * window reaches a year either side of real time, and the series' check-in and start delay, which the fill stamps
 * from the clock of that moment, are a year long: no move closes registration, calls the pod off at its fill
 * deadline or closes its check-in. Check-in then opens only when the test opens it.
 */
export async function super4PodWithPaidPlayers(
  series: PodSeries,
  paid: number,
  options: { farFromOtherClocks?: boolean } = {},
): Promise<FullPod> {
  const seriesId = `e2e-${series.label}-${randomUUID().slice(0, 8)}`;
  const id = `${seriesId}-pod-1`;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const day = options.farFromOtherClocks ? 365 * 24 * 3600_000 : 24 * 3600_000;
  await stack.rest('/rest/v1/series', {
    body: {
      id: seriesId,
      title: series.title,
      kind: 'quick',
      format: 'Super 4',
      entry_fee_paise: series.entryFeePaise,
      prize_pool_paise: series.prizePoolPaise,
      ...(series.prizeFormula ? { prize_formula: series.prizeFormula } : {}),
      capacity: 4,
      check_in_opens_before: '60 minutes',
      check_in_closes_before: '15 minutes',
      ...(options.farFromOtherClocks ? { pod_check_in: '365 days', pod_start_delay: '366 days' } : {}),
      active: false,
    },
  });
  await stack.rest('/rest/v1/tournaments', {
    body: {
      id,
      title: `${series.title} #1`,
      series: 'quick',
      format: 'Super 4',
      entry_fee_paise: series.entryFeePaise,
      prize_pool_paise: series.prizePoolPaise,
      max_players: 4,
      is_live: true,
      registration_opens_at: at(options.farFromOtherClocks ? -day : -3600_000),
      registration_closes_at: at(day),
      check_in_opens_at: at(day),
      check_in_closes_at: at(day + 600_000),
      starts_at: at(day + 1200_000),
      fill_deadline_at: at(day),
      series_id: seriesId,
      pod_number: 1,
    },
  });
  const players = await Promise.all(
    Array.from({ length: paid }, (_, i) => i + 1).map(async (n) => {
      const session = await newPlayer(stack, `${series.label}-p${n}`, { profile: true });
      await payForEntry(session, id);
      return session;
    }),
  );
  const entriesOf = () => stack.rest<{ id: string; player_id: string }[]>(`/rest/v1/entries?select=id,player_id&tournament_id=eq.${id}`);
  await expect.poll(async () => (await entriesOf()).length, { message: `${paid} paid entries`, timeout: 30_000 }).toBe(paid);
  // Full: check-in opens at once.
  return { id, players, entries: await entriesOf() };
}

/** Closes the pod's check-in a minute ago, puts the start two minutes ahead on a whole minute and runs the draw. */
export async function drawPod(id: string): Promise<PodMatch[]> {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  await stack.rest(`/rest/v1/tournaments?id=eq.${id}`, {
    method: 'PATCH',
    body: {
      check_in_opens_at: at(-10 * 60_000),
      check_in_closes_at: at(-60_000),
      starts_at: new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000).toISOString(),
    },
  });
  await stack.runDueWork();
  return stack.rest<PodMatch[]>(`/rest/v1/matches?select=*&tournament_id=eq.${id}&order=round,position`);
}

/** A player of a test pod with the name the pages show for them (a new account's default name). */
export type PodPlayer = { session: Session; name: string };

/** Each entry of the pod with its player and the player's shown name. */
export function playersByEntry(pod: DrawnPod): Map<string, PodPlayer> {
  return new Map(
    pod.entries.map((entry) => {
      const session = pod.players.find((p) => p.user.id === entry.player_id);
      if (!session) throw new Error(`entry ${entry.id} has no player of this test`);
      return [entry.id, { session, name: `P${session.user.id.slice(0, 6)}` }] as const;
    }),
  );
}
