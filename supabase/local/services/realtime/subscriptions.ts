/**
 * Channels and their `postgres_changes` bindings: joining (who the subscriber is, which tables,
 * events and filters), refreshing the subscriber's token, and closing a channel.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type ApiRole, identify, type JwtClaims } from '../../keys.ts';
import { type Binding, type Channel, type Connection, type Message, push, reply, type RowFilter } from './connection.ts';

/** As hosted Realtime's per-client channel limit: every change is checked against every channel. */
const MAX_CHANNELS_PER_CONNECTION = 100;
const FILTER = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/;

function parseFilter(filter: string): RowFilter | null {
  const match = FILTER.exec(filter);
  return match ? { column: match[1], op: match[2], value: match[3] } : null;
}

/** Orders a row's value against a filter's text: as numbers when both read as numbers, else as text. */
function compare(actual: unknown, expected: string): number {
  const [a, b] = [Number(actual), Number(expected)];
  if (typeof actual === 'number' || (!Number.isNaN(a) && !Number.isNaN(b) && String(actual).trim() !== '')) return a - b;
  return String(actual).localeCompare(expected);
}

const FILTER_OPERATORS: Record<string, (value: unknown, text: string, expected: string) => boolean> = {
  eq: (_, text, expected) => text === expected,
  neq: (_, text, expected) => text !== expected,
  in: (_, text, expected) =>
    expected
      .replace(/^\(|\)$/g, '')
      .split(',')
      .some((item) => item.trim().replace(/^"|"$/g, '') === text),
  lt: (value, _, expected) => compare(value, expected) < 0,
  lte: (value, _, expected) => compare(value, expected) <= 0,
  gt: (value, _, expected) => compare(value, expected) > 0,
  gte: (value, _, expected) => compare(value, expected) >= 0,
};

export function filterMatches(filter: RowFilter | undefined, row: Record<string, unknown> | null): boolean {
  if (!filter) return true;
  const value = row?.[filter.column];
  if (value === null || value === undefined) return false;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FILTER_OPERATORS[filter.op]?.(value, text, filter.value) ?? false;
}

async function isPublished(pg: PGlite, schema: string, table: string): Promise<boolean> {
  const { rows } = await pg.query(
    `select 1 from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' and schemaname = $1 and tablename = $2`,
    [schema, table],
  );
  return rows.length > 0;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

type RequestedChange = { event?: string; schema?: string; table?: string; filter?: string };
const isText = (value: unknown) => value === undefined || typeof value === 'string';

/** One requested binding, or why it is refused. */
function bindingFor(requested: RequestedChange, id: () => number): Binding | string {
  const event = (requested.event ?? '*').toUpperCase();
  if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) return `Invalid postgres_changes event: ${requested.event}`;
  const { schema = 'public', table = '*', filter } = requested;
  const parsedFilter = filter ? parseFilter(filter) : undefined;
  if (parsedFilter === null)
    return `Invalid postgres_changes filter: ${filter} (the local stack supports column=eq|neq|lt|lte|gt|gte|in.value)`;
  if (table === '*' || schema === '*') return 'Subscribing to every table (table "*") is not supported by the local stack';
  return { id: id(), event: event as Binding['event'], schema, table, filter, parsedFilter };
}

export async function join(pg: PGlite, conn: Connection, message: Message, nextBindingId: () => number) {
  const refuse = (reason: string) => reply(conn, message, 'error', { reason });
  const rawConfig = message.payload.config;
  const config = (rawConfig && typeof rawConfig === 'object' ? rawConfig : {}) as {
    postgres_changes?: unknown;
    presence?: { enabled?: boolean };
    private?: boolean;
  };
  if (config.private) return refuse('Private channels are not supported by the local stack');
  if (!conn.channels.has(message.topic) && conn.channels.size >= MAX_CHANNELS_PER_CONNECTION)
    return refuse(`Too many channels: at most ${MAX_CHANNELS_PER_CONNECTION} per connection`);
  const requestedChanges = config.postgres_changes ?? [];
  if (
    !Array.isArray(requestedChanges) ||
    !requestedChanges.every((c) => c && typeof c === 'object' && isText(c.event) && isText(c.schema) && isText(c.table) && isText(c.filter))
  )
    return refuse('postgres_changes must be a list of {event, schema, table, filter} with string values');
  const token = typeof message.payload.access_token === 'string' ? message.payload.access_token : conn.apiKeyToken;
  let identity: { role: ApiRole; claims: JwtClaims };
  try {
    identity = await identify(token);
  } catch (error) {
    return refuse(`Invalid JWT: ${errorText(error)}`);
  }
  const bindings: Binding[] = [];
  const unavailable: string[] = [];
  for (const requested of requestedChanges as RequestedChange[]) {
    const binding = bindingFor(requested, nextBindingId);
    if (typeof binding === 'string') return refuse(binding);
    if (!(await isPublished(pg, binding.schema, binding.table)))
      unavailable.push(`[schema: ${binding.schema}, table: ${binding.table}, filters: ${binding.filter ?? '[]'}]`);
    bindings.push(binding);
  }
  await pg.query('select local_realtime.attach_capture_triggers()');
  const channel: Channel = { topic: message.topic, joinRef: message.join_ref, ...identity, bindings };
  conn.channels.set(message.topic, channel);
  const postgresChanges = bindings.map(({ id, event, schema, table, filter }) => ({
    id,
    event,
    schema,
    table,
    ...(filter ? { filter } : {}),
  }));
  reply(conn, message, 'ok', { postgres_changes: postgresChanges });
  if (config.presence?.enabled) push(conn, channel, 'presence_state', {});
  if (bindings.length === 0) return;
  const subscribed = unavailable.length === 0;
  push(conn, channel, 'system', {
    extension: 'postgres_changes',
    status: subscribed ? 'ok' : 'error',
    message: subscribed
      ? 'Subscribed to PostgreSQL'
      : `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${unavailable.join(', ')}`,
    channel: message.topic.replace(/^realtime:/, ''),
  });
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
    Object.assign(channel, await identify(token));
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
