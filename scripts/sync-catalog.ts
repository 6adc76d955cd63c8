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
import { TournamentSchema, prizeFormula, type Tournament } from '../src/features/tournaments/tournaments.ts';
import { rupeesToPaise } from '../src/lib/format.ts';
import { matchSettingsToSql } from '../src/lib/match-settings.ts';

/** Anything that runs a parameterised query: a PGlite instance or transaction, a node-postgres client or pool. */
export type Queryable = {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
};

export type SyncSummary = { inserted: number; updated: number; retired: number; catalogSize: number; podsOpened: number };

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
    // lifecycle.md, Check-in: championships from start - 24 h to start - 60 min, quick pods 60 to 15 min.
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
      starts_at timestamptz, prize_formula jsonb, match_settings jsonb
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
    registration_closes_at, starts_at, prize_formula, match_settings
  )
  select id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live,
         registration_closes_at, starts_at, prize_formula, match_settings
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
        match_settings = excluded.match_settings
    where t.pod_number is null
      and (t.title, t.series, t.format, t.entry_fee_paise, t.prize_pool_paise, t.winner_prize_paise,
           t.max_players, t.is_live, t.registration_closes_at, t.starts_at, t.prize_formula, t.match_settings)
          is distinct from
          (excluded.title, excluded.series, excluded.format, excluded.entry_fee_paise, excluded.prize_pool_paise,
           excluded.winner_prize_paise, excluded.max_players, excluded.is_live, excluded.registration_closes_at,
           excluded.starts_at, excluded.prize_formula, excluded.match_settings)
  returning t.id, (t.xmax = 0) as inserted
),
retired as (
  -- Championship editions the catalog no longer lists (and quick entries once synced as tournaments,
  -- before they became series). Pods and local demo rows are not the catalog's.
  update public.tournaments as t
     set is_live = false
   where t.is_live
     and t.pod_number is null
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
 where series = 'championship' and pod_number is null and series_id is distinct from $1
   and exists (select 1 from public.series where id = $1)
`;

/** Brings the series and championship editions in step with the catalog (see the top of this file). */
export async function syncCatalog(db: Queryable, catalog?: Tournament[]): Promise<SyncSummary> {
  const entries = catalog ?? (await readCatalog());
  const { series, editions } = splitCatalog(entries);
  const { rows } = await db.query(SYNC_SQL, [JSON.stringify(series), JSON.stringify(editions)]);
  const counts = rows[0] as { inserted: number; updated: number; retired: number };
  await db.query(LINK_EDITIONS_SQL, [CHAMPIONSHIP_SERIES_ID]);
  const opened = await db.query('select public.service_ensure_open_pods() as opened');
  return { ...counts, catalogSize: entries.length, podsOpened: (opened.rows[0] as { opened: number }).opened };
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
