/**
 * Every sentence a player relies on before paying (what each place wins, the tax, when prizes are paid,
 * check-in, reporting, disputes, disconnections), written from the rules module the database is checked
 * against (src/lib/rules.ts, supabase/tests/rules-promises.test.ts) and the tournament's catalog facts.
 * Pages render these sentences instead of restating numbers; `findBrokenPromises` reads any text and names
 * each window or amount that differs from the rules (the promise test runs it over the catalog, the policies
 * and the built pages).
 */
import { MINUTE, REPORT_CLOSES_AFTER } from '@/lib/match-windows';
import { formatPaiseExact, formatRupees } from '@/lib/format';
import { matchDayRules, SPECIAL_ROUNDS, settingsForRound } from '@/lib/match-settings';
import { formatRules } from './format-rules';
import {
  CHALLENGE_WINDOW_HOURS,
  CHECK_IN_CLOSES_BEFORE_MINUTES,
  CHECK_IN_OPENS_BEFORE_MINUTES,
  DISCONNECTION_RESTART_BY_MINUTE,
  DISPUTE_STAFF_DEADLINE_MINUTES,
  OPPONENT_CONFIRM_MINUTES,
  PAID_ENTRY_MIN_AGE,
  PAYOUT_APPROVAL_ABOVE_PAISE,
  POD_CHECK_IN_MINUTES,
  POD_FILL_DEADLINE_HOURS,
  POD_START_DELAY_MINUTES,
  podPrizePoolPaise,
  TAX_RATE_PERCENT,
  taxOnPaise,
  type TournamentKind,
} from '@/lib/rules';
import type { Tournament } from './tournaments';
import { prizeFormula } from './tournaments';

type PrizeFacts = Pick<Tournament, 'prizePoolRupees' | 'winnerPrizeRupees' | 'paidPlaces'> & Partial<Pick<Tournament, 'prizeBands'>>;
type PromiseFacts = PrizeFacts &
  Pick<Tournament, 'series' | 'entryFeeRupees' | 'maxPlayers'> & {
    poolGuaranteed?: boolean;
    matchSettings?: Tournament['matchSettings'];
    stages?: Tournament['stages'];
  };

export const REPORT_WINDOW_MINUTES = REPORT_CLOSES_AFTER / MINUTE;

/** 1 → "1st", 3 → "3rd", 11 → "11th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/**
 * Each place's amount in paise, as the database splits a formula band between its places
 * (private.place_amounts: evenly, the odd paise to the better places).
 */
export function placeAmountsPaise(t: PrizeFacts): Map<number, number> {
  const amounts = new Map<number, number>();
  for (const item of prizeFormula(t).list) {
    const [from = 1, to = from] = item.places.split('-').map(Number);
    const count = to - from + 1;
    const total = item.rupees * 100;
    for (let place = from; place <= to; place++) {
      const share = Math.floor(total / count) + (place - from < total % count ? 1 : 0);
      amounts.set(place, (amounts.get(place) ?? 0) + share);
    }
  }
  return amounts;
}

export type PrizeBand = { label: string; first: number; last: number; eachPaise: number };

const nextPowerOfTwo = (n: number) => {
  let size = 1;
  while (size < n) size *= 2;
  return size;
};

/**
 * The bands of places a format finishes players in at capacity, best first, as private.prize_place_bands gives
 * them before the draw: a knockout 1, 2, 3–4 (3 and 4 apart with a third-place match), 5–8 ...; groups then a
 * knockout the knockout's bands (the first round's ending at its last qualifier), then everyone out in the groups; Swiss one place each; double elimination 1, 2,
 * 3, 4, 5–6, 7–8, 9–12, 13–16 ...
 */
