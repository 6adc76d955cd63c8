/**
 * Catalog sync: copies the catalog (src/content/tournaments/*.json) into the database, which payments trust.
 * The catalog is the only place series and championship editions are edited; this script is the only way
 * they reach the database, so the two can never disagree silently.
 *
 * - Championship editions become `tournaments` rows (series `championship`); every quick-format entry
 *   becomes a `series` row (its fee, prize formula, capacity and windows; `isLive` is the active flag).
 *   The database opens and closes the pods of each quick series itself: the sync never touches a pod.
 * - Every entry is validated with the site's own TournamentSchema; one invalid file stops the sync.
 * - Every entry is upserted (rupees become paise). `filled_slots` is never touched: it counts confirmed
 *   payments. A row whose values already match is left alone, so running twice changes nothing.
 * - Every series and edition carries its match settings (`matchSettings`, in the game's words; a later
 *   knockout round may differ), which the database applies to each match (private.match_settings).
 * - Each championship edition carries its own prize bands (a free cup none). The database refuses bands that
 *   do not add up to the entry's prize pool, naming the entry and both totals, and the sync stops there.
 * - An edition whose file was deleted is marked not live and a series without a file inactive, never
 *   deleted: payments reference them.
 * - It is one SQL statement, so a sync applies entirely or not at all. Lowering maxPlayers below the
 *   slots already sold fails on the table's capacity constraint instead of overbooking. Afterwards every
 *   active quick series gets its open pod.
 *
 * Local: the local stack calls {@link syncCatalog} on every start.
 * Production: after `supabase db push`, and whenever the catalog changes, run
 *   DATABASE_URL='postgresql://postgres:<password>@db.<project-ref>.supabase.co:5432/postgres' npm run catalog:sync
 * (the project's direct connection string, from the dashboard's "Connect" panel). Runs under Node 24, which
 * strips the TypeScript types: `node scripts/sync-catalog.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prizeFormula, stagesToSql, TournamentSchema, type Tournament } from '../src/features/tournaments/tournaments.ts';
import {
  calendarProblems,
  type HandMadeEntry,
  calendarTournaments,
  EditionOverrideSchema,
  expandEditions,
  RecurringSeriesSchema,
  seriesPrizeBands,
  WEEKDAYS,
  type EditionOverride,
  type RecurringSeries,
} from '../src/features/tournaments/recurrence.ts';
import { rupeesToPaise } from '../src/lib/format.ts';
import { matchSettingsToSql } from '../src/lib/match-settings.ts';

/** Anything that runs a parameterised query: a PGlite instance or transaction, a node-postgres client or pool. */
export type Queryable = {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
};

export type SyncSummary = {
  inserted: number;
  updated: number;
  retired: number;
  catalogSize: number;
  podsOpened: number;
  /** Editions of recurring series: added or changed by this sync, and cancelled by an override. */
  editions?: { added: number; updated: number; cancelled: number };
};

/** The recurring series and the overrides of single editions (src/content/tournaments/recurring, overrides). */
export type Calendar = { series: RecurringSeries[]; overrides: EditionOverride[] };

/** No recurring series: what a sync of a catalog handed over without its calendar uses. */
export const EMPTY_CALENDAR: Calendar = { series: [], overrides: [] };

/** The series every championship edition belongs to. */
export const CHAMPIONSHIP_SERIES_ID = 'championship';

export const CATALOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'content', 'tournaments');

/** The tournaments table's view of one catalog entry. */
export type TournamentRow = {
  id: string;
  title: string;
  series: Tournament['series'];
  format: string;
  entry_fee_paise: number;
  prize_pool_paise: number;
  winner_prize_paise: number | null;
  max_players: number;
  is_live: boolean;
  registration_closes_at: string | null;
  starts_at: string;
  /** The edition's own prize bands: the database refuses bands that do not add up to its prize pool. */
  prize_formula: PrizeFormulaRow;
  /** The edition's match settings (private.match_settings_valid), null for the defaults. */
  match_settings: Record<string, unknown> | null;
  /** The edition's format (private.stages_valid), null for one knockout. */
  stages: Array<Record<string, unknown>> | null;
};

/** Prize bands as the database stores them: each band's places share its paise. */
export type PrizeFormulaRow = Array<{ places: string; paise: number }>;

