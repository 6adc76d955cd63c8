/**
 * PostgREST's answers: JSON arrays, or one object under its single-object Accept header, with nulls
 * stripped when asked; and the request's own preferences (`Prefer`) and JSON body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeUtf8, readBody } from '../../http.ts';
import { restErrors } from './errors.ts';

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

function wantsSingleObject(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').startsWith(SINGLE_OBJECT);
}

export function stripsNulls(req: IncomingMessage): boolean {
  return /nulls=stripped/.test(req.headers.accept ?? '');
}

export function preferences(req: IncomingMessage): Map<string, string> {
  const prefer = new Map<string, string>();
  for (const part of String(req.headers.prefer ?? '').split(/[,;]/)) {
    const [key, value] = part.trim().split('=');
    if (key) prefer.set(key, value ?? '');
  }
  return prefer;
}

export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  return value;
}

/** Sends a JSON array result, as an object when the single-object Accept header asked for one. */
export function sendRows(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  rowsJson: string,
  headers: Record<string, string> = {},
) {
  let body: unknown = JSON.parse(rowsJson);
  if (wantsSingleObject(req)) {
    const rows = body as unknown[];
    if (rows.length !== 1) throw restErrors.singular(rows.length);
    body = rows[0];
  }
  if (stripsNulls(req)) body = withoutNulls(body);
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': `${wantsSingleObject(req) ? SINGLE_OBJECT : 'application/json'}; charset=utf-8`, ...headers });
  res.end(req.method === 'HEAD' ? undefined : text);
}

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  let raw: string;
  try {
    raw = decodeUtf8(await readBody(req));
  } catch (error) {
    if (error instanceof SyntaxError) throw restErrors.invalidBody(error.message);
    throw error;
  }
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw restErrors.invalidBody(`Empty or invalid json${error instanceof Error ? `: ${error.message}` : ''}`);
  }
}
