/**
 * The tournament catalog: its schema and the pure rules every part of the product shares
 * (the site at build time, the catalog sync into the database, the tests).
 *
 * One file per tournament lives in `src/content/tournaments/<id>.json`. Organisers edit
 * those files; `npm run catalog:sync` copies the money and capacity facts into the
 * `tournaments` table, which is what payments trust.
 */
import * as z from 'zod/mini';
import { registrationClosesAt } from './status.ts';
// Relative, with its extension: the catalog sync runs this module under plain Node.
import { MAX_SLOTS, MIN_SLOTS } from '../../lib/rules.ts';
import { MatchSettingsSchema } from '../../lib/match-settings.ts';

/** An ISO 8601 instant with an explicit offset, e.g. `2025-07-20T19:00:00+05:30`. */
const Instant = z.iso.datetime({ offset: true });

/**
 * The catalog's own words in Hindi, for the /hi/ pages (rendered at build time, catalog-text.ts): the title
 * when it is not a brand name (the database and the e-mails keep the English one), the subtitle, the
 * description, the note and the catalog's rules in the same order as the English ones.
 */
export const CatalogHindiSchema = z.object({
  title: z.optional(z.string().check(z.minLength(3)).check(z.maxLength(80))),
  subtitle: z.optional(z.string().check(z.maxLength(120))),
  description: z.string().check(z.minLength(20)),
  importantInfo: z.string().check(z.minLength(10)),
  rules: z.array(z.string().check(z.minLength(5))),
});
export type CatalogHindi = z.infer<typeof CatalogHindiSchema>;

export const TournamentFormat = z.enum(['1v1 Knockout', 'Super 4', 'Super 8', 'Monthly Championship', 'Community Cup']);
export type TournamentFormat = z.infer<typeof TournamentFormat>;

/** One stage of a tournament's format, as the catalog declares it. */
export const StageSchema = z.union([
  z.object({
    kind: z.literal('groups'),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
    groupSize: z._default(z.literal(4), 4),
    /** `rating`: drawn in pots by rating (one player of each quarter by rating per group); else at random by the draw. */
    seeding: z._default(z.enum(['random', 'rating']), 'random'),
    advance: z.object({
      perGroup: z.int().check(z.gte(1), z.lte(3)),
      bestOfNext: z._default(z.int().check(z.nonnegative(), z.lte(999)), 0),
    }),
  }),
  z.object({
    kind: z.literal('knockout'),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
    thirdPlace: z._default(z.boolean(), false),
  }),
  z.object({
    kind: z.literal('swiss'),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
    /** More rounds than the players need (⌈log₂ players⌉); absent: exactly that. */
    rounds: z.optional(z.int().check(z.gte(1), z.lte(12))),
  }),
  z.object({
    kind: z.literal('double_elimination'),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
  }),
]);

export type Stage = z.infer<typeof StageSchema>;

/** One stage as the database keeps it (tournaments.stages): the contract's snake_case names. */
function stageToSql(stage: Stage): Record<string, unknown> {
  const name = stage.name ? { name: stage.name } : {};
  if (stage.kind === 'groups') {
    return {
      kind: 'groups',
      ...name,
      group_size: stage.groupSize,
      // Only a series that seeds by rating says so: the database reads a missing word as random.
      ...(stage.seeding === 'rating' ? { seeding: 'rating' } : {}),
      advance: { per_group: stage.advance.perGroup, best_of_next: stage.advance.bestOfNext },
    };
  }
  if (stage.kind === 'knockout') return { kind: 'knockout', ...name, third_place: stage.thirdPlace };
  if (stage.kind === 'swiss') return { kind: 'swiss', ...name, ...(stage.rounds ? { rounds: stage.rounds } : {}) };
  return { kind: 'double_elimination', ...name };
}

/** A format's stages as the database keeps them (tournaments.stages), null for one knockout. */
export function stagesToSql(stages: Stage[] | undefined): Array<Record<string, unknown>> | null {
  return stages ? stages.map(stageToSql) : null;
}

