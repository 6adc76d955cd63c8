/**
 * Realtime (/realtime/v1/websocket): the Phoenix channel protocol supabase-js speaks, with
 * `postgres_changes` for INSERT, UPDATE and DELETE.
 *
 * Serializers: vsn 1.0.0 frames are JSON objects; vsn 2.0.0 (realtime-js's default) frames are JSON
 * arrays [join_ref, ref, topic, event, payload] (its binary frames carry broadcast, which the local
 * stack does not offer).
 *
 * Changes come from realtime.sql's capture trigger and NOTIFY. Each one is offered to every channel
 * with a matching binding (schema, table, event, filter); for INSERT and UPDATE the row is selected
 * again as the subscriber's role and claims, and only a subscriber whose row-level security returns
 * it gets the event, as hosted Realtime checks RLS per subscriber. DELETE cannot be re-selected, so,
 * like hosted Realtime, it is sent with the primary key only (and only where the filter matched
 * the deleted row). Every event carries only the columns the subscriber's role may select
 * (column-level grants), and a role that may select none of the table's columns gets no event.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { withRequestContext } from '../database.ts';
import type { Service, ServiceModule, StackContext } from '../context.ts';
import { apiKey } from '../http.ts';
import { isApiRole, verifyJwt, type ApiRole, type JwtClaims } from '../keys.ts';

type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

interface Binding {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  table: string;
  filter?: string;
  parsedFilter?: { column: string; op: string; value: string };
}

interface Channel {
  topic: string;
  joinRef: string | null;
  role: ApiRole;
  claims: JwtClaims;
  bindings: Binding[];
}

interface Connection {
  socket: WebSocket;
  vsn: '1.0.0' | '2.0.0';
  apiKeyToken: string;
  channels: Map<string, Channel>;
  /** Messages are handled one at a time, in order, as Phoenix does per socket. */
  queue: Promise<void>;
}

interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

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

const MAX_FRAME_BYTES = 1024 * 1024;
/** As hosted Realtime's per-client channel limit: every change is checked against every channel. */
const MAX_CHANNELS_PER_CONNECTION = 100;

const FILTER = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/;

function parseFilter(filter: string): Binding['parsedFilter'] | null {
  const match = FILTER.exec(filter);
  return match ? { column: match[1], op: match[2], value: match[3] } : null;
}

function compare(actual: unknown, expected: string): number {
  const a = typeof actual === 'number' ? actual : Number(actual);
  const b = Number(expected);
  if (typeof actual === 'number' || (!Number.isNaN(a) && !Number.isNaN(b) && String(actual).trim() !== '')) return a - b;
  return String(actual).localeCompare(expected);
}

export function filterMatches(filter: Binding['parsedFilter'], row: Record<string, unknown> | null): boolean {
  if (!filter) return true;
  if (!row || !(filter.column in row)) return false;
  const value = row[filter.column];
  if (value === null) return false;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (filter.op) {
    case 'eq':
      return text === filter.value;
    case 'neq':
      return text !== filter.value;
    case 'in':
      return filter.value.replace(/^\(|\)$/g, '').split(',').map((s) => s.trim().replace(/^"|"$/g, '')).includes(text);
    case 'lt':
      return compare(value, filter.value) < 0;
    case 'lte':
      return compare(value, filter.value) <= 0;
    case 'gt':
      return compare(value, filter.value) > 0;
    case 'gte':
      return compare(value, filter.value) >= 0;
    default:
      return false;
  }
}

