/**
 * Channels and their `postgres_changes` bindings: joining (who the subscriber is, which tables,
 * events and filters), refreshing the subscriber's token, and closing a channel.
 */
import type { PGlite } from '@electric-sql/pglite';
import { isApiRole, verifyJwt, type ApiRole, type JwtClaims } from '../../keys.ts';
import { push, reply, type Connection, type Message } from './protocol.ts';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';
export type RowFilter = { column: string; op: string; value: string };

export interface Binding {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  table: string;
  filter?: string;
  parsedFilter?: RowFilter;
}

export interface Channel {
  topic: string;
  joinRef: string | null;
  role: ApiRole;
  claims: JwtClaims;
  bindings: Binding[];
}

/** As hosted Realtime's per-client channel limit: every change is checked against every channel. */
const MAX_CHANNELS_PER_CONNECTION = 100;
const FILTER = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/;

function parseFilter(filter: string): RowFilter | null {
  const match = FILTER.exec(filter);
  return match ? { column: match[1], op: match[2], value: match[3] } : null;
}

function compare(actual: unknown, expected: string): number {
  const a = typeof actual === 'number' ? actual : Number(actual);
  const b = Number(expected);
  if (typeof actual === 'number' || (!Number.isNaN(a) && !Number.isNaN(b) && String(actual).trim() !== '')) return a - b;
  return String(actual).localeCompare(expected);
}

export function filterMatches(filter: RowFilter | undefined, row: Record<string, unknown> | null): boolean {
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
      return filter.value
        .replace(/^\(|\)$/g, '')
        .split(',')
        .map((s) => s.trim().replace(/^"|"$/g, ''))
        .includes(text);
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

async function claimsFor(token: string): Promise<{ role: ApiRole; claims: JwtClaims }> {
  const claims = await verifyJwt(token);
  const role = claims.role ?? 'anon';
  if (!isApiRole(role)) throw new Error(`role "${String(role)}" is not allowed`);
  return { role, claims };
}

async function isPublished(pg: PGlite, schema: string, table: string): Promise<boolean> {
  const { rows } = await pg.query(
    `select 1 from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' and schemaname = $1 and tablename = $2`,
    [schema, table],
  );
  return rows.length > 0;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function join(pg: PGlite, conn: Connection, message: Message, nextBindingId: () => number) {
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
    return reply(conn, message, 'error', {
      reason: 'postgres_changes must be a list of {event, schema, table, filter} with string values',
    });
  }
  const token = typeof message.payload.access_token === 'string' ? message.payload.access_token : conn.apiKeyToken;
  let identity: { role: ApiRole; claims: JwtClaims };
  try {
    identity = await claimsFor(token);
  } catch (error) {
    return reply(conn, message, 'error', { reason: `Invalid JWT: ${errorText(error)}` });
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
      return reply(conn, message, 'error', {
        reason: `Invalid postgres_changes filter: ${requested.filter} (the local stack supports column=eq|neq|lt|lte|gt|gte|in.value)`,
      });
    }
    if (table === '*' || schema === '*') {
      return reply(conn, message, 'error', { reason: 'Subscribing to every table (table "*") is not supported by the local stack' });
    }
    if (!(await isPublished(pg, schema, table)))
      unavailable.push(`[schema: ${schema}, table: ${table}, filters: ${requested.filter ?? '[]'}]`);
    bindings.push({ id: nextBindingId(), event: event as Binding['event'], schema, table, filter: requested.filter, parsedFilter });
  }
  await pg.query('select local_realtime.attach_capture_triggers()');
  const channel: Channel = { topic: message.topic, joinRef: message.join_ref, ...identity, bindings };
  conn.channels.set(message.topic, channel);
  reply(conn, message, 'ok', {
    postgres_changes: bindings.map((b) => ({
      id: b.id,
      event: b.event,
      schema: b.schema,
      table: b.table,
      ...(b.filter ? { filter: b.filter } : {}),
    })),
  });
  if (config.presence?.enabled) push(conn, channel, 'presence_state', {});
  if (bindings.length === 0) return;
  const channelName = message.topic.replace(/^realtime:/, '');
  push(
    conn,
    channel,
    'system',
    unavailable.length === 0
      ? { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: channelName }
      : {
          extension: 'postgres_changes',
          status: 'error',
          message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${unavailable.join(', ')}`,
          channel: channelName,
        },
  );
}

export function leave(conn: Connection, message: Message) {
  const channel = conn.channels.get(message.topic);
  conn.channels.delete(message.topic);
  reply(conn, message, 'ok', {});
  push(conn, { topic: message.topic, joinRef: channel?.joinRef ?? message.join_ref }, 'phx_close', {});
}

/** A fresh token for a joined channel (realtime-js sends one after every refresh). */
export async function refreshToken(conn: Connection, message: Message) {
  const channel = conn.channels.get(message.topic);
  const token = message.payload.access_token;
  if (!channel || typeof token !== 'string') return;
  try {
    Object.assign(channel, await claimsFor(token));
  } catch (error) {
    closeChannel(conn, channel, `Invalid JWT: ${errorText(error)}`);
  }
}

export function closeChannel(conn: Connection, channel: Channel, reason: string) {
  conn.channels.delete(channel.topic);
  push(conn, channel, 'system', {
    extension: 'system',
    status: 'error',
    message: reason,
    channel: channel.topic.replace(/^realtime:/, ''),
  });
  push(conn, channel, 'phx_close', {});
}