export function placeBands(stages: Tournament['stages'], maxPlayers: number): [number, number][] {
  const players = Math.max(maxPlayers, 2);
  const first = stages?.[0];
  const knockout = stages?.find((stage) => stage.kind === 'knockout');
  const bands: [number, number][] = [];
  if (first?.kind === 'swiss') {
    for (let place = 1; place <= players; place++) bands.push([place, place]);
    return bands;
  }
  let size = nextPowerOfTwo(players);
  if (first?.kind === 'double_elimination') {
    for (let place = 1; place <= Math.min(4, size); place++) bands.push([place, place]);
    for (let from = 5, width = 2; from <= size; width *= 2) {
      for (let twice = 0; twice < 2 && from <= size; twice++, from += width) bands.push([from, Math.min(from + width - 1, size)]);
    }
    return bands;
  }
  // After groups, the knockout's players: its first round's band ends at the last of them (byes where fewer than its places).
  let last = size;
  if (first?.kind === 'groups') {
    const groups = Math.ceil(players / 4);
    last = Math.min(players, groups * first.advance.perGroup + Math.min(first.advance.bestOfNext, groups));
    size = nextPowerOfTwo(Math.max(2, last));
  }
  bands.push([1, 1]);
  if (size >= 2) bands.push([2, 2]);
  if (size >= 4)
    bands.push(
      ...(knockout?.kind === 'knockout' && knockout.thirdPlace
        ? ([
            [3, 3],
            [4, 4],
          ] as [number, number][])
        : [[3, 4] as [number, number]]),
    );
  for (let from = 5; from <= Math.min(size, last); from = 2 * from - 1) bands.push([from, Math.min(2 * from - 2, last)]);
  if (first?.kind === 'groups' && players > last) bands.push([last + 1, players]);
  return bands;
}

/**
 * The places of the tournament's format (placeBands: 1st, 2nd, 3rd–4th, 5th–8th ... in a knockout), each with what
 * one player of it receives: the band shares the amounts of its places (private.prize_allocation). Bands that
 * win nothing are left out.
 */
export function prizeBands(t: PrizeFacts & Pick<Tournament, 'maxPlayers'> & { stages?: Tournament['stages'] }): PrizeBand[] {
  const amounts = placeAmountsPaise(t);
  const bands: PrizeBand[] = [];
  for (const [first, last] of placeBands(t.stages, t.maxPlayers)) {
    let total = 0;
    for (let place = first; place <= last; place++) total += amounts.get(place) ?? 0;
    if (total === 0) continue;
    const label = first === last ? ordinal(first) : `${ordinal(first)}–${ordinal(last)}`;
    bands.push({ label, first, last, eachPaise: Math.floor(total / (last - first + 1)) });
  }
  return bands;
}

const money = (paise: number) => (paise % 100 === 0 ? formatRupees(paise / 100) : formatPaiseExact(paise));

/**
 * A pod's prize facts when it runs with `players` of its places (a missed check-in refunded, nobody on the
 * waitlist to take it): each formula band in proportion, rounded down, the paise left to the best band
 * (private.pod_prize_formula), for a pool of podPrizePoolPaise (private.pod_prize_pool).
 */
export function podPrizesWith(
  t: PrizeFacts & Pick<Tournament, 'maxPlayers'>,
  players: number,
): PrizeFacts & Pick<Tournament, 'maxPlayers'> {
  const poolPaise = t.prizePoolRupees * 100;
  const shortPaise = podPrizePoolPaise(poolPaise, t.maxPlayers, players);
  const list = prizeFormula(t).list.map((band) => ({ ...band, paise: Math.floor((band.rupees * 100 * shortPaise) / poolPaise) }));
  const leftOver = shortPaise - list.reduce((sum, band) => sum + band.paise, 0);
  if (list[0]) list[0].paise += leftOver;
  return {
    ...t,
    prizePoolRupees: shortPaise / 100,
    winnerPrizeRupees: undefined,
    paidPlaces: undefined,
    prizeBands: list.map((band) => ({ places: band.places, rupees: band.paise / 100 })),
  };
}