/** The bands of an entry's own prize formula, in paise (none for a tournament without a prize pool). */
export function prizeFormulaRow(t: Tournament): PrizeFormulaRow {
  return prizeFormula(t).list.map((band) => ({ places: band.places, paise: rupeesToPaise(band.rupees) }));
}

export function toTournamentRow(t: Tournament): TournamentRow {
  return {
    id: t.id,
    title: t.title,
    series: t.series,
    format: t.format,
    entry_fee_paise: rupeesToPaise(t.entryFeeRupees),
    prize_pool_paise: rupeesToPaise(t.prizePoolRupees),
    winner_prize_paise: t.winnerPrizeRupees === undefined ? null : rupeesToPaise(t.winnerPrizeRupees),
    max_players: t.maxPlayers,
    is_live: t.isLive,
    registration_closes_at: t.registrationClosesAt ?? null,
    starts_at: t.startsAt,
    prize_formula: prizeFormulaRow(t),
    match_settings: matchSettingsToSql(t.matchSettings),
    stages: stagesToSql(t.stages),
  };
}

/** The series table's view of a quick-format entry (or of the championship, from its next edition). */
export type SeriesRow = {
  id: string;
  title: string;
  kind: Tournament['series'];
  format: string;
  entry_fee_paise: number;
  prize_pool_paise: number;
  winner_prize_paise: number | null;
  prize_formula: PrizeFormulaRow;
  prize_formula_text: string;
  capacity: number;
  check_in_opens_before: string;
  check_in_closes_before: string;
  active: boolean;
  match_settings: Record<string, unknown> | null;
};

export function toSeriesRow(t: Tournament, id = t.id): SeriesRow {
  const formula = prizeFormula(t);
  const list = prizeFormulaRow(t);
  const championship = t.series === 'championship';
  return {
    id,
    title: championship ? 'Champions Tour' : t.title,
    kind: t.series,
    format: t.format,
    entry_fee_paise: rupeesToPaise(t.entryFeeRupees),
    prize_pool_paise: rupeesToPaise(t.prizePoolRupees),
    winner_prize_paise: t.winnerPrizeRupees === undefined ? null : rupeesToPaise(t.winnerPrizeRupees),
    prize_formula: list,
    prize_formula_text: formula.text,
    capacity: t.maxPlayers,
    // docs/areas/brackets.md, Check-in: championships from start - 24 h to start - 60 min, quick pods 60 to 15 min.
    check_in_opens_before: championship ? '24 hours' : '60 minutes',
    check_in_closes_before: championship ? '60 minutes' : '15 minutes',
    active: championship ? true : t.isLive,
    match_settings: matchSettingsToSql(t.matchSettings),
  };
}

/** Series rows and championship edition rows of a catalog. */
export function splitCatalog(entries: Tournament[]): { series: SeriesRow[]; editions: TournamentRow[] } {
  const editions = entries.filter((t) => t.series === 'championship').sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const quick = entries.filter((t) => t.series === 'quick');
  const series = quick.map((t) => toSeriesRow(t));
  // The championship series row carries the paid editions' fee; a free cup never sets it.
  const firstEdition = editions.find((t) => t.entryFeeRupees > 0);
  if (firstEdition) series.push(toSeriesRow(firstEdition, CHAMPIONSHIP_SERIES_ID));
  return { series, editions: editions.map(toTournamentRow) };
}

/** Validates one catalog file's text; the file name (without .json) must equal the entry's id. */
function parseCatalogFile(file: string, text: string): Tournament {
  const parsed = TournamentSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; ');
    throw new Error(`Invalid catalog entry ${file}: ${problems}`);
  }
  if (`${parsed.data.id}.json` !== file) throw new Error(`Catalog entry ${file} has id "${parsed.data.id}"; they must match`);
  return parsed.data;
}

/** Validates one file of the calendar with its schema; the file name (without .json) must equal its id. */
function parseCalendarFile<T extends { id: string }>(
  schema: {
    safeParse(
      data: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  },
  file: string,
  text: string,
): T {
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; ');
    throw new Error(`Invalid calendar file ${file}: ${problems}`);
  }
  if (`${parsed.data.id}.json` !== file) throw new Error(`Calendar file ${file} has id "${parsed.data.id}"; they must match`);
  return parsed.data;
}