export const realtimeService: ServiceModule = {
  name: 'realtime',
  prefix: '/realtime/v1',
  async create(ctx: StackContext): Promise<Service> {
    const { pg } = ctx;
    // Phoenix frames are small; a bigger one is a client's mistake (ws closes with 1009).
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
    const connections = new Set<Connection>();
    const shapes = new Map<string, TableShape>();
    let nextBindingId = 1;

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

    function encode(conn: Connection, message: Message): string {
      if (conn.vsn === '1.0.0') return JSON.stringify(message);
      return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
    }

    function send(conn: Connection, message: Message) {
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(encode(conn, message));
    }

    function reply(conn: Connection, incoming: Message, status: 'ok' | 'error', response: Record<string, unknown>) {
      send(conn, { join_ref: incoming.join_ref, ref: incoming.ref, topic: incoming.topic, event: 'phx_reply', payload: { status, response } });
    }

    function decode(data: RawData, isBinary: boolean): Message | null {
      if (isBinary) return null;
      const parsed: unknown = JSON.parse(data.toString());
      let message: Message;
      if (Array.isArray(parsed)) {
        const [join_ref, ref, topic, event, payload] = parsed;
        message = { join_ref, ref, topic, event, payload: payload ?? {} };
      } else if (parsed && typeof parsed === 'object') {
        const fields = parsed as Record<string, unknown>;
        message = { join_ref: fields.join_ref ?? null, ref: fields.ref ?? null, topic: fields.topic, event: fields.event, payload: fields.payload ?? {} } as Message;
      } else {
        return null;
      }
      return message;
    }

    async function claimsFor(token: string): Promise<{ role: ApiRole; claims: JwtClaims }> {
      const claims = await verifyJwt(token);
      const role = claims.role ?? 'anon';
      if (!isApiRole(role)) throw new Error(`role "${String(role)}" is not allowed`);
      return { role, claims };
    }

    async function isPublished(schema: string, table: string): Promise<boolean> {
      const { rows } = await pg.query(
        `select 1 from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' and schemaname = $1 and tablename = $2`,
        [schema, table],
      );
      return rows.length > 0;
    }

    async function join(conn: Connection, message: Message) {
      const rawConfig = message.payload.config;
      const config = (rawConfig && typeof rawConfig === 'object' ? rawConfig : {}) as {
        postgres_changes?: { event?: string; schema?: string; table?: string; filter?: string }[];
        presence?: { enabled?: boolean };
        private?: boolean;
      };
      if (config.private) return reply(conn, message, 'error', { reason: 'Private channels are not supported by the local stack' });
      if (!conn.channels.has(message.topic) && conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) {
        return reply(conn, message, 'error', { reason: `Too many channels: at most ${MAX_CHANNELS_PER_CONNECTION} per connection` });
      }
      const requestedChanges: unknown = config.postgres_changes ?? [];
      const isText = (value: unknown) => value === undefined || typeof value === 'string';
      if (
        !Array.isArray(requestedChanges) ||
        !requestedChanges.every((c) => c && typeof c === 'object' && isText(c.event) && isText(c.schema) && isText(c.table) && isText(c.filter))
      ) {
        return reply(conn, message, 'error', { reason: 'postgres_changes must be a list of {event, schema, table, filter} with string values' });
      }
      const token = typeof message.payload.access_token === 'string' ? message.payload.access_token : conn.apiKeyToken;
      let identity: { role: ApiRole; claims: JwtClaims };
      try {
        identity = await claimsFor(token);
      } catch (error) {
        return reply(conn, message, 'error', { reason: `Invalid JWT: ${error instanceof Error ? error.message : String(error)}` });
      }
      const bindings: Binding[] = [];
      const unavailable: string[] = [];
      for (const requested of config.postgres_changes ?? []) {
        const event = (requested.event ?? '*').toUpperCase();
        if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) {
          return reply(conn, message, 'error', { reason: `Invalid postgres_changes event: ${requested.event}` });
        }
        const schema = requested.schema ?? 'public';
        const table = requested.table ?? '*';
        const parsedFilter = requested.filter ? parseFilter(requested.filter) : undefined;
        if (parsedFilter === null) {
          return reply(conn, message, 'error', { reason: `Invalid postgres_changes filter: ${requested.filter} (the local stack supports column=eq|neq|lt|lte|gt|gte|in.value)` });
        }
        if (table === '*' || schema === '*') {
          return reply(conn, message, 'error', { reason: 'Subscribing to every table (table "*") is not supported by the local stack' });
        }
        if (!(await isPublished(schema, table))) unavailable.push(`[schema: ${schema}, table: ${table}, filters: ${requested.filter ?? '[]'}]`);
        bindings.push({ id: nextBindingId++, event: event as Binding['event'], schema, table, filter: requested.filter, parsedFilter });
      }
      await pg.query('select local_realtime.attach_capture_triggers()');
      conn.channels.set(message.topic, { topic: message.topic, joinRef: message.join_ref, ...identity, bindings });
      reply(conn, message, 'ok', {
        postgres_changes: bindings.map((b) => ({
          id: b.id,
          event: b.event,
          schema: b.schema,
          table: b.table,
          ...(b.filter ? { filter: b.filter } : {}),
        })),
      });
      if (config.presence?.enabled) send(conn, { join_ref: message.join_ref, ref: null, topic: message.topic, event: 'presence_state', payload: {} });
      if (bindings.length > 0) {
        const channelName = message.topic.replace(/^realtime:/, '');
        send(conn, {
          join_ref: message.join_ref,
          ref: null,
          topic: message.topic,
          event: 'system',
          payload:
            unavailable.length === 0
              ? { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: channelName }
              : {
                  extension: 'postgres_changes',
                  status: 'error',
                  message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${unavailable.join(', ')}`,
                  channel: channelName,
                },
        });
      }
    }

    function closeChannel(conn: Connection, channel: Channel, reason: string) {
      conn.channels.delete(channel.topic);
      send(conn, {
        join_ref: channel.joinRef,
        ref: null,
        topic: channel.topic,
        event: 'system',
        payload: { extension: 'system', status: 'error', message: reason, channel: channel.topic.replace(/^realtime:/, '') },
      });
      send(conn, { join_ref: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} });
    }

    async function handleMessage(conn: Connection, message: Message) {
      if (typeof message.topic !== 'string' || typeof message.event !== 'string' || !message.payload || typeof message.payload !== 'object' || Array.isArray(message.payload)) {
        if (typeof message.topic === 'string') reply(conn, message, 'error', { reason: 'A message needs a string topic and event and an object payload' });
        return;
      }
      if (message.topic === 'phoenix' && message.event === 'heartbeat') return reply(conn, message, 'ok', {});
      switch (message.event) {
        case 'phx_join':
          return join(conn, message);
        case 'phx_leave': {
          const channel = conn.channels.get(message.topic);
          conn.channels.delete(message.topic);
          reply(conn, message, 'ok', {});
          return send(conn, { join_ref: channel?.joinRef ?? message.join_ref, ref: null, topic: message.topic, event: 'phx_close', payload: {} });
        }
        case 'access_token': {
          const channel = conn.channels.get(message.topic);
          const token = message.payload.access_token;
          if (!channel || typeof token !== 'string') return;
          try {
            Object.assign(channel, await claimsFor(token));
          } catch (error) {
            closeChannel(conn, channel, `Invalid JWT: ${error instanceof Error ? error.message : String(error)}`);
          }
          return;
        }
        case 'broadcast':
        case 'presence':
          return reply(conn, message, 'error', { reason: `${message.event} is not supported by the local stack (postgres_changes only)` });
        default:
          return reply(conn, message, 'error', { reason: `Unknown event ${message.event}` });
      }
    }

    /** Whether the subscriber's own role and claims can select the changed row right now. */
    async function visibleTo(channel: Channel, change: ChangeRow, shape: TableShape): Promise<boolean> {
      if (shape.primaryKey.length === 0 || !change.record) return false;
      const conditions = shape.primaryKey.map((column, i) => `${quote(column)} = $${i + 1}`).join(' and ');
      const values = shape.primaryKey.map((column) => {
        const value = change.record![column];
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
        return readableByRole.get(role)!;
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
          if (change.change_type !== 'INSERT') data.old_record = only(change.old_record, (name) => shape.primaryKey.includes(name) && readable.has(name));
          send(conn, { join_ref: channel.joinRef, ref: null, topic: channel.topic, event: 'postgres_changes', payload: { ids, data } });
        }
      }
    }

    // Changes are processed one batch at a time, in commit order.
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
            ctx.log('realtime', `delivering change ${change.id} failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        if (rows.length) await pg.query('delete from local_realtime.changes where id <= $1', [lastSeen.toString()]);
      });
    }
    const unlisten = await pg.listen('local_realtime_changes', () => drain());

    wss.on('connection', (socket: WebSocket, req: IncomingMessage, token: string) => {
      const url = new URL(req.url ?? '/', ctx.apiUrl);
      const conn: Connection = { socket, vsn: url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0', apiKeyToken: token, channels: new Map(), queue: Promise.resolve() };
      connections.add(conn);
      socket.on('message', (data, isBinary) => {
        let message: Message | null;
        try {
          message = decode(data, isBinary);
        } catch {
          return;
        }
        if (!message) return;
        const next = message;
        conn.queue = conn.queue.then(() => handleMessage(conn, next)).catch((error) => ctx.log('realtime', `message failed: ${String(error)}`));
      });
      socket.on('close', () => connections.delete(conn));
      // A protocol error (oversized frame, bad masking, invalid UTF-8) closes this socket only; unheard,
      // it would end the whole stack.
      socket.on('error', (error) => ctx.log('realtime', `socket closed: ${error.message}`));
    });

    return {
      async handle(_req, res) {
        res.writeHead(426, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Connect to /realtime/v1/websocket with a WebSocket' }));
      },
      upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
        if (url.pathname !== '/realtime/v1/websocket') return false;
        const token = apiKey(req, url);
        verifyJwt(token ?? '')
          .then(() => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, token)))
          .catch(() => {
            socket.end('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nAPI key is missing or invalid\n');
          });
        return true;
      },
      async stop() {
        await unlisten();
        for (const conn of connections) conn.socket.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        await draining.catch(() => {});
      },
    };
  },
};

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
