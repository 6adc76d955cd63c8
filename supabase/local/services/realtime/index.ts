/**
 * Realtime (/realtime/v1/websocket): the Phoenix channel protocol supabase-js speaks (protocol.ts),
 * with `postgres_changes` for INSERT, UPDATE and DELETE: channels and bindings in subscriptions.ts,
 * delivery under each subscriber's role, RLS and column grants in changes.ts.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Service, ServiceModule, StackContext } from '../../context.ts';
import { apiKey } from '../../http.ts';
import { verifyJwt } from '../../keys.ts';
import { startChangeFeed } from './changes.ts';
import { decode, MAX_FRAME_BYTES, reply, type Connection, type Message } from './protocol.ts';
import { join, leave, refreshToken } from './subscriptions.ts';

export const realtimeService: ServiceModule = {
  name: 'realtime',
  prefix: '/realtime/v1',
  async create(ctx: StackContext): Promise<Service> {
    const { pg } = ctx;
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
    const connections = new Set<Connection>();
    let lastBindingId = 0;
    const stopChangeFeed = await startChangeFeed(pg, connections, (message) => ctx.log('realtime', message));

    async function handleMessage(conn: Connection, message: Message) {
      if (
        typeof message.topic !== 'string' ||
        typeof message.event !== 'string' ||
        !message.payload ||
        typeof message.payload !== 'object' ||
        Array.isArray(message.payload)
      ) {
        if (typeof message.topic === 'string')
          reply(conn, message, 'error', { reason: 'A message needs a string topic and event and an object payload' });
        return;
      }
      if (message.topic === 'phoenix' && message.event === 'heartbeat') return reply(conn, message, 'ok', {});
      switch (message.event) {
        case 'phx_join':
          return join(pg, conn, message, () => ++lastBindingId);
        case 'phx_leave':
          return leave(conn, message);
        case 'access_token':
          return refreshToken(conn, message);
        case 'broadcast':
        case 'presence':
          return reply(conn, message, 'error', { reason: `${message.event} is not supported by the local stack (postgres_changes only)` });
        default:
          return reply(conn, message, 'error', { reason: `Unknown event ${message.event}` });
      }
    }

    wss.on('connection', (socket: WebSocket, req: IncomingMessage, token: string) => {
      const url = new URL(req.url ?? '/', ctx.apiUrl);
      const conn: Connection = {
        socket,
        vsn: url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0',
        apiKeyToken: token,
        channels: new Map(),
        queue: Promise.resolve(),
      };
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
        for (const conn of connections) conn.socket.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        await stopChangeFeed();
      },
    };
  },
};
