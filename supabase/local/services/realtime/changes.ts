/**
 * `postgres_changes` delivery. Changes come from realtime.sql's capture trigger and NOTIFY, and are
 * processed one batch at a time, in commit order. Each is offered to every channel with a matching
 * binding (schema, table, event, filter); for INSERT and UPDATE the row is selected again as the
 * subscriber's role and claims, and only a subscriber whose row-level security returns it gets the
 * event, as hosted Realtime checks RLS per subscriber. DELETE cannot be re-selected, so, like hosted
 * Realtime, it is sent with the primary key only (and only where the filter matched the deleted row).
 * Every event carries only the columns the subscriber's role may select (column-level grants), and
 * a role that may select none of the table's columns gets no event.
 */
import type { PGlite } from '@electric-sql/pglite';
import { withRequestContext } from '../../database.ts';
import type { ApiRole } from '../../keys.ts';
import { type Channel, type ChangeType, type Connection, push } from './connection.ts';
import { closeChannel, filterMatches } from './subscriptions.ts';

interface ChangeRow {
  id: string;
  schema_name: string;
  table_name: string;
  change_type: ChangeType;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  committed_at: Date;
}

interface TableShape {
  columns: { name: string; type: string }[];
  primaryKey: string[];
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Starts listening for captured changes and delivering them to `connections`; returns `stop`. */
export async function startChangeFeed(
  pg: PGlite,
  connections: Set<Connection>,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  const shapes = new Map<string, TableShape>();
  await pg.query('select local_realtime.attach_capture_triggers()');
  // Changes left from a previous run had no subscribers then and have none now.
  await pg.query('delete from local_realtime.changes');

  async function tableShape(schema: string, table: string): Promise<TableShape> {
    const key = `${schema}.${table}`;
    const cached = shapes.get(key);
    if (cached) return cached;
    const { rows: columns } = await pg.query<{ name: string; type: string }>(
      `select a.attname as name, t.typname as type
       from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
       where a.attrelid = format('%I.%I', $1::text, $2::text)::regclass and a.attnum > 0 and not a.attisdropped
       order by a.attnum`,
      [schema, table],
    );
    const { rows: keys } = await pg.query<{ name: string }>(
      `select a.attname as name from pg_catalog.pg_index i
       join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = format('%I.%I', $1::text, $2::text)::regclass and i.indisprimary`,
      [schema, table],
    );
    const shape = { columns, primaryKey: keys.map((k) => k.name) };
    shapes.set(key, shape);
    return shape;
  }

  /** Whether the subscriber's own role and claims can select the changed row right now. */
  async function visibleTo(channel: Channel, change: ChangeRow, shape: TableShape): Promise<boolean> {
    const record = change.record;
    if (shape.primaryKey.length === 0 || !record) return false;
    const conditions = shape.primaryKey.map((column, i) => `${quote(column)} = $${i + 1}`).join(' and ');
    const values = shape.primaryKey.map((column) => {
      const value = record[column];
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
    });
    try {
      const { rows } = await withRequestContext(pg, { role: channel.role, claims: channel.claims }, (tx) =>
        tx.query(`select 1 from ${quote(change.schema_name)}.${quote(change.table_name)} where ${conditions}`, values),
      );
      return rows.length > 0;
    } catch {
      return false; // no privilege on the table: not visible
    }
  }

  /** The columns `role` may select on the table, column-level grants included (none: no access). */
  async function selectableColumns(role: ApiRole, schema: string, table: string): Promise<Set<string>> {
    const { rows } = await pg.query<{ name: string }>(
      `select a.attname as name from pg_catalog.pg_attribute a
       where a.attrelid = format('%I.%I', $2::text, $3::text)::regclass and a.attnum > 0 and not a.attisdropped
         and has_column_privilege($1::text, a.attrelid, a.attnum, 'SELECT')`,
      [role, schema, table],
    );
    return new Set(rows.map((row) => row.name));
  }

  async function deliver(change: ChangeRow) {
    const shape = await tableShape(change.schema_name, change.table_name);
    // Asked once per role for this change: a subscriber only ever sees the columns its role may select.
    const readableByRole = new Map<ApiRole, Promise<Set<string>>>();
    const readableFor = (role: ApiRole) => {
      if (!readableByRole.has(role)) readableByRole.set(role, selectableColumns(role, change.schema_name, change.table_name));
      return readableByRole.get(role) as Promise<Set<string>>;
    };
    const only = (row: Record<string, unknown> | null, names: (name: string) => boolean) =>
      row ? Object.fromEntries(Object.entries(row).filter(([name]) => names(name))) : {};
    const now = Math.floor(Date.now() / 1000);
    for (const conn of connections) {
      for (const channel of [...conn.channels.values()]) {
        if (typeof channel.claims.exp === 'number' && channel.claims.exp <= now) {
          // As hosted Realtime does: an expired token ends the channel until the client sends a fresh one.
          closeChannel(conn, channel, 'Token has expired');
          continue;
        }
        const candidates = channel.bindings.filter(
          (b) => b.schema === change.schema_name && b.table === change.table_name && (b.event === '*' || b.event === change.change_type),
        );
        if (candidates.length === 0) continue;
        const readable = await readableFor(channel.role);
        // No readable column: the role has no access to the table, so not even a DELETE's key goes out.
        if (readable.size === 0) continue;
        const ids = candidates
          // A filter on a column the subscriber cannot read would let it probe that column's values.
          .filter((b) => !b.parsedFilter || readable.has(b.parsedFilter.column))
          .filter((b) => filterMatches(b.parsedFilter, change.change_type === 'DELETE' ? change.old_record : change.record))
          .map((b) => b.id);
        if (ids.length === 0) continue;
        if (change.change_type !== 'DELETE' && !(await visibleTo(channel, change, shape))) continue;
        const data: Record<string, unknown> = {
          schema: change.schema_name,
          table: change.table_name,
          commit_timestamp: new Date(change.committed_at).toISOString(),
          type: change.change_type,
          columns: shape.columns.filter((column) => readable.has(column.name)),
          errors: null,
        };
        if (change.change_type !== 'DELETE') data.record = only(change.record, (name) => readable.has(name));
        if (change.change_type !== 'INSERT')
          data.old_record = only(change.old_record, (name) => shape.primaryKey.includes(name) && readable.has(name));
        push(conn, channel, 'postgres_changes', { ids, data });
      }
    }
  }

  let lastSeen = 0n;
  let draining: Promise<void> = Promise.resolve();
  function drain() {
    draining = draining.then(async () => {
      const { rows } = await pg.query<ChangeRow>('select * from local_realtime.changes where id > $1 order by id', [lastSeen.toString()]);
      for (const change of rows) {
        lastSeen = BigInt(change.id);
        try {
          await deliver(change);
        } catch (error) {
          log(`delivering change ${change.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (rows.length) await pg.query('delete from local_realtime.changes where id <= $1', [lastSeen.toString()]);
    });
  }
  const unlisten = await pg.listen('local_realtime_changes', () => drain());
  return async () => {
    await unlisten();
    await draining.catch(() => {});
  };
}
