/**
 * Reading objects (through the public URL of a public bucket, or as the caller under the bucket's
 * RLS policies, with ETags) and removing them (one, or several by name).
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, type Caller } from '../../http.ts';
import { storageErrors, type BucketStore, type ObjectRow } from './store.ts';

async function serve(
  store: BucketStore,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  key: string,
  object: ObjectRow | undefined,
) {
  if (!object) throw storageErrors.objectNotFound();
  const file = store.filePath(bucketId, key);
  const info = await stat(file).catch(() => undefined);
  if (!info) throw storageErrors.objectNotFound();
  const meta = object.metadata ?? {};
  const headers: Record<string, string> = {
    'content-type': meta.mimetype ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': meta.cacheControl ?? 'max-age=3600',
    'last-modified': new Date(meta.lastModified ?? info.mtime).toUTCString(),
  };
  if (meta.eTag) headers.etag = meta.eTag;
  if (meta.eTag && req.headers['if-none-match'] === meta.eTag) {
    res.writeHead(304, headers);
    return res.end();
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

export async function publicObject(store: BucketStore, req: IncomingMessage, res: ServerResponse, bucketId: string, key: string) {
  const { rows: buckets } = await store.pg.query<{ public: boolean }>('select public from storage.buckets where id = $1', [bucketId]);
  // A private bucket's objects are as absent as missing ones through the public URL.
  if (!buckets[0]?.public) throw storageErrors.objectNotFound();
  const { rows } = await store.pg.query<ObjectRow>('select id, name, metadata from storage.objects where bucket_id = $1 and name = $2', [
    bucketId,
    key,
  ]);
  return serve(store, req, res, bucketId, key, rows[0]);
}

export async function privateObject(
  store: BucketStore,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  bucketId: string,
  key: string,
) {
  const rows = await store.asCaller(
    caller,
    async (tx) =>
      (await tx.query<ObjectRow>('select id, name, metadata from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]))
        .rows,
  );
  return serve(store, req, res, bucketId, key, rows[0]);
}

export async function remove(store: BucketStore, res: ServerResponse, caller: Caller, bucketId: string, names: string[], single: boolean) {
  await store.bucket(bucketId);
  const deleted = await store.asCaller(
    caller,
    async (tx) =>
      (
        await tx.query<{ id: string; name: string; bucket_id: string; metadata: unknown; created_at: Date; updated_at: Date }>(
          'delete from storage.objects where bucket_id = $1 and name = any($2) returning id, name, bucket_id, owner, metadata, created_at, updated_at, last_accessed_at',
          [bucketId, names],
        )
      ).rows,
  );
  for (const object of deleted) await rm(store.filePath(bucketId, object.name), { force: true });
  if (single) {
    if (deleted.length === 0) throw storageErrors.objectNotFound();
    return sendJson(res, 200, { message: 'Successfully deleted' });
  }
  sendJson(res, 200, deleted);
}
