/**
 * What uploads and downloads share: Supabase Storage's error bodies, and where a bucket's rows and its
 * objects' bytes live.
 */
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type Transaction, withRequestContext } from '../../database.ts';
import { type Caller, HttpError } from '../../http.ts';

/** Supabase Storage's error body: `{ statusCode, error, message }`. */
export const storageError = (status: number, error: string, message: string) =>
  new HttpError(status, { statusCode: String(status), error, message });

export const storageErrors = {
  bucketNotFound: () => storageError(404, 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => storageError(404, 'not_found', 'Object not found'),
  invalidKey: (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${key}`),
  tooLarge: () => storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  badBody: (message: string) => storageError(400, 'InvalidRequest', message),
  unsupported: (feature: string) => storageError(501, 'not_implemented', `${feature} is not supported by the local stack`),
};

/** Where objects' bytes live, and the bucket rows; what uploads and downloads share. */
export interface BucketStore {
  pg: PGlite;
  /** The file of `key` in `bucket`; a key that would leave the storage folder is an invalid key. */
  filePath(bucket: string, key: string): string;
  bucket(
    id: string,
  ): Promise<{ id: string; public: boolean; file_size_limit: number | string | null; allowed_mime_types: string[] | null }>;
  /** Runs `fn` in one transaction as the caller, so the bucket's RLS policies decide. */
  asCaller<T>(caller: Caller, fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

export function bucketStore(pg: PGlite, dataDir: string): BucketStore {
  const root = path.resolve(dataDir, 'storage');
  return {
    pg,
    filePath(bucket, key) {
      const full = path.resolve(root, bucket, ...key.split('/'));
      if (!full.startsWith(root + path.sep)) throw storageErrors.invalidKey(key);
      return full;
    },
    async bucket(id) {
      const { rows } = await pg.query<Awaited<ReturnType<BucketStore['bucket']>>>(
        'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
        [id],
      );
      if (!rows[0]) throw storageErrors.bucketNotFound();
      return rows[0];
    },
    asCaller: (caller, fn) => withRequestContext(pg, caller, fn),
  };
}
