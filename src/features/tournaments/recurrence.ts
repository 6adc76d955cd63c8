/**
 * The calendar that runs itself: a recurring series declares when its editions run (the first Saturday of
 * every month at 18:00 IST, ...), and this module turns the declaration into editions. It is the one
 * expansion the product has in TypeScript: the catalog sync writes what it answers into the database, the
 * site's build pre-renders what it answers, and the database's periodic top-up
 * (`private.planned_editions`, supabase/schemas/calendar.sql) answers the same rows from the same rules
 * (supabase/tests/calendar-recurrence.test.ts holds the two equal, month by month).
 *
 * Rules of the calendar:
 * - An edition of series `s` for month `yyyy-mm` has the id `s-yyyy-mm`, so running the expansion again, or
 *   in SQL, names the same tournament (and the same draw secret).
 * - The horizon: the editions of the IST month of `now` and of the `horizonMonths + 1` months after it
 *   exist (the month after the horizon too: its edition may fall on its first day, and the furthest edition
 *   is then always more than `horizonMonths` months away). An edition's registration opens when it is
 *   created, so the next edition is open long before the current one closes.
 * - An edition whose registration would already be closed at `now` is never created (a clock that jumps
 *   ahead does not make editions nobody can enter).
 * - An override (one file per edition) moves, renames, resizes or cancels a single edition.
 *
 * Pure: no Astro, no Supabase, no Node APIs (the catalog sync runs it under plain Node).
 */
import { monthlyRuleIn } from '../../lib/i18n/monthly-rule.ts';
import * as z from 'zod/mini';
// Relative, with its extension: the catalog sync runs this module under plain Node.
import { type CatalogHindi, CatalogHindiSchema, prizeFormula, TournamentFormat, TournamentSchema, type Tournament } from './tournaments.ts';

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * Registration of an edition closes when its check-in opens, 24 hours before the start (docs/areas/brackets.md,
 * Check-in). The database's `private.tournament_registration_closes_at` applies the same
 * rule to the row; an edition closer to its start than this is not created.
 */
export const EDITION_REGISTRATION_CLOSES_BEFORE_MS = 24 * HOUR_MS;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const YearMonth = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/));
const Instant = z.iso.datetime({ offset: true });

/** A recurring series' id: its editions are `<id>-<yyyy>-<mm>`. */
export const SERIES_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,40}$/;
/** An edition id of a recurring series: `<series>-<yyyy>-<mm>`. */
export const EDITION_ID_PATTERN = /^([a-z0-9][a-z0-9-]{1,40})-(\d{4})-(0[1-9]|1[0-2])$/;