/** "1st ₹20,000 · 2nd ₹5,000 · 3rd–4th ₹5,000 each · 5th–8th ₹2,500 each" ("The winner takes ₹1,600"). */
export function prizePlacesLine(t: PrizeFacts & Pick<Tournament, 'maxPlayers'>): string {
  const bands = prizeBands(t);
  if (bands.length === 0) return 'No cash prize';
  if (bands.length === 1 && bands[0]?.last === 1) return `The winner takes ${money(bands[0].eachPaise)}`;
  return bands.map((band) => `${band.label} ${money(band.eachPaise)}${band.last > band.first ? ' each' : ''}`).join(' · ');
}

/**
 * What the winner receives at least, withdrawing the first prize, after the tax on net winnings: the prize less
 * this tournament's entry fee is the most it can count (other entry fees paid in the financial year and an
 * opening balance only lower it), as private.tax_in_withdrawal reckons it.
 */
export function winnerAfterTaxPaise(t: PrizeFacts & Pick<Tournament, 'maxPlayers' | 'entryFeeRupees'>): number {
  const first = prizeBands(t)[0];
  if (first?.first !== 1) return 0;
  return first.eachPaise - taxOnPaise(first.eachPaise - t.entryFeeRupees * 100);
}

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;
const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

/** "2 hours after a pod's final" / "24 hours after the final". */
export function challengeWindowText(kind: TournamentKind): string {
  return `${hours(CHALLENGE_WINDOW_HOURS[kind])} after the final`;
}

/** The pay panel's lines, one each, before a player pays (a free tournament has only the eligibility line). */
export function payPanelPromises(t: PromiseFacts): { key: string; text: string }[] {
  const lines: { key: string; text: string }[] = [];
  if (t.prizePoolRupees > 0) {
    lines.push({ key: 'prizes', text: `Prizes: ${prizePlacesLine(t)}` });
    if (t.series === 'championship') lines.push({ key: 'pool', text: poolGuaranteeText(t) });
    lines.push({
      key: 'tax',
      text: `${TAX_RATE_PERCENT}% tax on net winnings (what you withdraw less the entry fees you paid this financial year) is withheld by law: you would receive at least ${money(winnerAfterTaxPaise(t))} if you win it all`,
    });
    lines.push({
      key: 'payout',
      text: `Paid by UPI after the challenge window (${challengeWindowText(t.series)}) and a one-time PAN check`,
    });
  }
  if (t.series === 'quick' && t.entryFeeRupees > 0) {
    lines.push({ key: 'check-in', text: podCheckInText(t) });
    lines.push({ key: 'short-pod', text: shortPodText(t) });
  }
  lines.push({
    key: 'eligibility',
    text: t.entryFeeRupees > 0 ? `For players ${PAID_ENTRY_MIN_AGE}+ living in India` : 'Free entry: no cash prize is taken from anyone',
  });
  return lines;
}

/** "Check-in opens the moment the pod fills and lasts 10 minutes; if you miss it you get your ₹300 back in full". */
export function podCheckInText(t: Pick<PromiseFacts, 'entryFeeRupees'>): string {
  return `Check-in opens the moment the pod fills and lasts ${minutes(POD_CHECK_IN_MINUTES)}; if you miss it you get your ${formatRupees(t.entryFeeRupees)} back in full`;
}

/**
 * What a pod pays when a player misses check-in and nobody on the waitlist takes the place: the full pod's prize
 * and the prize of a pod one short (its bye), or, for two places, that the pod is called off and refunded.
 */
export function shortPodText(t: PromiseFacts): string {
  if (t.maxPlayers - 1 < 2) {
    return `If your opponent misses check-in and nobody on the waitlist takes the place, the pod is called off and you get your ${formatRupees(t.entryFeeRupees)} back in full`;
  }
  if (t.prizePoolRupees === 0) {
    return 'If a player misses check-in and nobody on the waitlist takes the place, the pod runs one short with a bye';
  }
  const full = prizeBands(t);
  const short = prizeBands(podPrizesWith(t, t.maxPlayers - 1));
  const onlyWinner = (bands: PrizeBand[]) => bands.length === 1 && bands[0]?.last === 1;
  const then =
    onlyWinner(full) && onlyWinner(short)
      ? `the winner takes ${money(short[0]?.eachPaise ?? 0)} instead of ${money(full[0]?.eachPaise ?? 0)}`
      : `the prizes are ${prizePlacesLine(podPrizesWith(t, t.maxPlayers - 1))} instead of ${prizePlacesLine(t)}`;
  return `If a player misses check-in and nobody on the waitlist takes the place, the pod runs one short with a bye and ${then}`;
}