function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Reads and validates the recurring series (`recurring/`) and the overrides (`overrides/`) beside the
 * catalog; refuses what calendarProblems names (an override of an unknown series or month, a hand-made edition
 * with a series' id, a second monthly championship in a month).
 */
export function readCalendarNow(dir = CATALOG_DIR, handMade: readonly HandMadeEntry[] = readCatalogNow(dir)): Calendar {
  const read = (sub: string) =>
    jsonFiles(path.join(dir, sub)).map((file) => [file, readFileSync(path.join(dir, sub, file), 'utf8')] as const);
  const series = read('recurring').map(([file, text]) => parseCalendarFile(RecurringSeriesSchema, file, text));
  const overrides = read('overrides').map(([file, text]) => parseCalendarFile(EditionOverrideSchema, file, text));
  const problems = calendarProblems(series, overrides, handMade);
  if (problems.length) throw new Error(problems.join('; '));
  return { series, overrides };
}

/**
 * Every tournament the site lists at `now`: the hand-made catalog and the editions the recurring series
 * hold then (what the build pre-renders; the end-to-end tests pick their tournaments from it).
 */
export function readCatalogWithEditionsNow(now = new Date(), dir = CATALOG_DIR): Tournament[] {
  const catalog = readCatalogNow(dir);
  const calendar = readCalendarNow(dir, catalog);
  return [...catalog, ...calendarTournaments(calendar.series, calendar.overrides, now)];
}

/** Reads and validates every catalog file. */
export async function readCatalog(dir = CATALOG_DIR): Promise<Tournament[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => parseCatalogFile(file, await readFile(path.join(dir, file), 'utf8'))));
}

/** readCatalog for callers that cannot wait (test modules that list the catalog's pages as they load). */
export function readCatalogNow(dir = CATALOG_DIR): Tournament[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((file) => parseCatalogFile(file, readFileSync(path.join(dir, file), 'utf8')));
}

// One statement: upsert what the catalog has, retire what it no longer has, report the counts.
// `xmax = 0` tells a freshly inserted row from an updated one. Pods (pod_number set) are never touched.
const SYNC_SQL = `
with series_catalog as (
  select *
    from jsonb_to_recordset($1::jsonb) as c(
      id text, title text, kind text, format text, entry_fee_paise integer, prize_pool_paise integer,
      winner_prize_paise integer, prize_formula jsonb, prize_formula_text text, capacity integer,
      check_in_opens_before interval, check_in_closes_before interval, active boolean, match_settings jsonb
    )
),
catalog as (
  select *
    from jsonb_to_recordset($2::jsonb) as c(
      id text, title text, series text, format text, entry_fee_paise integer, prize_pool_paise integer,
      winner_prize_paise integer, max_players integer, is_live boolean, registration_closes_at timestamptz,
      starts_at timestamptz, prize_formula jsonb, match_settings jsonb, stages jsonb
    )
),
series_upserted as (
  insert into public.series as s (
    id, title, kind, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, prize_formula, prize_formula_text,
    capacity, check_in_opens_before, check_in_closes_before, active, match_settings
  )
  select id, title, kind, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, prize_formula, prize_formula_text,
         capacity, check_in_opens_before, check_in_closes_before, active, match_settings
    from series_catalog
  on conflict (id) do update
    set title = excluded.title, kind = excluded.kind, format = excluded.format,
        entry_fee_paise = excluded.entry_fee_paise, prize_pool_paise = excluded.prize_pool_paise,
        winner_prize_paise = excluded.winner_prize_paise, prize_formula = excluded.prize_formula,
        prize_formula_text = excluded.prize_formula_text, capacity = excluded.capacity,
        check_in_opens_before = excluded.check_in_opens_before, check_in_closes_before = excluded.check_in_closes_before,
        active = excluded.active, match_settings = excluded.match_settings
    where (s.title, s.kind, s.format, s.entry_fee_paise, s.prize_pool_paise, s.winner_prize_paise, s.prize_formula,
           s.prize_formula_text, s.capacity, s.check_in_opens_before, s.check_in_closes_before, s.active, s.match_settings)
          is distinct from
          (excluded.title, excluded.kind, excluded.format, excluded.entry_fee_paise, excluded.prize_pool_paise,
           excluded.winner_prize_paise, excluded.prize_formula, excluded.prize_formula_text, excluded.capacity,
           excluded.check_in_opens_before, excluded.check_in_closes_before, excluded.active, excluded.match_settings)
  returning s.id, (s.xmax = 0) as inserted
),
series_retired as (
  update public.series as s
     set active = false
   where s.active
     and not exists (select 1 from series_catalog as c where c.id = s.id)
  returning s.id
),
upserted as (
  insert into public.tournaments as t (
    id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live,
    registration_closes_at, starts_at, prize_formula, match_settings, stages
  )
  select id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live,
         registration_closes_at, starts_at, prize_formula, match_settings, stages
    from catalog
  on conflict (id) do update
    set title = excluded.title,
        series = excluded.series,
        format = excluded.format,
        entry_fee_paise = excluded.entry_fee_paise,
        prize_pool_paise = excluded.prize_pool_paise,
        winner_prize_paise = excluded.winner_prize_paise,
        max_players = excluded.max_players,
        is_live = excluded.is_live,
        registration_closes_at = excluded.registration_closes_at,
        starts_at = excluded.starts_at,
        prize_formula = excluded.prize_formula,
        match_settings = excluded.match_settings,
        -- A drawn tournament keeps the format it was drawn with.
        stages = case when t.drawn_at is null then excluded.stages else t.stages end
    where t.pod_number is null
      and (t.title, t.series, t.format, t.entry_fee_paise, t.prize_pool_paise, t.winner_prize_paise,
           t.max_players, t.is_live, t.registration_closes_at, t.starts_at, t.prize_formula, t.match_settings,
           case when t.drawn_at is null then excluded.stages else t.stages end)
          is distinct from
          (excluded.title, excluded.series, excluded.format, excluded.entry_fee_paise, excluded.prize_pool_paise,
           excluded.winner_prize_paise, excluded.max_players, excluded.is_live, excluded.registration_closes_at,
           excluded.starts_at, excluded.prize_formula, excluded.match_settings, t.stages)
  returning t.id, (t.xmax = 0) as inserted
),
retired as (
  -- Championship editions the catalog no longer lists (and quick entries once synced as tournaments,
  -- before they became series). Pods and local demo rows (the seed's demo-… cups, some of them
  -- championships) are not the catalog's.
  update public.tournaments as t
     set is_live = false
   where t.is_live
     and t.pod_number is null
     and t.edition_of is null
     and t.id not like 'demo-%'
     and (t.series = 'championship' or exists (select 1 from series_catalog as sc where sc.id = t.id))
     and not exists (select 1 from catalog as c where c.id = t.id)
  returning t.id
)
select ((select count(*) from upserted where inserted) + (select count(*) from series_upserted where inserted))::integer as inserted,
       ((select count(*) from upserted where not inserted) + (select count(*) from series_upserted where not inserted))::integer as updated,
       ((select count(*) from retired) + (select count(*) from series_retired))::integer as retired
`;