export const TournamentSchema = z
  .object({
    /** URL slug and database key: lower-case letters, digits, '-' and '_'. */
    id: z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{1,62}$/)),
    title: z.string().check(z.minLength(3)).check(z.maxLength(80)),
    subtitle: z.nullable(z.string().check(z.maxLength(120))),
    /** 'championship' entries are the monthly events (listed first, with the featured banner); 'quick' the short formats. */
    series: z.enum(['championship', 'quick']),
    format: TournamentFormat,
    /**
     * Entry fee per slot, whole rupees (the database stores paise). 0 makes a free tournament, entered with
     * one button and no checkout; only a single tournament can be free (series: 'championship'), since a
     * quick series' pods are paid.
     */
    entryFeeRupees: z.int().check(z.nonnegative()).check(z.lte(100_000)),
    /** Total paid out, whole rupees: the "prize" shown on cards and banners. */
    prizePoolRupees: z.int().check(z.nonnegative()),
    /** The champion's share when the pool is split; absent when the winner takes the whole pool. */
    winnerPrizeRupees: z.optional(z.int().check(z.nonnegative())),
    runnerUpPrizeRupees: z.optional(z.int().check(z.nonnegative())),
    /** How many of the best finishers are paid, shown in the rules. */
    paidPlaces: z.optional(z.int().check(z.positive())),
    /**
     * The prize bands, when the split is not "winner, then places 2 to paidPlaces share the rest": each band's
     * places ("1", "3-4") share its rupees. They must add up to prizePoolRupees exactly: the catalog sync
     * refuses them otherwise (the database's rule).
     */
    prizeBands: z.optional(
      z
        .array(z.object({ places: z.string().check(z.regex(/^[1-9]\d{0,3}(-[1-9]\d{0,3})?$/)), rupees: z.int().check(z.nonnegative()) }))
        .check(z.minLength(1)),
    ),
    maxPlayers: z.int().check(z.gte(2)).check(z.lte(1000)),
    /**
     * Championships with a prize: whether the whole pool is paid however few players enter (true), or only
     * when every place is taken (false). The page and the pay panel state it; a quick pod only runs full.
     */
    poolGuaranteed: z.optional(z.boolean()),
    /** Championship: whether registration is open (else "Coming soon"). Quick series: whether the series is active (has an open pod). */
    isLive: z.boolean(),
    /**
     * Registration closes at this instant or when check-in opens, whichever is first; absent means one hour
     * before the start (status.ts, and the database's get_tournament_state, apply the same rule).
     */
    registrationClosesAt: z.optional(Instant),
    /** First match. */
    startsAt: Instant,
    /** Kept for older catalog files: the banner now points at the next championship edition by itself. */
    featured: z._default(z.boolean(), false),
    description: z.string().check(z.minLength(20)),
    platforms: z.array(z.string()).check(z.minLength(1)),
    /** A note shown under the details (community group, check-in reminders...). */
    importantInfo: z.string().check(z.minLength(10)),
    /**
     * The game settings of its matches in eFootball's words (src/lib/match-settings.ts), a later knockout round
     * may differ (`rounds.final`); absent: the defaults. The rules text about settings, the host and
     * disconnections is generated from them, never written in `rules`.
     */
    matchSettings: z.optional(MatchSettingsSchema),
    /**
     * The format: the stages played in order (absent: one knockout). Groups of `groupSize` (4, or 3 when check-in
     * is short) whose top `advance.perGroup` go on, with the `advance.bestOfNext` best of the next place across
     * groups; then a knockout, with a third-place match when `thirdPlace`. Or one Swiss stage (`rounds` when more
     * than the players need) or one double elimination. The database checks the same rule (private.stages_valid;
     * supabase/tests/brackets-swiss-and-double.test.ts holds the two together) and the draw plays it
     * (docs/areas/brackets.md, Formats).
     */
    stages: z.optional(
      z.array(StageSchema).check(
        z.minLength(1),
        z.maxLength(3),
        z.refine((stages) => stages.every((s, i) => s.kind !== 'groups' || stages[i + 1]?.kind === 'knockout'), {
          message: 'A group stage is followed by a knockout',
        }),
        z.refine((stages) => stages.length === 1 || stages.every((s) => s.kind === 'groups' || s.kind === 'knockout'), {
          message: 'A Swiss stage or a double elimination is the whole tournament',
        }),
      ),
    ),
    /** The catalog's own rules (how to play, fair play), after the generated ones. */
    rules: z.array(z.string().check(z.minLength(5))).check(z.minLength(2)),
    schedule: z.array(z.object({ round: z.string().check(z.minLength(1)), startsAt: Instant })).check(z.minLength(1)),
    /** The Hindi twin of the words above (catalog-text.ts); absent: the Hindi page shows the English, marked so. */
    hi: z.optional(CatalogHindiSchema),
  })
  .check(
    z.refine((t) => !t.hi || t.hi.rules.length === t.rules.length, {
      message: 'the Hindi rules (hi.rules) translate the rules one by one',
      path: ['hi', 'rules'],
    }),
  )
  .check(
    z.refine((t) => (t.winnerPrizeRupees ?? 0) <= t.prizePoolRupees, {
      message: 'winnerPrizeRupees cannot exceed prizePoolRupees',
      path: ['winnerPrizeRupees'],
    }),
  )
  .check(
    z.refine((t) => t.series !== 'championship' || t.prizePoolRupees === 0 || t.poolGuaranteed !== undefined, {
      message: 'a championship with a prize says whether its pool is guaranteed (poolGuaranteed)',
      path: ['poolGuaranteed'],
    }),
  )
  .check(
    z.refine((t) => t.series !== 'quick' || t.entryFeeRupees > 0, {
      message: 'a quick series has an entry fee: only a single tournament (series "championship") can be free',
      path: ['entryFeeRupees'],
    }),
  );