/** One recurring series of the catalog: `src/content/tournaments/recurring/<id>.json`. */
export const RecurringSeriesSchema = z
  .object({
    /** The series' slug; the file name is `<id>.json`. */
    id: z.string().check(z.regex(SERIES_ID_PATTERN)),
    /** Each edition's title: `{month}` becomes the month's English name, `{year}` its year ("Champions Tour {month} {year}"). */
    title: z
      .string()
      .check(z.minLength(3))
      .check(z.maxLength(60))
      .check(z.refine((t) => t.includes('{month}') && t.includes('{year}'), 'a title names {month} and {year}')),
    subtitle: z.nullable(z.string().check(z.maxLength(120))),
    format: TournamentFormat,
    /** Entry fee per slot, whole rupees; 0 makes a free series (its editions are entered with one button). */
    entryFeeRupees: z.int().check(z.nonnegative()).check(z.lte(100_000)),
    prizePoolRupees: z.int().check(z.nonnegative()),
    winnerPrizeRupees: z.optional(z.int().check(z.nonnegative())),
    paidPlaces: z.optional(z.int().check(z.positive())),
    /** As in a tournament's catalog file: bands that add up to prizePoolRupees exactly (the database refuses others). */
    prizeBands: z.optional(
      z
        .array(z.object({ places: z.string().check(z.regex(/^[1-9]\d{0,3}(-[1-9]\d{0,3})?$/)), rupees: z.int().check(z.nonnegative()) }))
        .check(z.minLength(1)),
    ),
    poolGuaranteed: z.optional(z.boolean()),
    maxPlayers: z.int().check(z.gte(2)).check(z.lte(1000)),
    /** When each edition runs: the `week`-th (1 to 4, or "last") `weekday` of the month at `time` in IST. */
    every: z.object({
      week: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal('last')]),
      weekday: z.enum(WEEKDAYS),
      time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
    }),
    /** The first month with an edition ("2027-02"); earlier months keep their hand-made editions. */
    firstMonth: YearMonth,
    /** The last month with an edition, if the series ends. */
    lastMonth: z.optional(YearMonth),
    /** The horizon setting: editions exist more than this many months ahead (at least 3). */
    horizonMonths: z._default(z.int().check(z.gte(3)).check(z.lte(24)), 3),
    /** false stops new editions; the ones already created stay. */
    active: z._default(z.boolean(), true),
    description: z.string().check(z.minLength(20)),
    platforms: z.array(z.string()).check(z.minLength(1)),
    importantInfo: z.string().check(z.minLength(10)),
    rules: z.array(z.string().check(z.minLength(5))).check(z.minLength(3)),
    /** Every edition's format, as a tournament's catalog file declares it (absent: one knockout). */
    stages: TournamentSchema.shape.stages,
    /** The rounds, each so many minutes after the edition's start (the first at 0). */
    schedule: z
      .array(z.object({ round: z.string().check(z.minLength(1)), minutesAfterStart: z.int().check(z.nonnegative()) }))
      .check(z.minLength(1)),
    /** The Hindi twin of the words above; its title names {month} and {year} too (Hindi month names). */
    hi: z.optional(CatalogHindiSchema),
  })
  .check(
    z.refine((s) => !s.hi || s.hi.rules.length === s.rules.length, {
      message: 'the Hindi rules (hi.rules) translate the rules one by one',
      path: ['hi', 'rules'],
    }),
  )
  .check(
    z.refine((s) => (s.winnerPrizeRupees ?? 0) <= s.prizePoolRupees, {
      message: 'winnerPrizeRupees cannot exceed prizePoolRupees',
      path: ['winnerPrizeRupees'],
    }),
  )
  .check(
    z.refine((s) => s.prizePoolRupees === 0 || s.poolGuaranteed !== undefined, {
      message: 'a series with a prize says whether its pool is guaranteed (poolGuaranteed)',
      path: ['poolGuaranteed'],
    }),
  )
  .check(
    z.refine((s) => s.lastMonth === undefined || s.lastMonth >= s.firstMonth, {
      message: 'lastMonth comes after firstMonth',
      path: ['lastMonth'],
    }),
  );
export type RecurringSeries = z.infer<typeof RecurringSeriesSchema>;

/** A change to one edition: `src/content/tournaments/overrides/<edition id>.json`. */
export const EditionOverrideSchema = z
  .object({
    /** The edition it changes, `<series>-<yyyy>-<mm>`; the file name is `<id>.json`. */
    id: z.string().check(z.regex(EDITION_ID_PATTERN)),
    /** Why, for the staff console ("Diwali weekend"). */
    note: z.string().check(z.minLength(3)).check(z.maxLength(200)),
    /** A new start; the rounds move with it. */
    startsAt: z.optional(Instant),
    title: z.optional(z.string().check(z.minLength(3)).check(z.maxLength(80))),
    maxPlayers: z.optional(z.int().check(z.gte(2)).check(z.lte(1000))),
    /** Calls the edition off: not created, or cancelled and refunded if it already exists. The reason is shown to players. */
    cancelled: z.optional(z.object({ reason: z.string().check(z.minLength(10)).check(z.maxLength(500)) })),
  })
  .check(
    z.refine((o) => o.startsAt !== undefined || o.title !== undefined || o.maxPlayers !== undefined || o.cancelled !== undefined, {
      message: 'an override changes something: startsAt, title, maxPlayers or cancelled',
    }),
  );
