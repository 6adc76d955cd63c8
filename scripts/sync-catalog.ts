/**
 * Catalog sync: copies the money and capacity facts of the tournament catalog (src/content/tournaments/*.json)
 * into the `tournaments` table, which payments trust. The catalog is the only place tournaments are edited;
 * this script is the only way they reach the database, so the two can never disagree silently.
 *
 * - Every entry is validated with the site's own TournamentSchema; one invalid file stops the sync.
 * - Every entry is upserted (rupees become paise). `filled_slots` is never touched: it counts confirmed
 *   payments. A row whose values already match is left alone, so running twice changes nothing.
 * - A row whose catalog file was deleted is marked not live, never deleted: payments reference it.
 * - It is one SQL statement, so a sync applies entirely or not at all. Lowering maxPlayers below the
 *   slots already sold fails on the table's capacity constraint instead of overbooking.
 *
 * Local: the local stack calls {@link syncCatalog} on every start.
 * Production: after `supabase db push`, and whenever the catalog changes, run
 *   DATABASE_URL='postgresql://postgres:<password>@db.<project-ref>.supabase.co:5432/postgres' npm run catalog:sync
 * (the project's direct connection string, from the dashboard's "Connect" panel). Runs under Node 24, which
 * strips the TypeScript types: `node scripts/sync-catalog.ts`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TournamentSchema, type Tournament } from '../src/features/tournaments/tournaments.ts';
import { rupeesToPaise } from '../src/lib/format.ts';

/** Anything that runs a parameterised query: a PGlite instance or transaction, a node-postgres client or pool. */
export type Queryable = {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
};

export type SyncSummary = { inserted: number; updated: number; retired: number; catalogSize: number };

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
};

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
  };
}

/** Reads and validates every catalog file. The file name (without .json) must equal the entry's id. */
export async function readCatalog(dir = CATALOG_DIR): Promise<Tournament[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = TournamentSchema.safeParse(JSON.parse(await readFile(path.join(dir, file), 'utf8')));
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; ');
        throw new Error(`Invalid catalog entry ${file}: ${problems}`);
      }
      if (`${parsed.data.id}.json` !== file) throw new Error(`Catalog entry ${file} has id "${parsed.data.id}"; they must match`);
      return parsed.data;
    }),
  );
}

// One statement: upsert what the catalog has, retire what it no longer has, report the counts.
// `xmax = 0` tells a freshly inserted row from an updated one.
const SYNC_SQL = `
with catalog as (
  select *
    from jsonb_to_recordset($1::jsonb) as c(
      id text, title text, series text, format text, entry_fee_paise integer, prize_pool_paise integer,
      winner_prize_paise integer, max_players integer, is_live boolean, registration_closes_at timestamptz,
      starts_at timestamptz
    )
),
upserted as (
  insert into public.tournaments as t (
    id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live,
    registration_closes_at, starts_at
  )
  select id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players, is_live,
         registration_closes_at, starts_at
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
        starts_at = excluded.starts_at
    where (t.title, t.series, t.format, t.entry_fee_paise, t.prize_pool_paise, t.winner_prize_paise,
           t.max_players, t.is_live, t.registration_closes_at, t.starts_at)
          is distinct from
          (excluded.title, excluded.series, excluded.format, excluded.entry_fee_paise, excluded.prize_pool_paise,
           excluded.winner_prize_paise, excluded.max_players, excluded.is_live, excluded.registration_closes_at,
           excluded.starts_at)
  returning t.id, (t.xmax = 0) as inserted
),
retired as (
  update public.tournaments as t
     set is_live = false
   where t.is_live
     and not exists (select 1 from catalog as c where c.id = t.id)
  returning t.id
)
select (select count(*) from upserted where inserted)::integer as inserted,
       (select count(*) from upserted where not inserted)::integer as updated,
       (select count(*) from retired)::integer as retired
`;

/** Brings the tournaments table in step with the catalog (see the top of this file). */
export async function syncCatalog(db: Queryable, catalog?: Tournament[]): Promise<SyncSummary> {
  const entries = catalog ?? (await readCatalog());
  const { rows } = await db.query(SYNC_SQL, [JSON.stringify(entries.map(toTournamentRow))]);
  const counts = rows[0] as { inserted: number; updated: number; retired: number };
  return { ...counts, catalogSize: entries.length };
}

async function main(): Promise<void> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    console.error('DATABASE_URL is not set. Use the project\'s direct Postgres connection string (see the top of scripts/sync-catalog.ts).\nThe local stack syncs the catalog by itself on every start.');
    process.exitCode = 1;
    return;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const summary = await syncCatalog(client);
    console.log(
      `Catalog synced: ${summary.catalogSize} entries, ${summary.inserted} added, ${summary.updated} updated, ${summary.retired} no longer live.`,
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