/** A free tournament: entered with one button, no checkout. */
export const isFree = (t: Pick<Tournament, 'entryFeeRupees'>): boolean => t.entryFeeRupees === 0;

export type Tournament = z.infer<typeof TournamentSchema>;

type SlotOption = { slots: number; price: number; total: number };

/** The slot selector's options: 1 to 10 slots, each at the base fee. */
export function slotOptions(entryFeeRupees: number): SlotOption[] {
  return Array.from({ length: MAX_SLOTS - MIN_SLOTS + 1 }, (_, i) => {
    const slots = MIN_SLOTS + i;
    return { slots, price: entryFeeRupees, total: entryFeeRupees * slots };
  });
}

/** 'N Slot(s)': "1 Slot", "3 Slots". */
export function slotsLabel(slots: number): string {
  return `${slots} ${slots === 1 ? 'Slot' : 'Slots'}`;
}

/**
 * Earlier start first, by the instant: comparing the ISO texts would sort by their offsets' wall clocks
 * ("2027-02-27T14:00:00+05:30" against "2027-03-06T12:30:00Z" happens to work, other pairs would not).
 */
export const byStart = (a: Pick<Tournament, 'startsAt'>, b: Pick<Tournament, 'startsAt'>): number =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt);

/** Championships first by start, then quick formats by fee: the order lists show. */
export function sortCatalog<T extends Pick<Tournament, 'series' | 'startsAt' | 'entryFeeRupees'>>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    if (a.series !== b.series) return a.series === 'championship' ? -1 : 1;
    if (a.series === 'championship') return byStart(a, b);
    return a.entryFeeRupees - b.entryFeeRupees;
  });
}

/**
 * The championship the landing page's banner points at: the next edition whose registration has not
 * closed yet (the calendar moves on by itself as editions pass).
 */
export function featuredTournament<
  T extends Pick<Tournament, 'series' | 'startsAt' | 'registrationClosesAt' | 'isLive' | 'entryFeeRupees'>,
