/**
 * A realtime connection: its socket, protocol version and channels (with their `postgres_changes`
 * bindings), and the Phoenix frames read from and written to it.
 */
import type { RawData, WebSocket } from 'ws';
import type { ApiRole, JwtClaims } from '../../keys.ts';

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

export interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export interface Connection {
  socket: WebSocket;
  vsn: '1.0.0' | '2.0.0';
  apiKeyToken: string;
  channels: Map<string, Channel>;
  /** Messages are handled one at a time, in order, as Phoenix does per socket. */
  queue: Promise<void>;
}

export function decode(data: RawData, isBinary: boolean): Message | null {
  if (isBinary) return null;
  const parsed: unknown = JSON.parse(data.toString());
  if (Array.isArray(parsed)) {
    const [join_ref, ref, topic, event, payload] = parsed;
    return { join_ref, ref, topic, event, payload: payload ?? {} };
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { join_ref = null, ref = null, topic, event, payload = {} } = parsed as Message;
  return { join_ref, ref, topic, event, payload: payload ?? {} };
}

function send(conn: Connection, message: Message) {
  const { join_ref, ref, topic, event, payload } = message;
  if (conn.socket.readyState !== conn.socket.OPEN) return;
  conn.socket.send(JSON.stringify(conn.vsn === '1.0.0' ? message : [join_ref, ref, topic, event, payload]));
}

export function reply(conn: Connection, incoming: Message, status: 'ok' | 'error', response: Record<string, unknown>) {
  send(conn, { join_ref: incoming.join_ref, ref: incoming.ref, topic: incoming.topic, event: 'phx_reply', payload: { status, response } });
}

/** A message the server pushes on a channel (no ref: it answers nothing). */
export function push(
  conn: Connection,
  channel: { topic: string; joinRef: string | null },
  event: string,
  payload: Record<string, unknown>,
) {
  send(conn, { join_ref: channel.joinRef, ref: null, topic: channel.topic, event, payload });
}