// Championship editions point at their series; a separate statement, because a row inserted by the one
// above is not visible to another part of the same statement.
const LINK_EDITIONS_SQL = `
update public.tournaments set series_id = $1
 where series = 'championship' and pod_number is null and series_id is distinct from $1 and id not like 'demo-%'
   and exists (select 1 from public.series where id = $1)
`;

/** The recurring_series table's view of a recurring series. */
export function toRecurringSeriesRow(s: RecurringSeries) {
  return {
    id: s.id,
    title_template: s.title,
    format: s.format,
    entry_fee_paise: rupeesToPaise(s.entryFeeRupees),
    prize_pool_paise: rupeesToPaise(s.prizePoolRupees),
    winner_prize_paise: s.winnerPrizeRupees === undefined ? null : rupeesToPaise(s.winnerPrizeRupees),
    prize_formula: seriesPrizeBands(s),
    max_players: s.maxPlayers,
    week_of_month: s.every.week === 'last' ? -1 : s.every.week,
    weekday: WEEKDAYS.indexOf(s.every.weekday),
    local_time: s.every.time,
    first_month: `${s.firstMonth}-01`,
    last_month: s.lastMonth ? `${s.lastMonth}-01` : null,
    horizon_months: s.horizonMonths,
    active: s.active,
    stages: stagesToSql(s.stages),
  };
}

/** The edition_overrides table's view of an override. */
export function toOverrideRow(o: EditionOverride) {
  return {
    edition_id: o.id,
    series_id: o.id.replace(/-\d{4}-\d{2}$/, ''),
    note: o.note,
    starts_at: o.startsAt ?? null,
    title: o.title ?? null,
    max_players: o.maxPlayers ?? null,
    cancel_reason: o.cancelled?.reason ?? null,
  };
}