/** Whether the pool is paid in full however many players enter. */
export function poolGuaranteeText(t: Pick<PromiseFacts, 'prizePoolRupees' | 'maxPlayers' | 'poolGuaranteed'>): string {
  return t.poolGuaranteed
    ? `The ${formatRupees(t.prizePoolRupees)} pool is guaranteed: paid in full even with fewer than ${t.maxPlayers} players`
    : `The ${formatRupees(t.prizePoolRupees)} pool is paid only if all ${t.maxPlayers} places are taken`;
}

/**
 * The rules whose numbers are the database's, first in every rules list; the catalog's own rules (how to
 * play, fair play) follow them.
 */
export function promisedRules(t: PromiseFacts): string[] {
  const kind = t.series;
  const prize =
    t.prizePoolRupees > 0
      ? [
          `Prizes: ${prizePlacesLine(t)}.${kind === 'championship' ? ` ${poolGuaranteeText(t)}.` : ''}`,
          `Prizes are credited to your balance ${challengeWindowText(kind)}, once no result can be challenged, and paid by UPI when you withdraw, after a one-time PAN and UPI check (an admin approves a first withdrawal). ${TAX_RATE_PERCENT}% tax on net winnings (what is withdrawn less the entry fees paid in the financial year) is withheld by law: the winner receives at least ${money(winnerAfterTaxPaise(t))}.`,
        ]
      : ['There is no cash prize.'];
  const checkIn =
    kind === 'quick'
      ? `Check in on the pod page within ${minutes(POD_CHECK_IN_MINUTES)} of the pod filling; the pod starts ${minutes(POD_START_DELAY_MINUTES)} after it fills. An entry not checked in is withdrawn and its fee refunded in full; its place goes to the pod's waitlist, else the pod runs one short with a bye and pays its prizes in proportion to the players who play. A pod not full within ${hours(POD_FILL_DEADLINE_HOURS)} is cancelled and refunded in full.`
      : `Check in on this page from ${hours(CHECK_IN_OPENS_BEFORE_MINUTES.championship / 60)} until ${minutes(CHECK_IN_CLOSES_BEFORE_MINUTES.championship)} before the start. An entry not checked in is withdrawn and its fee is not refunded.`;
  return [
    ...prize,
    checkIn,
    `Both players report the score on the match page, with a screenshot of the result screen, within ${minutes(REPORT_WINDOW_MINUTES)} of the scheduled time.`,
    `Disagree with a result? Dispute it on the match page, not by e-mail: staff decide within ${minutes(DISPUTE_STAFF_DEADLINE_MINUTES[kind])}.`,
    ...formatRules(t.stages, t.maxPlayers),
    ...matchDayRules(t.matchSettings),
  ];
}

