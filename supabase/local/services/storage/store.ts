/**
 * Where Storage keeps things: each object's row in storage.objects and its bytes under
 * <dataDir>/storage/<bucket>/<path>; buckets and their limits in storage.buckets; and the rules for
 * keys and types that Supabase Storage applies before any write.
 */
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { withRequestContext, type Transaction } from '../../database.ts';
import { type Caller, hasControlCharacter } from '../../http.ts';

export class StorageError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string, message: string) {
    super(message);
    this.status = status;
    this.error = error;
  }
}

export const storageErrors = {
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

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectRow {
  id: string;
  name: string;
  metadata: { mimetype?: string; cacheControl?: string; eTag?: string; size?: number; lastModified?: string } | null;
}

/** Keys as Supabase Storage accepts them: no empty segments, no `.`/`..`, no control characters. */
export function validKey(key: string): boolean {
  if (key === '' || key.startsWith('/') || key.length > 1024) return false;
  if (hasControlCharacter(key) || key.includes('\\')) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mime.split(';')[0].trim().toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith('/*') ? base.startsWith(p.slice(0, -1)) : base === p;
  });
}

export interface BucketStore {
  pg: PGlite;
  /** The file of `key` in `bucket`; a key that would leave the storage folder is an invalid key. */
  filePath(bucket: string, key: string): string;
  bucket(id: string): Promise<BucketRow>;
  /** Runs `fn` in one transaction as the caller, so the bucket's RLS policies decide. */
  asCaller<T>(caller: Caller, fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

export function bucketStore(pg: PGlite, dataDir: string): BucketStore {
  const root = path.join(dataDir, 'storage');
  return {
    pg,
    filePath(bucket, key) {
      const full = path.resolve(root, bucket, ...key.split('/'));
      if (!full.startsWith(path.resolve(root) + path.sep)) throw storageErrors.invalidKey(key);
      return full;
    },
    async bucket(id) {
      const { rows } = await pg.query<BucketRow>(
        'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
        [id],
      );
      if (!rows[0]) throw storageErrors.bucketNotFound();
      return rows[0];
    },
    asCaller(caller, fn) {
      return withRequestContext(pg, { role: caller.role, claims: caller.claims }, fn);
    },
  };
}