export type EditionOverride = z.infer<typeof EditionOverrideSchema>;

/** Prize bands as the database stores them (paise). */
export type PrizeBandPaise = { places: string; paise: number };

/** One edition as the database holds it: what the sync writes and `private.planned_editions` answers. */
export type PlannedEdition = {
  id: string;
  series_id: string;
  title: string;
  format: string;
  entry_fee_paise: number;
  prize_pool_paise: number;
  winner_prize_paise: number | null;
  prize_formula: PrizeBandPaise[];
  max_players: number;
  /** ISO instant, UTC. */
  starts_at: string;
  /** When the periodic top-up creates it: the start (IST) of the month `horizonMonths + 1` before its own. */
  creates_at: string;
  /** Set by a cancelling override: such an edition is never created, and cancelled if it exists. */
  cancel_reason: string | null;
};

type Month = { year: number; month: number };

const monthIndex = ({ year, month }: Month) => year * 12 + (month - 1);
const fromIndex = (index: number): Month => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });
const parseMonth = (text: string): Month => ({ year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) });
const pad2 = (n: number) => String(n).padStart(2, '0');

const rupeesToPaise = (rupees: number) => rupees * 100;

/** The IST calendar month an instant falls in. */
export function istMonth(at: Date): Month {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return { year: ist.getUTCFullYear(), month: ist.getUTCMonth() + 1 };
}

/** The day of the month of the series' edition in `month` (the `week`-th or last `weekday`). */
export function editionDay(every: RecurringSeries['every'], { year, month }: Month): number {
  const weekday = WEEKDAYS.indexOf(every.weekday);
  if (every.week === 'last') {
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const lastWeekday = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
    return lastDay - ((lastWeekday - weekday + 7) % 7);
  }
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - firstWeekday + 7) % 7) + (every.week - 1) * 7;
}

/** The instant the series' edition of `month` starts, by its rule (no override). */
export function ruleStart(series: Pick<RecurringSeries, 'every'>, month: Month): Date {
  const [hours, minutes] = series.every.time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(month.year, month.month - 1, editionDay(series.every, month), hours, minutes) - IST_OFFSET_MS);
}

/** `<series>-<yyyy>-<mm>`. */
export const editionId = (seriesId: string, { year, month }: Month): string => `${seriesId}-${year}-${pad2(month)}`;

/** The series id and month of an edition id (undefined for an id that is not one). */
export function parseEditionId(id: string): { seriesId: string; month: Month } | undefined {
  const match = EDITION_ID_PATTERN.exec(id);
  if (!match) return undefined;
  return { seriesId: match[1] as string, month: { year: Number(match[2]), month: Number(match[3]) } };
}

/** The series' prize bands in paise (none without a pool), as every edition carries them. */
export function seriesPrizeBands(series: RecurringSeries): PrizeBandPaise[] {
  return prizeFormula(series).list.map((band) => ({ places: band.places, paise: rupeesToPaise(band.rupees) }));
}

/** "Champions Tour {month} {year}" for February 2027: "Champions Tour February 2027". */
export function editionTitle(template: string, { year, month }: Month): string {
  return template.replaceAll('{month}', MONTH_NAMES[month - 1] as string).replaceAll('{year}', String(year));
}

const HINDI_MONTH_NAMES = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'];

/**
 * An edition's Hindi words: the series' own, with its title's {month} in Hindi. An edition renamed by an
 * override keeps its one (English) title: the Hindi template would say the old name.
 */
function editionHindi(series: RecurringSeries, hi: CatalogHindi, edition: PlannedEdition): CatalogHindi {
  const { title, ...words } = hi;
  const month = parseEditionId(edition.id)?.month;
  if (title === undefined || !month || edition.title !== editionTitle(series.title, month)) return words;
  return {
    ...words,
    title: title.replaceAll('{month}', HINDI_MONTH_NAMES[month.month - 1] as string).replaceAll('{year}', String(month.year)),
  };
}

