/**
 * Helpers shared by every service of the local stack: reading bodies, answering JSON, errors that
 * carry their answer, and resolving the caller's role from its key or token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { identify, type ApiRole, type JwtClaims } from './keys.ts';

/** Largest request body the stack reads (uploads are checked against the bucket's own limit). */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

/**
 * A refusal in the service's own error format: the server answers `status` with `body` and
 * `headers`, so a service just throws it from wherever it finds the problem.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(String(body.message ?? body.msg ?? status));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError(`request body larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes a body as UTF-8, refusing invalid bytes (a SyntaxError, like JSON that does not parse). */
export function decodeUtf8(bytes: Buffer): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new SyntaxError('The request body is not valid UTF-8');
  }
}

/** Parses a JSON body; an empty body is `{}` (supabase-js sends none for some POSTs). */
export async function readJson(req: IncomingMessage, limit = 1024 * 1024): Promise<unknown> {
  const raw = decodeUtf8(await readBody(req, limit));
  return raw.trim() === '' ? {} : JSON.parse(raw);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Tabs, newlines and other control characters: never part of a name, path or key a client may send. */
export function hasControlCharacter(text: string): boolean {
  return [...text].some((ch) => ch.charCodeAt(0) <= 0x1f || ch.charCodeAt(0) === 0x7f);
}

export function bearerToken(req: IncomingMessage): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1].trim();
}

export function apiKey(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  return (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined;
}

export interface Caller {
  role: ApiRole;
  claims: JwtClaims;
}

/**
 * Who is calling: the Authorization bearer wins, else the apikey, as with Supabase's gateway
 * (supabase-js always sends both; a signed-out client's bearer is the anon key itself). No key at
 * all answers the gateway's 401; a bad or expired token, or a role outside the API roles, answers
 * what `refuse` makes of it in the service's own format.
 */
export async function resolveCaller(req: IncomingMessage, url: URL, refuse: (error: Error) => HttpError): Promise<Caller> {
  const token = bearerToken(req) ?? apiKey(req, url);
  if (!token)
    throw new HttpError(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  try {
    return await identify(token);
  } catch (error) {
    throw refuse(error as Error);
  }
}
