/**
 * Uploads (POST to create, PUT to replace, `x-upsert` to either). As in Supabase Storage, the
 * bucket's own limits (file_size_limit, allowed_mime_types) are checked first, then the
 * storage.objects row is written in a transaction as the caller's role, so the bucket's
 * row-level-security policies decide who may write what; the file is only kept when that
 * transaction commits.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { BodyTooLargeError, type Caller, hasControlCharacter, MAX_BODY_BYTES, readBody, sendJson } from '../../http.ts';
import { type BucketStore, storageError, storageErrors } from './buckets.ts';

/** Keys as Supabase Storage accepts them: no empty segments, no `.`/`..`, no control characters. */
function validKey(key: string): boolean {
  if (key === '' || key.startsWith('/') || key.length > 1024 || hasControlCharacter(key) || key.includes('\\')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The bucket's allowed_mime_types, where `image/*` allows every image type. */
function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  const base = mime.split(';')[0].trim().toLowerCase();
  const matches = (pattern: string) => (pattern.endsWith('/*') ? base.startsWith(pattern.slice(0, -1)) : base === pattern);
  return !allowed?.length || allowed.some((pattern) => matches(pattern.toLowerCase()));
}

interface UploadedFile {
  bytes: Buffer;
  mimeType: string;
  cacheControl: string;
}

/** Reads the upload as supabase-js sends it: multipart form data for Blobs/Files, a raw body otherwise. */
async function readUpload(req: IncomingMessage, raw: Buffer): Promise<UploadedFile> {
  const contentType = req.headers['content-type'] ?? 'application/octet-stream';
  if (contentType.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Request('http://local/upload', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(raw),
      }).formData();
    } catch {
      throw storageErrors.badBody('The multipart form data could not be read');
    }
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (!file) throw storageErrors.badBody('No file was sent in the request');
    const cacheControl = form.get('cacheControl');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimeType: file.type || 'text/plain;charset=UTF-8',
      cacheControl: `max-age=${typeof cacheControl === 'string' ? cacheControl : '3600'}`,
    };
  }
  return { bytes: raw, mimeType: contentType, cacheControl: String(req.headers['cache-control'] ?? 'max-age=3600') };
}

export async function upload(
  store: BucketStore,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  bucketId: string,
  key: string,
  method: string,
) {
  if (!validKey(key)) throw storageErrors.invalidKey(key);
  const target = await store.bucket(bucketId);
  const limit = target.file_size_limit === null ? MAX_BODY_BYTES : Math.min(Number(target.file_size_limit), MAX_BODY_BYTES);
  let raw: Buffer;
  try {
    // Multipart framing adds a little around the file; the file itself is checked exactly below.
    raw = await readBody(req, limit + 64 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw storageErrors.tooLarge();
    throw error;
  }
  const file = await readUpload(req, raw);
  if (file.bytes.length > limit) throw storageErrors.tooLarge();
  if (!mimeAllowed(file.mimeType, target.allowed_mime_types))
    throw storageError(415, 'invalid_mime_type', `mime type ${file.mimeType} is not supported`);

  const upsert = method === 'PUT' || String(req.headers['x-upsert'] ?? 'false') === 'true';
  const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  const metadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };
  const destination = store.filePath(bucketId, key);
  const staging = `${destination}.${randomUUID()}.upload`;
  await mkdir(path.dirname(destination), { recursive: true });
  try {
    await store.asCaller(caller, async (tx) => {
      // No RETURNING: it would also demand a select policy, which Storage does not require for writes.
      if (method === 'PUT') {
        const { affectedRows } = await tx.query(
          `update storage.objects set owner = $3, owner_id = $4, metadata = $5, updated_at = now()
           where bucket_id = $1 and name = $2`,
          [bucketId, key, owner, owner, metadata],
        );
        if (!affectedRows) throw storageErrors.objectNotFound();
      } else {
        await tx.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3, $4, $5, $6)
           ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, updated_at = now()' : ''}`,
          [randomUUID(), bucketId, key, owner, owner, metadata],
        );
      }
      // Written before the commit, moved into place only if the row is accepted.
      await writeFile(staging, file.bytes);
      await rename(staging, destination);
    });
  } catch (error) {
    await rm(staging, { force: true });
    const code = (error as { code?: string }).code;
    if (code === '42501') throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
    if (code === '23505') throw storageError(409, 'Duplicate', 'The resource already exists');
    throw error;
  }
  const { rows } = await store.pg.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [
    bucketId,
    key,
  ]);
  sendJson(res, 200, { Id: rows[0]?.id, Key: `${bucketId}/${key}` });
}
