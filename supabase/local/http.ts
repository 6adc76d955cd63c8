/**
 * Small helpers shared by every service of the local stack: reading bodies, answering JSON,
 * CORS like Supabase's gateway, and resolving the caller's role from its key or token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OriginVerdict } from './origins.ts';
import { ANON_KEY, InvalidJwtError, isApiRole, verifyJwt, type ApiRole, type JwtClaims } from './keys.ts';

/** Largest request body the stack reads (uploads are checked against the bucket's own limit). */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

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
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = decodeUtf8(await readBody(req, 1024 * 1024));
  if (raw.trim() === '') return {};
  return JSON.parse(raw);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status = 204, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

const EXPOSED_HEADERS = 'content-range, content-length, content-type, etag, x-supabase-api-version, location';

/**
 * CORS for the site's own origins only (origins.ts decides which): the site on :4321 calls the
 * stack on :54321. A foreign origin gets no Access-Control-Allow-Origin, so its page cannot read
 * any answer; a request without an Origin header is no browser's cross-origin call and needs none.
 */
export function applyCors(res: ServerResponse, verdict: OriginVerdict): void {
  res.setHeader('vary', 'Origin');
  if (verdict.kind !== 'allowed') return;
  res.setHeader('access-control-allow-origin', verdict.origin);
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
}

/** Tabs, newlines and other control characters: never part of a name, path or key a client may send. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse, verdict: OriginVerdict): void {
  if (verdict.kind === 'foreign') {
    sendJson(res, 403, { message: `Origin ${verdict.origin} is not allowed to call the local stack` });
    return;
  }
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(200, {
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers':
      requested ??
      'authorization, x-client-info, apikey, content-type, prefer, accept, accept-profile, content-profile, x-upsert, range, x-supabase-api-version, cache-control, x-metadata',
    'access-control-max-age': '3600',
    'content-length': '0',
  });
  res.end();
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : undefined;
}

export function apiKey(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  const value = Array.isArray(header) ? header[0] : header;
  return value ?? url.searchParams.get('apikey') ?? undefined;
}

export interface Caller {
  role: ApiRole;
  claims: JwtClaims;
  token: string;
}

export class MissingApiKeyError extends Error {}
export class RoleNotAllowedError extends Error {}

/**
 * Who is calling: the Authorization bearer wins, else the apikey, as with Supabase's gateway
 * (supabase-js always sends both; a signed-out client's bearer is the anon key itself).
 * Throws InvalidJwtError for a bad or expired token, MissingApiKeyError when there is none.
 */
export async function resolveCaller(req: IncomingMessage, url: URL): Promise<Caller> {
  const token = bearerToken(req) ?? apiKey(req, url);
  if (!token) throw new MissingApiKeyError('No API key found in request');
  const claims = await verifyJwt(token);
  const role = claims.role ?? 'anon';
  if (!isApiRole(role)) throw new RoleNotAllowedError(`role "${String(role)}" is not allowed by the local stack`);
  return { role, claims, token };
}

/** The gateway's answer when a request carries neither an apikey nor a bearer token. */
export function sendMissingApiKey(res: ServerResponse): void {
  sendJson(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
}

export { InvalidJwtError, ANON_KEY };
