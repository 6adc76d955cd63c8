/**
 * Runs a double written against web Requests and Responses (so Deno tests can call it in-process) as a
 * service of the local stack: Node's request becomes a web Request, the Response is written back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http.ts';

export async function serveWebHandler(
  handle: (request: Request) => Promise<Response | null>,
  apiUrl: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const request = new Request(new URL(url.pathname + url.search, apiUrl), {
    method: req.method,
    headers,
    body: hasBody ? new Uint8Array(await readBody(req, 1024 * 1024)) : undefined,
  });
  const response = (await handle(request)) ?? new Response(null, { status: 404 });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * One page of a provider's list, as Razorpay and RazorpayX answer `GET` on a collection: items created
 * between `from` and `to` (unix seconds, both ends included), newest first, `count` of them (10 unless
 * asked, at most 100) after `skip`.
 */
export function listPage<T extends { created_at: number }>(
  items: Iterable<T>,
  params: URLSearchParams,
): { entity: 'collection'; count: number; items: T[] } {
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(name) ?? fallback);
    return Number.isFinite(value) ? value : fallback;
  };
  const from = number('from', 0);
  const to = number('to', Number.MAX_SAFE_INTEGER);
  const count = Math.min(Math.max(number('count', 10), 1), 100);
  const skip = Math.max(number('skip', 0), 0);
  const page = [...items]
    .filter((item) => item.created_at >= from && item.created_at <= to)
    .sort((a, b) => b.created_at - a.created_at)
    .slice(skip, skip + count);
  return { entity: 'collection', count: page.length, items: page };
}