/** The policies' rule placeholders (%NAME%), filled from the rules module. */
export const RULE_PLACEHOLDERS: Record<string, string> = {
  TAX_PERCENT: `${TAX_RATE_PERCENT}%`,
  CHECK_IN_CHAMPIONSHIP: `from ${hours(CHECK_IN_OPENS_BEFORE_MINUTES.championship / 60)} until ${minutes(CHECK_IN_CLOSES_BEFORE_MINUTES.championship)} before the start`,
  CHECK_IN_QUICK: `from ${CHECK_IN_OPENS_BEFORE_MINUTES.quick} until ${minutes(CHECK_IN_CLOSES_BEFORE_MINUTES.quick)} before the start`,
  POD_CHECK_IN: minutes(POD_CHECK_IN_MINUTES),
  REPORT_WINDOW: minutes(REPORT_WINDOW_MINUTES),
  DISPUTE_DEADLINES: `within ${minutes(DISPUTE_STAFF_DEADLINE_MINUTES.quick)} in a quick pod and ${minutes(DISPUTE_STAFF_DEADLINE_MINUTES.championship)} in a championship`,
  CHALLENGE_WINDOWS: `${hours(CHALLENGE_WINDOW_HOURS.quick)} after a pod's final and ${hours(CHALLENGE_WINDOW_HOURS.championship)} after a championship's`,
  DISCONNECTION_MINUTE: String(DISCONNECTION_RESTART_BY_MINUTE),
  PAYOUT_APPROVAL_ABOVE: formatRupees(PAYOUT_APPROVAL_ABOVE_PAISE / 100),
};

// -----------------------------------------------------------------------------------------------------
// The promise check
// -----------------------------------------------------------------------------------------------------

export type BrokenPromise = { sentence: string; why: string };

// Hours and days in English or Hindi (घंटे/घंटा, दिन); anything else is minutes (minutes, मिनट).
const toMinutes = (n: number, unit: string) => (/^(h|घंट)/i.test(unit) ? n * 60 : /^(d|दिन)/i.test(unit) ? n * 24 * 60 : n);

/**
 * The windows and amounts a text states that differ from the rules: check-in windows, dispute deadlines,
 * prize payment times, "top N paid" in a knockout, and rupee amounts a winner is said to take home. With a
 * tournament, its own kind and amounts are checked; without one (policies, help), the windows of either kind.
 */