// The recurring series: upserted, and those the catalog no longer has stop making editions (never deleted:
// their editions point at them).
const RECURRING_SERIES_SQL = `
with catalog as (
  select * from jsonb_to_recordset($1::jsonb) as c(
    id text, title_template text, format text, entry_fee_paise integer, prize_pool_paise integer,
    winner_prize_paise integer, prize_formula jsonb, max_players integer, week_of_month integer, weekday integer,
    local_time time, first_month date, last_month date, horizon_months integer, active boolean, stages jsonb
  )
),
upserted as (
  insert into public.recurring_series as s (
    id, title_template, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, prize_formula, max_players,
    week_of_month, weekday, local_time, first_month, last_month, horizon_months, active, stages
  )
  select id, title_template, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, prize_formula, max_players,
         week_of_month, weekday, local_time, first_month, last_month, horizon_months, active, stages
    from catalog
  on conflict (id) do update
    set title_template = excluded.title_template, format = excluded.format, entry_fee_paise = excluded.entry_fee_paise,
        prize_pool_paise = excluded.prize_pool_paise, winner_prize_paise = excluded.winner_prize_paise,
        prize_formula = excluded.prize_formula, max_players = excluded.max_players, week_of_month = excluded.week_of_month,
        weekday = excluded.weekday, local_time = excluded.local_time, first_month = excluded.first_month,
        last_month = excluded.last_month, horizon_months = excluded.horizon_months, active = excluded.active,
        stages = excluded.stages
    where (s.title_template, s.format, s.entry_fee_paise, s.prize_pool_paise, s.winner_prize_paise, s.prize_formula,
           s.max_players, s.week_of_month, s.weekday, s.local_time, s.first_month, s.last_month, s.horizon_months, s.active,
           s.stages)
          is distinct from
          (excluded.title_template, excluded.format, excluded.entry_fee_paise, excluded.prize_pool_paise,
           excluded.winner_prize_paise, excluded.prize_formula, excluded.max_players, excluded.week_of_month,
           excluded.weekday, excluded.local_time, excluded.first_month, excluded.last_month, excluded.horizon_months,
           excluded.active, excluded.stages)
  returning s.id
)
update public.recurring_series as s set active = false
 where s.active and not exists (select 1 from catalog as c where c.id = s.id)
`;

// The overrides: exactly the catalog's (an override removed from the catalog no longer applies; an edition
// it cancelled stays cancelled).
const OVERRIDES_SQL = `
with catalog as (
  select * from jsonb_to_recordset($1::jsonb) as c(
    edition_id text, series_id text, note text, starts_at timestamptz, title text, max_players integer, cancel_reason text
  )
),
upserted as (
  insert into public.edition_overrides as o (edition_id, series_id, note, starts_at, title, max_players, cancel_reason)
  select edition_id, series_id, note, starts_at, title, max_players, cancel_reason from catalog
  on conflict (edition_id) do update
    set series_id = excluded.series_id, note = excluded.note, starts_at = excluded.starts_at, title = excluded.title,
        max_players = excluded.max_players, cancel_reason = excluded.cancel_reason
    where (o.series_id, o.note, o.starts_at, o.title, o.max_players, o.cancel_reason)
          is distinct from (excluded.series_id, excluded.note, excluded.starts_at, excluded.title, excluded.max_players,
                            excluded.cancel_reason)
  returning o.edition_id
)
delete from public.edition_overrides as o where not exists (select 1 from catalog as c where c.edition_id = o.edition_id)
`;