export type ExpandOptions = {
  /** Months beyond each series' horizon to include as well (the staff console's "what comes next"). */
  extraMonths?: number;
};

/** How many months after the current one a series' calendar reaches (see the top of this file). */
export const reachMonths = (series: Pick<RecurringSeries, 'horizonMonths'>): number => series.horizonMonths + 1;

/**
 * Every edition the calendar holds at `now`: for each active series, the months from the IST month of
 * `now` to `reachMonths` after it (within the series' first and last month), with their overrides,
 * leaving out those whose registration would already be closed. Cancelled editions are listed with their
 * reason (the top-up cancels one that exists and creates none). Ordered by start, then id.
 */
export function expandEditions(
  allSeries: readonly RecurringSeries[],
  overrides: readonly EditionOverride[],
  now: Date,
  options: ExpandOptions = {},
): PlannedEdition[] {
  const byId = new Map(overrides.map((o) => [o.id, o]));
  const current = monthIndex(istMonth(now));
  const editions: PlannedEdition[] = [];
  for (const series of allSeries) {
    if (!series.active) continue;
    const first = Math.max(current, monthIndex(parseMonth(series.firstMonth)));
    const last = Math.min(
      current + reachMonths(series) + (options.extraMonths ?? 0),
      series.lastMonth ? monthIndex(parseMonth(series.lastMonth)) : Number.POSITIVE_INFINITY,
    );
    const bands = seriesPrizeBands(series);
    for (let index = first; index <= last; index++) {
      const month = fromIndex(index);
      const id = editionId(series.id, month);
      const override = byId.get(id);
      const startsAt = override?.startsAt ? new Date(override.startsAt) : ruleStart(series, month);
      if (startsAt.getTime() - EDITION_REGISTRATION_CLOSES_BEFORE_MS <= now.getTime()) continue;
      const createsAt = fromIndex(index - reachMonths(series));
      editions.push({
        id,
        series_id: series.id,
        title: override?.title ?? editionTitle(series.title, month),
        format: series.format,
        entry_fee_paise: rupeesToPaise(series.entryFeeRupees),
        prize_pool_paise: rupeesToPaise(series.prizePoolRupees),
        winner_prize_paise: series.winnerPrizeRupees === undefined ? null : rupeesToPaise(series.winnerPrizeRupees),
        prize_formula: bands,
        max_players: override?.maxPlayers ?? series.maxPlayers,
        starts_at: startsAt.toISOString(),
        creates_at: new Date(Date.UTC(createsAt.year, createsAt.month - 1, 1) - IST_OFFSET_MS).toISOString(),
        cancel_reason: override?.cancelled?.reason ?? null,
      });
    }
  }
  return editions.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id));
}

/** An instant written in IST with its offset, as the catalog files write them ("2027-02-06T18:00:00+05:30"). */
export function istInstant(at: Date | string): string {
  const ist = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  return `${ist.toISOString().slice(0, 19)}+05:30`;
}

/** An edition as the site shows it: the catalog's tournament shape, from its series and its planned row. */
export function editionTournament(series: RecurringSeries, edition: PlannedEdition): Tournament {
  const start = new Date(edition.starts_at).getTime();
  return {
    id: edition.id,
    title: edition.title,
    subtitle: series.subtitle,
    series: 'championship',
    format: series.format,
    entryFeeRupees: series.entryFeeRupees,
    prizePoolRupees: series.prizePoolRupees,
    ...(series.winnerPrizeRupees === undefined ? {} : { winnerPrizeRupees: series.winnerPrizeRupees }),
    ...(series.paidPlaces === undefined ? {} : { paidPlaces: series.paidPlaces }),
    ...(series.prizeBands === undefined ? {} : { prizeBands: series.prizeBands }),
    ...(series.poolGuaranteed === undefined ? {} : { poolGuaranteed: series.poolGuaranteed }),
    maxPlayers: edition.max_players,
    isLive: true,
    startsAt: istInstant(edition.starts_at),
    featured: false,
    description: series.description,
    platforms: series.platforms,
    importantInfo: series.importantInfo,
    rules: series.rules,
    ...(series.hi === undefined ? {} : { hi: editionHindi(series, series.hi, edition) }),
    ...(series.stages === undefined ? {} : { stages: series.stages }),
    schedule: series.schedule.map((round) => ({
      round: round.round,
      startsAt: istInstant(new Date(start + round.minutesAfterStart * 60_000)),
    })),
  };
}

