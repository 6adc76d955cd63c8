/**
 * Storage (/storage/v1): uploads, downloads, public URLs and removal, with the bytes under
 * <dataDir>/storage/<bucket>/<path>.
 *
 * As in Supabase Storage, the bucket's own limits (file_size_limit, allowed_mime_types) are checked
 * first, then the storage.objects row is written in a transaction as the caller's role, so the
 * bucket's row-level-security policies decide who may write what; the file is only kept when that
 * transaction commits.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { withRequestContext, type Transaction } from '../database.ts';
import type { Service, ServiceModule, StackContext } from '../context.ts';
import {
  BodyTooLargeError,
  InvalidJwtError,
  MAX_BODY_BYTES,
  MissingApiKeyError,
  RoleNotAllowedError,
  readBody,
  readJson,
  resolveCaller,
  sendJson,
  sendMissingApiKey,
  type Caller,
} from '../http.ts';

class StorageError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string, message: string) {
    super(message);
    this.status = status;
    this.error = error;
  }
}

const storageErrors = {
  bucketNotFound: () => new StorageError(404, 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageError(404, 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  tooLarge: () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  mimeType: (mime: string) => new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`),
  duplicate: () => new StorageError(409, 'Duplicate', 'The resource already exists'),
  rls: () => new StorageError(403, 'Unauthorized', 'new row violates row-level security policy'),
  jwt: (message: string) => new StorageError(403, 'Unauthorized', message),
  unsupported: (feature: string) => new StorageError(501, 'not_implemented', `${feature} is not supported by the local stack`),
  noFile: () => new StorageError(400, 'InvalidRequest', 'No file was sent in the request'),
  badForm: () => new StorageError(400, 'InvalidRequest', 'The multipart form data could not be read'),
  badBody: (message: string) => new StorageError(400, 'InvalidRequest', message),
  badPath: () => new StorageError(400, 'InvalidKey', 'The object path is not valid percent-encoding'),
  notFound: (path: string) => new StorageError(404, 'not_found', `No storage endpoint at /storage/v1${path.slice(0, 200)}`),
};

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  name: string;
  metadata: { mimetype?: string; cacheControl?: string; eTag?: string; size?: number; lastModified?: string } | null;
}

/** Keys as Supabase Storage accepts them: no empty segments, no `.`/`..`, no control characters. */
function validKey(key: string): boolean {
  if (key === '' || key.startsWith('/') || key.length > 1024) return false;
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mime.split(';')[0].trim().toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith('/*') ? base.startsWith(p.slice(0, -1)) : base === p;
  });
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
      form = await new Request('http://local/upload', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw) }).formData();
    } catch {
      throw storageErrors.badForm();
    }
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (!file) throw storageErrors.noFile();
    const cacheControl = form.get('cacheControl');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimeType: file.type || 'text/plain;charset=UTF-8',
      cacheControl: `max-age=${typeof cacheControl === 'string' ? cacheControl : '3600'}`,
    };
  }
  return { bytes: raw, mimeType: contentType, cacheControl: String(req.headers['cache-control'] ?? 'max-age=3600') };
}

