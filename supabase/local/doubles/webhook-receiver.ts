/**
 * A webhook endpoint on the local stack, for registering with staff_create_webhook and reading back what the
 * outbox-worker delivered (the only non-https endpoint the database accepts, and only locally):
 *
 *   POST /__webhooks/<name>  any body → 204; the request is recorded as received
 *   GET  /__webhooks/<name>  → [ { headers, body, received_at } ], oldest first (`body` the raw text)
 * Names are 1–64 of A–Z, a–z, 0–9, _ and -. In memory only.
 */
import type { ServiceModule } from '../service.ts';
import { serveWebHandler } from './web-handler.ts';

type Received = { headers: Record<string, string>; body: string; received_at: string };

export function createWebhookReceiver() {
  const received = new Map<string, Received[]>();
  async function handle(request: Request): Promise<Response | null> {
    const name = /^\/__webhooks\/([A-Za-z0-9_-]{1,64})$/.exec(new URL(request.url).pathname)?.[1];
    if (!name) return new Response(JSON.stringify({ error: 'an endpoint is /__webhooks/<name>' }), { status: 404 });
    if (request.method === 'GET')
      return new Response(JSON.stringify(received.get(name) ?? []), { headers: { 'content-type': 'application/json' } });
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'GET, POST' } });
    const entry = { headers: Object.fromEntries(request.headers), body: await request.text(), received_at: new Date().toISOString() };
    received.set(name, [...(received.get(name) ?? []), entry]);
    return new Response(null, { status: 204 });
  }
  return { handle };
}

export const webhookReceiverService: ServiceModule = {
  name: 'webhook-receiver',
  prefix: '/__webhooks',
  create(ctx) {
    const receiver = createWebhookReceiver();
    return { handle: (req, res, url) => serveWebHandler(receiver.handle, ctx.apiUrl, req, res, url) };
  },
};