/**
 * The editions the site lists at `now` (the build): every planned edition that is not cancelled, in the
 * catalog's tournament shape. Hand-made editions are not among them; the catalog lists those itself.
 */
export function calendarTournaments(allSeries: readonly RecurringSeries[], overrides: readonly EditionOverride[], now: Date): Tournament[] {
  const seriesById = new Map(allSeries.map((s) => [s.id, s]));
  return expandEditions(allSeries, overrides, now)
    .filter((edition) => edition.cancel_reason === null)
    .map((edition) => editionTournament(seriesById.get(edition.series_id) as RecurringSeries, edition));
}

/** "The first Saturday of every month at 18:00 IST" (lib/i18n/monthly-rule.ts words it in each language). */
export function describeRule(every: RecurringSeries['every']): string {
  return monthlyRuleIn('en', every);
}

/** A hand-made catalog entry as calendarProblems reads it: its id, and for a championship edition its date and fee. */
export type HandMadeEntry = string | (Pick<Tournament, 'id' | 'startsAt' | 'entryFeeRupees'> & { series: string; format: string });

/**
 * What is wrong with the calendar as declared: overrides of unknown series or months, a hand-made file with an id a
 * series makes, and a hand-made paid monthly championship in a month a recurring monthly championship already has an
 * edition in (the site would list two "monthly" championships with one pool each that month). Each a sentence naming
 * the file; empty when all is well.
 */
export function calendarProblems(
  allSeries: readonly RecurringSeries[],
  overrides: readonly EditionOverride[],
  handMade: readonly HandMadeEntry[],
): string[] {
  const known = new Set(allSeries.map((s) => s.id));
  const problems: string[] = [];
  for (const override of overrides) {
    const parsed = parseEditionId(override.id);
    if (!parsed || !known.has(parsed.seriesId)) {
      problems.push(`Override ${override.id}.json names no recurring series of the catalog`);
      continue;
    }
    const series = allSeries.find((s) => s.id === parsed.seriesId) as RecurringSeries;
    if (!seriesHasMonth(series, parsed.month)) {
      problems.push(`Override ${override.id}.json is for a month ${series.id} has no edition in`);
    }
  }
  for (const entry of handMade) {
    const id = typeof entry === 'string' ? entry : entry.id;
    const parsed = parseEditionId(id);
    if (parsed && known.has(parsed.seriesId))
      problems.push(`Catalog entry ${id}.json has an id the series ${parsed.seriesId} makes itself`);
    if (typeof entry === 'string' || !isMonthlyChampionship(entry)) continue;
    const month = istMonth(new Date(entry.startsAt));
    const series = allSeries.find((s) => isMonthlyChampionship(s) && seriesHasMonth(s, month));
    if (series)
      problems.push(
        `Catalog entry ${id}.json is a second monthly championship in ${month.year}-${pad2(month.month)}: the series ${series.id} makes that month's edition`,
      );
  }
  return problems;
}

/** A paid monthly championship (the free community cups run beside it, one a month of their own). */
const isMonthlyChampionship = (t: { format: string; entryFeeRupees: number; series?: string }) =>
  t.format === 'Monthly Championship' && t.entryFeeRupees > 0 && (t.series === undefined || t.series === 'championship');

/** Whether the series' rule covers `month` (from firstMonth to lastMonth), cancelled editions included. */
const seriesHasMonth = (series: RecurringSeries, month: Month) => {
  const index = monthIndex(month);
  return (
    index >= monthIndex(parseMonth(series.firstMonth)) &&
    (series.lastMonth === undefined || index <= monthIndex(parseMonth(series.lastMonth)))
  );
};
