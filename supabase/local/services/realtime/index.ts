/**
 * Realtime (/realtime/v1/websocket): the Phoenix channel protocol realtime-js speaks, with
 * `postgres_changes` for INSERT, UPDATE and DELETE: channels and bindings in subscriptions.ts,
 * delivery under each subscriber's role, RLS and column grants in changes.ts.
 *
 * vsn 1.0.0 frames are JSON objects; vsn 2.0.0 (realtime-js's default) frames are JSON arrays
 * [join_ref, ref, topic, event, payload] (its binary frames carry broadcast, which the stack does not offer).
 */
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { apiKey } from '../../http.ts';
import { verifyJwt } from '../../keys.ts';
import type { ServiceModule } from '../../service.ts';
import { startChangeFeed } from './changes.ts';
import { type Connection, decode, type Message, reply } from './connection.ts';
import { join, leave, refreshToken } from './subscriptions.ts';

/** Phoenix frames are small; a bigger one is a client's mistake (ws closes with 1009). */
const MAX_FRAME_BYTES = 1024 * 1024;

export const realtimeService: ServiceModule = {
  name: 'realtime',
  prefix: '/realtime/v1',
  async create(ctx) {
    const { pg } = ctx;
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
    const connections = new Set<Connection>();
    let lastBindingId = 0;
    const stopChangeFeed = await startChangeFeed(pg, connections, (message) => ctx.log('realtime', message));

    async function handleMessage(conn: Connection, message: Message) {
      const { topic, event, payload } = message;
      if (typeof topic !== 'string' || typeof event !== 'string' || !payload || typeof payload !== 'object' || Array.isArray(payload)) {
        if (typeof topic === 'string')
          reply(conn, message, 'error', { reason: 'A message needs a string topic and event and an object payload' });
        return;
      }
      if (topic === 'phoenix' && event === 'heartbeat') return reply(conn, message, 'ok', {});
      if (event === 'phx_join') return join(pg, conn, message, () => ++lastBindingId);
      if (event === 'phx_leave') return leave(conn, message);
      if (event === 'access_token') return refreshToken(conn, message);
      if (event === 'broadcast' || event === 'presence')
        return reply(conn, message, 'error', { reason: `${event} is not supported by the local stack (postgres_changes only)` });
      reply(conn, message, 'error', { reason: `Unknown event ${event}` });
    }

    wss.on('connection', (socket: WebSocket, vsn: Connection['vsn'], token: string) => {
      const conn: Connection = { socket, vsn, apiKeyToken: token, channels: new Map(), queue: Promise.resolve() };
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
        conn.queue = conn.queue
          .then(() => handleMessage(conn, next))
          .catch((error) => ctx.log('realtime', `message failed: ${String(error)}`));
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
      upgrade(req, socket, head, url) {
        if (url.pathname !== '/realtime/v1/websocket') return false;
        const token = apiKey(req, url) ?? '';
        const vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
        verifyJwt(token)
          .then(() => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, vsn, token)))
          .catch(() =>
            socket.end('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nAPI key is missing or invalid\n'),
          );
        return true;
      },
      async stop() {
        for (const conn of connections) conn.socket.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        await stopChangeFeed();
      },
    };
  },
};