export function findBrokenPromises(text: string, t?: PromiseFacts): BrokenPromise[] {
  const kinds: TournamentKind[] = t ? [t.series] : ['championship', 'quick'];
  const broken: BrokenPromise[] = [];
  const sentences = text
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ')
    // A block of a page ends a sentence, as a full stop does.
    .replace(/<\/?(?:li|p|div|dd|dt|h[1-6]|br|td|th|tr|ul|ol|section|summary|details|header|footer|nav)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    // Hindi ends a sentence with the danda (।).
    .split(/(?<=[.!?])\s+|(?<=।)\s*|\n+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const checkInMinutes = new Set<number>(
    kinds.flatMap((kind) =>
      kind === 'quick'
        ? [
            POD_CHECK_IN_MINUTES,
            POD_START_DELAY_MINUTES,
            POD_FILL_DEADLINE_HOURS * 60,
            CHECK_IN_OPENS_BEFORE_MINUTES.quick,
            CHECK_IN_CLOSES_BEFORE_MINUTES.quick,
          ]
        : [CHECK_IN_OPENS_BEFORE_MINUTES.championship, CHECK_IN_CLOSES_BEFORE_MINUTES.championship],
    ),
  );
  const disputeMinutes = new Set<number>([...kinds.map((kind) => DISPUTE_STAFF_DEADLINE_MINUTES[kind]), OPPONENT_CONFIRM_MINUTES]);
  const challengeMinutes = new Set<number>(kinds.map((kind) => CHALLENGE_WINDOW_HOURS[kind] * 60));
  // The match settings of every round (a tournament's own, else the defaults): Match Time and the cut-off.
  const roundSettings = Array.from({ length: SPECIAL_ROUNDS.length + 1 }, (_, index) => settingsForRound(t?.matchSettings, index));
  const matchMinutes = new Set(roundSettings.map((settings) => settings.matchMinutes));
  const restartMinutes = new Set(roundSettings.map((settings) => settings.restartByMinute));
  for (const sentence of sentences) {
    const windows = [...sentence.matchAll(/(\d+)[\s-](minutes?\b|hours?\b|days?\b|मिनट|घंटे|घंटा|दिन)/gi)].map((m) =>
      toMinutes(Number(m[1]), m[2] ?? ''),
    );
    const lower = sentence.toLowerCase();
    // A check-in window: "a 10-minute check-in", "check in within 10 minutes".
    if (/check[\s-]?in|चेक-इन/.test(lower) && !/reply|support|उत्तर|सपोर्ट/.test(lower)) {
      for (const value of windows) {
        if (!checkInMinutes.has(value)) broken.push({ sentence, why: `check-in window of ${value} minutes is not the rules'` });
      }
    }
    // A dispute or a challenged result: raised on the match page, decided by staff within the deadline.
    if (/disput|disagree|result is wrong|wrong result|विवाद|असहमत/.test(lower)) {
      for (const value of windows) {
        if (
          !disputeMinutes.has(value) &&
          value !== REPORT_WINDOW_MINUTES &&
          !(value === DISCONNECTION_RESTART_BY_MINUTE && /minute \d|मिनट \d/.test(lower))
        ) {
          broken.push({ sentence, why: `dispute window of ${value} minutes is not the rules'` });
        }
      }
      if (/e-?mail|ई-मेल/.test(lower) && /within|भीतर/.test(lower) && !/not by e-?mail|no need to e-?mail|ई-मेल से नहीं/.test(lower))
        broken.push({ sentence, why: 'disputes are raised on the match page, not by e-mail' });
    }
    // When prizes are paid: credited after the challenge window; the payout waits for KYC and approval.
    if (
      /prize|winner|take home|takes the whole/.test(lower) &&
      /(paid|credited|payout)[^.]*within|within[^.]*(paid|credited)/.test(lower)
    ) {
      for (const value of windows) {
        if (!(/credited/.test(lower) && challengeMinutes.has(value)))
          broken.push({ sentence, why: `prize payment within ${value} minutes is not promised by the rules` });
      }
    }
    // Match settings: eFootball's Match Time is the whole match in real minutes, stated per round.
    if (/\bhalves\b/.test(lower)) broken.push({ sentence, why: 'eFootball sets the Match Time of the whole match, not halves' });
    for (const m of lower.matchAll(/match time:? (\d+)[\s-]minutes?|(\d+)[\s-]minute matches/g)) {
      const value = Number(m[1] ?? m[2]);
      if (!matchMinutes.has(value)) broken.push({ sentence, why: `a Match Time of ${value} minutes is not the settings'` });
    }
    // Disconnections: the cut-off minute of the settings; the page rules (restart, or the minutes left), never "the score stands".
    if (/disconnect|डिसकनेक्/.test(lower)) {
      for (const m of lower.matchAll(/(?:by|before|until|within) (?:minute|the first) (\d+)|मिनट (\d+) तक/g)) {
        const value = Number(m[1] ?? m[2]);
        if (!restartMinutes.has(value))
          broken.push({ sentence, why: `the disconnection cut-off is minute ${[...restartMinutes].join(' or ')}, not ${value}` });
      }
      if (/score stands|replayed once/.test(lower))
        broken.push({ sentence, why: 'after the cut-off a disconnection is played out in a new room with the score carried' });
    }
    if (/top \d+/.test(lower)) {
      const n = Number(/top (\d+)/.exec(lower)?.[1]);
      if ((n & (n - 1)) !== 0) broken.push({ sentence, why: `a knockout has no "top ${n}": places go 1st, 2nd, 3rd–4th, 5th–8th` });
    }
    // A winner's take-home: what the winner receives after tax.
    if (t && /take home|you would receive|winner receives/.test(lower)) {
      const expected = winnerAfterTaxPaise(t);
      for (const match of sentence.matchAll(/(?:take home|you would receive|winner receives)\D{0,20}?₹\s?([\d,]+(?:\.\d{2})?)/gi)) {
        const paise = Math.round(Number((match[1] ?? '').replaceAll(',', '')) * 100);
        if (paise !== expected) broken.push({ sentence, why: `the winner receives ${money(expected)} after tax, not ₹${match[1]}` });
      }
    }
  }
  return broken;
}