>(items: T[], now = new Date()): T | undefined {
  return (
    items
      // A free cup is not an edition of the paid monthly championship the banner announces.
      .filter((t) => t.series === 'championship' && !isFree(t) && registrationClosesAt(t) > now)
      .sort(byStart)[0]
  );
}

/** The championship season the featured banner announces (decided: the banner reads "{product} Jan to Dec 2027"). */
export const CHAMPIONSHIP_SEASON_YEAR = 2027;

/** The banner's heading, in the decided words: the season's span of months. */
export function championshipBannerHeading(productName: string, seasonYear = CHAMPIONSHIP_SEASON_YEAR): string {
  return `${productName} Jan to Dec ${seasonYear}`;
}

/**
 * How the banner introduces the edition it points at, so the line agrees with the heading above it: an edition
 * before the season's first month is the one "before the season", not the season's next edition.
 */
export function featuredEditionLead(startsAt: string, seasonYear = CHAMPIONSHIP_SEASON_YEAR): string {
  const seasonOpens = Date.UTC(seasonYear, 0, 1) - 5.5 * 3_600_000; // 1 January, midnight in India
  return new Date(startsAt).getTime() < seasonOpens ? 'Before the season, the next edition' : 'Next edition';
}

/** A quick series has no date of its own: each pod starts 20 minutes after it fills. */
export const POD_START_LABEL = 'Starts when full';

/** The dashboard's list: every tournament of this site, championships first, each with its real status. */
export function dashboardTournaments<T extends Pick<Tournament, 'series' | 'startsAt' | 'entryFeeRupees'>>(items: T[]): T[] {
  return sortCatalog(items);
}

/** What each place is paid: "The winner takes the whole pool of ₹1,200." or "Winner ₹20,000; places 2 to 6 share ₹25,000." */
export function prizeFormula(t: Pick<Tournament, 'prizePoolRupees' | 'winnerPrizeRupees' | 'paidPlaces' | 'prizeBands'>): {
  list: Array<{ places: string; rupees: number }>;
  text: string;
} {
  const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
  if (t.prizeBands) {
    const placesText = (places: string) => (places.includes('-') ? `places ${places.replace('-', ' to ')}` : `place ${places}`);
    return {
      list: t.prizeBands.map((band) => ({ places: band.places, rupees: band.rupees })),
      text: `${t.prizeBands.map((band) => `${placesText(band.places)} ${rupees(band.rupees)}`).join('; ')}.`.replace(/^p/, 'P'),
    };
  }
  if (t.prizePoolRupees === 0) return { list: [], text: 'No cash prize.' };
  if (t.winnerPrizeRupees === undefined || t.winnerPrizeRupees === t.prizePoolRupees) {
    return { list: [{ places: '1', rupees: t.prizePoolRupees }], text: `The winner takes the whole pool of ${rupees(t.prizePoolRupees)}.` };
  }
  const rest = t.prizePoolRupees - t.winnerPrizeRupees;
  const last = t.paidPlaces ?? 2;
  return {
    list: [
      { places: '1', rupees: t.winnerPrizeRupees },
      { places: `2-${last}`, rupees: rest },
    ],
    text: `Winner ${rupees(t.winnerPrizeRupees)}; places 2 to ${last} share ${rupees(rest)}.`,
  };
}

/**
 * One line for link previews and search results: what it is, what it costs, what it pays.
 * Amounts come pre-formatted by the caller's formatter so this stays free of Intl setup.
 */
export function shareDescription(
  t: Pick<Tournament, 'format' | 'entryFeeRupees' | 'prizePoolRupees' | 'maxPlayers'>,
  formatMoney: (rupees: number) => string = (rupees) => `₹${rupees.toLocaleString('en-IN')}`,
): string {
  const entry = isFree(t) ? 'Free entry' : `Entry ${formatMoney(t.entryFeeRupees)}`;
  const prize = t.prizePoolRupees > 0 ? `prize pool ${formatMoney(t.prizePoolRupees)}` : 'no cash prize';
  return `${t.format} on eFootball mobile. ${entry}, ${prize}, ${t.maxPlayers} players.`;
}
