/**
 * The Phoenix channel protocol realtime-js speaks. vsn 1.0.0 frames are JSON objects; vsn 2.0.0
 * (realtime-js's default) frames are JSON arrays [join_ref, ref, topic, event, payload] (its binary
 * frames carry broadcast, which the local stack does not offer).
 */
import type { RawData, WebSocket } from 'ws';
import type { Channel } from './subscriptions.ts';

/** Phoenix frames are small; a bigger one is a client's mistake (ws closes with 1009). */
export const MAX_FRAME_BYTES = 1024 * 1024;

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

function encode(conn: Connection, message: Message): string {
  if (conn.vsn === '1.0.0') return JSON.stringify(message);
  return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
}

export function decode(data: RawData, isBinary: boolean): Message | null {
  if (isBinary) return null;
  const parsed: unknown = JSON.parse(data.toString());
  if (Array.isArray(parsed)) {
    const [join_ref, ref, topic, event, payload] = parsed;
    return { join_ref, ref, topic, event, payload: payload ?? {} };
  }
  if (parsed && typeof parsed === 'object') {
    const fields = parsed as Record<string, unknown>;
    return {
      join_ref: fields.join_ref ?? null,
      ref: fields.ref ?? null,
      topic: fields.topic,
      event: fields.event,
      payload: fields.payload ?? {},
    } as Message;
  }
  return null;
}

export function send(conn: Connection, message: Message) {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(encode(conn, message));
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