export const storageService: ServiceModule = {
  name: 'storage',
  prefix: '/storage/v1',
  create(ctx: StackContext): Service {
    const { pg } = ctx;
    const root = path.join(ctx.dataDir, 'storage');

    function filePath(bucket: string, key: string): string {
      const full = path.resolve(root, bucket, ...key.split('/'));
      if (!full.startsWith(path.resolve(root) + path.sep)) throw storageErrors.invalidKey(key);
      return full;
    }

    async function bucket(id: string): Promise<BucketRow> {
      const { rows } = await pg.query<BucketRow>('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]);
      if (!rows[0]) throw storageErrors.bucketNotFound();
      return rows[0];
    }

    function asCaller<T>(caller: Caller, fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return withRequestContext(pg, { role: caller.role, claims: caller.claims }, fn);
    }

    async function upload(req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string, key: string, method: string) {
      if (!validKey(key)) throw storageErrors.invalidKey(key);
      const target = await bucket(bucketId);
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
      if (!mimeAllowed(file.mimeType, target.allowed_mime_types)) throw storageErrors.mimeType(file.mimeType);

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
      const destination = filePath(bucketId, key);
      const staging = `${destination}.${randomUUID()}.upload`;
      await mkdir(path.dirname(destination), { recursive: true });
      try {
        await asCaller(caller, async (tx) => {
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
        if (code === '42501') throw storageErrors.rls();
        if (code === '23505') throw storageErrors.duplicate();
        throw error;
      }
      const { rows } = await pg.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]);
      sendJson(res, 200, { Id: rows[0]?.id, Key: `${bucketId}/${key}` });
    }

    async function serve(req: IncomingMessage, res: ServerResponse, bucketId: string, key: string, object: ObjectRow | undefined) {
      if (!object) throw storageErrors.objectNotFound();
      const file = filePath(bucketId, key);
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

    async function publicObject(req: IncomingMessage, res: ServerResponse, bucketId: string, key: string) {
      const { rows: buckets } = await pg.query<{ public: boolean }>('select public from storage.buckets where id = $1', [bucketId]);
      // A private bucket's objects are as absent as missing ones through the public URL.
      if (!buckets[0]?.public) throw storageErrors.objectNotFound();
      const { rows } = await pg.query<ObjectRow>('select id, name, metadata from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]);
      return serve(req, res, bucketId, key, rows[0]);
    }

    async function privateObject(req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string, key: string) {
      const rows = await asCaller(caller, async (tx) =>
        (await tx.query<ObjectRow>('select id, name, metadata from storage.objects where bucket_id = $1 and name = $2', [bucketId, key])).rows,
      );
      return serve(req, res, bucketId, key, rows[0]);
    }

    async function remove(res: ServerResponse, caller: Caller, bucketId: string, names: string[], single: boolean) {
      await bucket(bucketId);
      const deleted = await asCaller(caller, async (tx) =>
        (
          await tx.query<{ id: string; name: string; bucket_id: string; metadata: unknown; created_at: Date; updated_at: Date }>(
            'delete from storage.objects where bucket_id = $1 and name = any($2) returning id, name, bucket_id, owner, metadata, created_at, updated_at, last_accessed_at',
            [bucketId, names],
          )
        ).rows,
      );
      for (const object of deleted) await rm(filePath(bucketId, object.name), { force: true });
      if (single) {
        if (deleted.length === 0) throw storageErrors.objectNotFound();
        return sendJson(res, 200, { message: 'Successfully deleted' });
      }
      sendJson(res, 200, deleted);
    }

    async function route(req: IncomingMessage, res: ServerResponse, url: URL) {
      const method = req.method ?? 'GET';
      const rest = url.pathname.slice('/storage/v1'.length);
      const decode = (part: string) => {
        try {
          return decodeURIComponent(part);
        } catch {
          throw storageErrors.badPath();
        }
      };
      const publicMatch = /^\/object\/public\/([^/]+)\/(.+)$/.exec(rest);
      if (publicMatch && (method === 'GET' || method === 'HEAD')) {
        return publicObject(req, res, decode(publicMatch[1]), decode(publicMatch[2]));
      }

      let caller: Caller;
      try {
        caller = await resolveCaller(req, url);
      } catch (error) {
        if (error instanceof MissingApiKeyError) return sendMissingApiKey(res);
        if (error instanceof InvalidJwtError) throw storageErrors.jwt(error.expired ? 'jwt expired' : 'invalid signature');
        if (error instanceof RoleNotAllowedError) throw storageErrors.jwt(error.message);
        throw error;
      }

      const objectMatch = /^\/object\/(?:authenticated\/)?([^/]+)\/(.+)$/.exec(rest);
      if (objectMatch && !/^\/object\/(sign|upload|list|move|copy|info|render)\//.test(rest)) {
        const bucketId = decode(objectMatch[1]);
        const key = decode(objectMatch[2]);
        if (method === 'POST' || method === 'PUT') return upload(req, res, caller, bucketId, key, method);
        if (method === 'GET' || method === 'HEAD') return privateObject(req, res, caller, bucketId, key);
        if (method === 'DELETE') return remove(res, caller, bucketId, [key], true);
      }
      const bulkDelete = /^\/object\/([^/]+)$/.exec(rest);
      if (bulkDelete && method === 'DELETE') {
        let body: unknown;
        try {
          body = await readJson(req);
        } catch (error) {
          if (error instanceof BodyTooLargeError) throw storageErrors.tooLarge();
          throw storageErrors.badBody('The request body is not valid JSON');
        }
        const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
        if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string')) {
          throw storageErrors.badBody('Send {"prefixes": ["<object path>", ...]} naming the objects to remove');
        }
        return remove(res, caller, decode(bulkDelete[1]), prefixes, false);
      }
      if (rest.startsWith('/bucket')) throw storageErrors.unsupported('Managing buckets through the API (create them in a migration)');
      if (rest.startsWith('/render')) throw storageErrors.unsupported('Image transformations');
      if (/^\/object\/(sign|upload|list|move|copy|info)\b/.test(rest)) throw storageErrors.unsupported(`${method} /storage/v1${rest}`);
      if (objectMatch || bulkDelete) throw new StorageError(405, 'method_not_allowed', `${method} is not allowed on /storage/v1${rest}`);
      throw storageErrors.notFound(rest);
    }

    return {
      async handle(req, res, url) {
        try {
          await route(req, res, url);
        } catch (error) {
          if (error instanceof StorageError) {
            return sendJson(res, error.status, { statusCode: String(error.status), error: error.error, message: error.message });
          }
          throw error;
        }
      },
    };
  },
};
