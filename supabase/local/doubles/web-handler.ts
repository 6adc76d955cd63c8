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
