/**
 * Storage (/storage/v1): uploads (uploads.ts), downloads through the public URL of a public bucket or as
 * the caller under the bucket's RLS policies (with ETags), signed URLs (a caller who may read an object
 * gets a link that serves it to anyone until it expires), and removal. Each object's row lives in
 * storage.objects and its bytes under <dataDir>/storage/<bucket>/<path>. Bucket management and the rest
 * of the Storage API answer 501 naming the feature.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, type Caller, readJson, resolveCaller, sendJson } from '../../http.ts';
import { InvalidJwtError, signJwt, verifyJwt } from '../../keys.ts';
import type { ServiceModule } from '../../service.ts';
import { type BucketStore, bucketStore, storageError, storageErrors } from './buckets.ts';
import { upload } from './uploads.ts';

interface ObjectRow {
  id: string;
  name: string;
  metadata: { mimetype?: string; cacheControl?: string; eTag?: string; size?: number; lastModified?: string } | null;
}

const SELECT_OBJECT = 'select id, name, metadata from storage.objects where bucket_id = $1 and name = $2';

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
    ...(meta.eTag ? { etag: meta.eTag } : {}),
  };
  if (meta.eTag && req.headers['if-none-match'] === meta.eTag) return void res.writeHead(304, headers).end();
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}

async function remove(store: BucketStore, res: ServerResponse, caller: Caller, bucketId: string, names: string[], single: boolean) {
  await store.bucket(bucketId);
  const { rows: deleted } = await store.asCaller(caller, async (tx) => {
    // The Storage API's own removal: SQL deletes of storage rows are refused otherwise (storage.sql).
    await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    return tx.query<{ name: string }>(
      'delete from storage.objects where bucket_id = $1 and name = any($2) returning id, name, bucket_id, owner, metadata, created_at, updated_at, last_accessed_at',
      [bucketId, names],
    );
  });
  for (const object of deleted) await rm(store.filePath(bucketId, object.name), { force: true });
  if (!single) return sendJson(res, 200, deleted);
  if (deleted.length === 0) throw storageErrors.objectNotFound();
  sendJson(res, 200, { message: 'Successfully deleted' });
}

/** The object paths a bulk removal names: `{"prefixes": ["<object path>", ...]}`. */
async function prefixesOf(req: IncomingMessage): Promise<string[]> {
  const body = await readJson(req).catch((error) => {
    throw error instanceof BodyTooLargeError ? storageErrors.tooLarge() : storageErrors.badBody('The request body is not valid JSON');
  });
  const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
  if (Array.isArray(prefixes) && prefixes.length > 0 && prefixes.every((p) => typeof p === 'string')) return prefixes;
  throw storageErrors.badBody('Send {"prefixes": ["<object path>", ...]} naming the objects to remove');
}

/**
 * POST /object/sign/<bucket>/<path> `{ expiresIn }` (seconds): when the caller may read the object (its
 * bucket's RLS policies), `{ signedURL }`, the path of a link that serves it until then.
 */
async function createSignedUrl(
  store: BucketStore,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  bucketId: string,
  key: string,
) {
  const body = (await readJson(req).catch(() => null)) as { expiresIn?: unknown } | null;
  const expiresIn = Number(body?.expiresIn);
  if (!Number.isInteger(expiresIn) || expiresIn < 1) throw storageErrors.badBody('Send {"expiresIn": <seconds>}');
  const { rows } = await store.asCaller(caller, (tx) => tx.query<ObjectRow>(SELECT_OBJECT, [bucketId, key]));
  if (!rows[0]) throw storageError(400, 'not_found', 'Object not found');
  const token = await signJwt({ url: `${bucketId}/${key}`, exp: Math.floor(Date.now() / 1000) + expiresIn });
  // Unencoded, as Storage answers it: supabase-js encodes the whole link (encodeURI).
  sendJson(res, 200, { signedURL: `/object/sign/${bucketId}/${key}?token=${token}` });
}