// The editions the recurring series hold now (expandEditions at the database's clock): added, or brought in
// step with their series and override while nothing has been drawn or cancelled. An edition the expansion no
// longer lists (past, beyond a rule's last month, a series stopped) is left as it is: never retired.
const EDITIONS_SQL = `
with planned as (
  select * from jsonb_to_recordset($1::jsonb) as c(
    id text, series_id text, title text, format text, entry_fee_paise integer, prize_pool_paise integer,
    winner_prize_paise integer, prize_formula jsonb, max_players integer, starts_at timestamptz, cancel_reason text
  )
  where c.cancel_reason is null
),
upserted as (
  insert into public.tournaments as t (
    id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live, starts_at,
    prize_formula, edition_of, stages
  )
  -- Every edition plays its series' format (synced just before).
  select p.id, p.title, 'championship', p.format, p.entry_fee_paise, p.prize_pool_paise, p.winner_prize_paise, p.max_players, true,
         p.starts_at, p.prize_formula, p.series_id, (select r.stages from public.recurring_series r where r.id = p.series_id)
    from planned p
  on conflict (id) do update
    set title = excluded.title, format = excluded.format, entry_fee_paise = excluded.entry_fee_paise,
        prize_pool_paise = excluded.prize_pool_paise, winner_prize_paise = excluded.winner_prize_paise,
        max_players = excluded.max_players, starts_at = excluded.starts_at, prize_formula = excluded.prize_formula,
        stages = excluded.stages
    where t.edition_of = excluded.edition_of and t.drawn_at is null and t.cancelled_at is null
      and (t.title, t.format, t.entry_fee_paise, t.prize_pool_paise, t.winner_prize_paise, t.max_players, t.starts_at,
           t.prize_formula, t.stages)
          is distinct from
          (excluded.title, excluded.format, excluded.entry_fee_paise, excluded.prize_pool_paise,
           excluded.winner_prize_paise, excluded.max_players, excluded.starts_at, excluded.prize_formula, excluded.stages)
  returning (t.xmax = 0) as inserted
)
select (count(*) filter (where inserted))::integer as added, (count(*) filter (where not inserted))::integer as updated
  from upserted
`;

/**
 * Brings the series and championship editions in step with the catalog (see the top of this file), then
 * the recurring series, their overrides and the editions they hold at the database's clock. A catalog
 * handed over without its calendar syncs no recurring series (tests of the hand-made catalog).
 */
export async function syncCatalog(db: Queryable, catalog?: Tournament[], calendar?: Calendar): Promise<SyncSummary> {
  const entries = catalog ?? (await readCatalog());
  const recurring = calendar ?? (catalog === undefined ? readCalendarNow(CATALOG_DIR, entries) : EMPTY_CALENDAR);
  const problems = calendarProblems(recurring.series, recurring.overrides, entries);
  if (problems.length) throw new Error(problems.join('; '));
  const { series, editions } = splitCatalog(entries);
  const { rows } = await db.query(SYNC_SQL, [JSON.stringify(series), JSON.stringify(editions)]);
  const counts = rows[0] as { inserted: number; updated: number; retired: number };
  await db.query(RECURRING_SERIES_SQL, [JSON.stringify(recurring.series.map(toRecurringSeriesRow))]);
  await db.query(OVERRIDES_SQL, [JSON.stringify(recurring.overrides.map(toOverrideRow))]);
  const clock = await db.query('select private.clock_now() as now');
  const now = new Date((clock.rows[0] as { now: Date | string }).now);
  const planned = expandEditions(recurring.series, recurring.overrides, now);
  const written = await db.query(EDITIONS_SQL, [JSON.stringify(planned)]);
  const editionCounts = written.rows[0] as { added: number; updated: number };
  await db.query(LINK_EDITIONS_SQL, [CHAMPIONSHIP_SERIES_ID]);
  // The periodic top-up, now: it cancels what an override calls off (and finds nothing else to create).
  const topUp = await db.query('select private.top_up_editions() as answer');
  const answer = (topUp.rows[0] as { answer: { editions_created: number; editions_cancelled: number } }).answer;
  const opened = await db.query('select public.service_ensure_open_pods() as opened');
  const summary: SyncSummary = { ...counts, catalogSize: entries.length, podsOpened: (opened.rows[0] as { opened: number }).opened };
  if (recurring.series.length === 0) return summary;
  return {
    ...summary,
    editions: {
      added: editionCounts.added + answer.editions_created,
      updated: editionCounts.updated,
      cancelled: answer.editions_cancelled,
    },
  };
}

async function main(): Promise<void> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    console.error(
      "DATABASE_URL is not set. Use the project's direct Postgres connection string (see the top of scripts/sync-catalog.ts).\nThe local stack syncs the catalog by itself on every start.",
    );
    process.exitCode = 1;
    return;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const summary = await syncCatalog(client);
    console.log(
      `Catalog synced: ${summary.catalogSize} entries, ${summary.inserted} added, ${summary.updated} updated, ${summary.retired} no longer live, ${summary.podsOpened} pods opened.`,
    );
    if (summary.editions) {
      console.log(
        `Recurring editions: ${summary.editions.added} added, ${summary.editions.updated} updated, ${summary.editions.cancelled} cancelled by an override.`,
      );
    }
  } finally {
    await client.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
