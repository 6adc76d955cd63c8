/**
 * The bytes a signed-out watcher of a bracket receives over Realtime for a stretch of work, on a throw-away
 * PostgreSQL cluster: the local stack's change capture (supabase/local/realtime.sql: a trigger on every
 * published table records each row change) is switched on for the stretch, and each recorded change is framed
 * as the local Realtime server frames it for an anonymous subscriber (supabase/local/services/realtime/changes.ts:
 * only rows RLS shows the anon role, only the columns it may select, the column list, Phoenix's JSON frame as
 * supabase-js speaks it). Hosted Realtime sends the same payload (schema, table, commit time, type, columns,
 * record, the old row's key); the e2e test brackets-live.spec.ts counts the real frames in a browser.
 *
 * Two watchers are compared: the page's (use-bracket.ts: `bracket_rows`, added matches, entries, the
 * tournament's row), and the one before it, which followed every `matches` change and read get_bracket again
 * after each.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';

/** The cluster's own client (the bench's superuser connection). */
type SqlConnection = pg.Client;

type Binding = { table: string; event: '*' | 'INSERT' | 'UPDATE'; column: 'tournament_id' | 'id' };

/** What use-bracket.ts follows (brackets.api.ts, watchBracket). */
export const PAGE_WATCHER: Binding[] = [
  { table: 'bracket_rows', event: '*', column: 'tournament_id' },
  { table: 'matches', event: 'INSERT', column: 'tournament_id' },
  { table: 'entries', event: '*', column: 'tournament_id' },
  { table: 'tournaments', event: 'UPDATE', column: 'id' },
];

/** What the page followed before it patched its bracket: every change of a match, then get_bracket again. */
export const WHOLE_BRACKET_WATCHER: Binding[] = [
  { table: 'matches', event: '*', column: 'tournament_id' },
  { table: 'entries', event: '*', column: 'tournament_id' },
  { table: 'tournaments', event: 'UPDATE', column: 'id' },
];

type Captured = {
  id: string;
  table_name: string;
  change_type: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  committed_at: Date;
};

/** Records every change of the published tables from now on (the local stack's capture trigger). */
export async function startCapture(client: SqlConnection): Promise<void> {
  await client.query(await readFile(new URL('../../../supabase/local/realtime.sql', import.meta.url), 'utf8'));
  await client.query('select local_realtime.attach_capture_triggers()');
  await client.query('delete from local_realtime.changes');
}

/** Stops recording: the capture triggers go, so later work runs as it did. */
export async function stopCapture(client: SqlConnection): Promise<void> {
  const { rows } = await client.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table from pg_catalog.pg_trigger t
       join pg_catalog.pg_class c on c.oid = t.tgrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where t.tgname = 'local_realtime_capture'`,
  );
  for (const { schema, table } of rows) await client.query(`drop trigger local_realtime_capture on "${schema}"."${table}"`);
}

/** The newest recorded change's id: a mark to measure from. */
export async function captureMark(client: SqlConnection): Promise<string> {
  const { rows } = await client.query<{ id: string | null }>('select max(id)::text as id from local_realtime.changes');
  return rows[0]?.id ?? '0';
}

/**
 * The frames `watcher` receives for the changes recorded after `from` (up to `to`, a later mark) on tournament
 * `tournamentId`, as an anonymous subscriber: their count and bytes, by table.
 */
export async function watcherBytes(
  client: SqlConnection,
  tournamentId: string,
  watcher: Binding[],
  from: string,
  to: string,
): Promise<{ frames: number; bytes: number; byTable: Record<string, number> }> {
  const { rows } = await client.query<Captured>(
    `select id::text, table_name, change_type, record, old_record, committed_at from local_realtime.changes
      where schema_name = 'public' and id > $1 and id <= $2 order by id`,
    [from, to],
  );
  const columnsOf = new Map<string, { name: string; type: string; readable: boolean }[]>();
  const keyOf = new Map<string, string[]>();
  const byTable: Record<string, number> = {};
  let frames = 0;
  let bytes = 0;
  for (const change of rows) {
    const row = change.change_type === 'DELETE' ? change.old_record : change.record;
    const bindings = watcher
      .map((binding, index) => ({ ...binding, index }))
      .filter(
        (b) => b.table === change.table_name && (b.event === '*' || b.event === change.change_type) && row?.[b.column] === tournamentId,
      );
    if (bindings.length === 0) continue;
    if (!columnsOf.has(change.table_name)) {
      const { rows: columns } = await client.query<{ name: string; type: string; readable: boolean }>(
        `select a.attname as name, t.typname as type, has_column_privilege('anon', a.attrelid, a.attnum, 'SELECT') as readable
           from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
          where a.attrelid = format('public.%I', $1::text)::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
        [change.table_name],
      );
      columnsOf.set(change.table_name, columns);
      const { rows: keys } = await client.query<{ name: string }>(
        `select a.attname as name from pg_catalog.pg_index i
           join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = format('public.%I', $1::text)::regclass and i.indisprimary`,
        [change.table_name],
      );
      keyOf.set(
        change.table_name,
        keys.map((k) => k.name),
      );
    }
    const columns = (columnsOf.get(change.table_name) ?? []).filter((column) => column.readable);
    // No readable column (entries, for the anon role): no event at all.
    if (columns.length === 0) continue;
    const key = keyOf.get(change.table_name) ?? [];
    if (change.change_type !== 'DELETE' && row) {
      // RLS as the anonymous subscriber: the row must be visible to it.
      await client.query(`begin; set local role anon`);
      try {
        const where = key.map((name, i) => `"${name}" = $${i + 1}`).join(' and ');
        const { rows: seen } = await client.query(
          `select 1 from public."${change.table_name}" where ${where}`,
          key.map((name) => row[name]),
        );
        if (seen.length === 0) continue;
      } finally {
        await client.query('rollback');
      }
    }
    const readable = new Set(columns.map((column) => column.name));
    const only = (values: Record<string, unknown> | null, keep: (name: string) => boolean) =>
      values ? Object.fromEntries(Object.entries(values).filter(([name]) => keep(name))) : {};
    const data: Record<string, unknown> = {
      schema: 'public',
      table: change.table_name,
      commit_timestamp: new Date(change.committed_at).toISOString(),
      type: change.change_type,
      columns: columns.map(({ name, type }) => ({ name, type })),
      errors: null,
    };
    if (change.change_type !== 'DELETE') data.record = only(change.record, (name) => readable.has(name));
    if (change.change_type !== 'INSERT') data.old_record = only(change.old_record, (name) => key.includes(name) && readable.has(name));
    const frame = JSON.stringify({
      join_ref: '1',
      ref: null,
      topic: `realtime:bracket:${tournamentId}`,
      event: 'postgres_changes',
      payload: { ids: bindings.map((b) => b.index + 1), data },
    });
    const size = Buffer.byteLength(frame);
    frames += 1;
    bytes += size;
    byTable[change.table_name] = (byTable[change.table_name] ?? 0) + size;
  }
  return { frames, bytes, byTable };
}