async function route(store: BucketStore, req: IncomingMessage, res: ServerResponse, url: URL) {
  const method = req.method ?? 'GET';
  const rest = url.pathname.slice('/storage/v1'.length);
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw storageError(400, 'InvalidKey', 'The object path is not valid percent-encoding');
    }
  };
  const publicMatch = /^\/object\/public\/([^/]+)\/(.+)$/.exec(rest);
  if (publicMatch && (method === 'GET' || method === 'HEAD')) {
    const [bucketId, key] = [decode(publicMatch[1]), decode(publicMatch[2])];
    // A private bucket's objects are as absent as missing ones through the public URL.
    if (!(await store.bucket(bucketId).catch(() => undefined))?.public) throw storageErrors.objectNotFound();
    return serve(store, req, res, bucketId, key, (await store.pg.query<ObjectRow>(SELECT_OBJECT, [bucketId, key])).rows[0]);
  }

  // A signed URL carries its own permission (the token), as on a hosted project: no API key needed.
  const signedMatch = /^\/object\/sign\/([^/]+)\/(.+)$/.exec(rest);
  if (signedMatch && (method === 'GET' || method === 'HEAD')) {
    const [bucketId, key] = [decode(signedMatch[1]), decode(signedMatch[2])];
    const claims = await verifyJwt(url.searchParams.get('token') ?? '').catch((error: unknown) => {
      throw storageError(400, 'InvalidSignature', error instanceof InvalidJwtError && error.expired ? 'jwt expired' : 'invalid signature');
    });
    if (claims.url !== `${bucketId}/${key}`) throw storageError(400, 'InvalidSignature', 'The token was signed for another object');
    return serve(store, req, res, bucketId, key, (await store.pg.query<ObjectRow>(SELECT_OBJECT, [bucketId, key])).rows[0]);
  }

  const caller = await resolveCaller(req, url, (error) =>
    storageError(
      403,
      'Unauthorized',
      error instanceof InvalidJwtError ? (error.expired ? 'jwt expired' : 'invalid signature') : error.message,
    ),
  );
  const objectMatch = /^\/object\/(?:authenticated\/)?([^/]+)\/(.+)$/.exec(rest);
  if (objectMatch && !/^\/object\/(sign|upload|list|move|copy|info|render)\//.test(rest)) {
    const [bucketId, key] = [decode(objectMatch[1]), decode(objectMatch[2])];
    if (method === 'POST' || method === 'PUT') return upload(store, req, res, caller, bucketId, key, method);
    if (method === 'GET' || method === 'HEAD') {
      const { rows } = await store.asCaller(caller, (tx) => tx.query<ObjectRow>(SELECT_OBJECT, [bucketId, key]));
      return serve(store, req, res, bucketId, key, rows[0]);
    }
    if (method === 'DELETE') return remove(store, res, caller, bucketId, [key], true);
  }
  if (signedMatch && method === 'POST') return createSignedUrl(store, req, res, caller, decode(signedMatch[1]), decode(signedMatch[2]));
  const bulkDelete = /^\/object\/([^/]+)$/.exec(rest);
  if (bulkDelete && method === 'DELETE') return remove(store, res, caller, decode(bulkDelete[1]), await prefixesOf(req), false);
  if (rest.startsWith('/bucket')) throw storageErrors.unsupported('Managing buckets through the API (create them in a migration)');
  if (rest.startsWith('/render')) throw storageErrors.unsupported('Image transformations');
  if (/^\/object\/(sign|upload|list|move|copy|info)\b/.test(rest)) throw storageErrors.unsupported(`${method} /storage/v1${rest}`);
  if (objectMatch || bulkDelete) throw storageError(405, 'method_not_allowed', `${method} is not allowed on /storage/v1${rest}`);
  throw storageError(404, 'not_found', `No storage endpoint at /storage/v1${rest.slice(0, 200)}`);
}

export const storageService: ServiceModule = {
  name: 'storage',
  prefix: '/storage/v1',
  create(ctx) {
    const store = bucketStore(ctx.pg, ctx.dataDir);
    return { handle: (req, res, url) => route(store, req, res, url) };
  },
};
