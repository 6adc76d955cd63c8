/**
 * Storage (/storage/v1): uploads (uploads.ts), downloads, public URLs and removal (objects.ts),
 * with rows in storage.objects and the bytes under <dataDir>/storage/<bucket>/<path> (store.ts).
 * Bucket management and the rest of the Storage API answer 501 naming the feature.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service, ServiceModule, StackContext } from '../../context.ts';
import {
  BodyTooLargeError,
  InvalidJwtError,
  MissingApiKeyError,
  RoleNotAllowedError,
  readJson,
  resolveCaller,
  sendJson,
  sendMissingApiKey,
  type Caller,
} from '../../http.ts';
import { privateObject, publicObject, remove } from './objects.ts';
import { bucketStore, StorageError, storageErrors, type BucketStore } from './store.ts';
import { upload } from './uploads.ts';

async function route(store: BucketStore, req: IncomingMessage, res: ServerResponse, url: URL) {
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
    return publicObject(store, req, res, decode(publicMatch[1]), decode(publicMatch[2]));
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
    if (method === 'POST' || method === 'PUT') return upload(store, req, res, caller, bucketId, key, method);
    if (method === 'GET' || method === 'HEAD') return privateObject(store, req, res, caller, bucketId, key);
    if (method === 'DELETE') return remove(store, res, caller, bucketId, [key], true);
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
    return remove(store, res, caller, decode(bulkDelete[1]), prefixes, false);
  }
  if (rest.startsWith('/bucket')) throw storageErrors.unsupported('Managing buckets through the API (create them in a migration)');
  if (rest.startsWith('/render')) throw storageErrors.unsupported('Image transformations');
  if (/^\/object\/(sign|upload|list|move|copy|info)\b/.test(rest)) throw storageErrors.unsupported(`${method} /storage/v1${rest}`);
  if (objectMatch || bulkDelete) throw new StorageError(405, 'method_not_allowed', `${method} is not allowed on /storage/v1${rest}`);
  throw storageErrors.notFound(rest);
}

export const storageService: ServiceModule = {
  name: 'storage',
  prefix: '/storage/v1',
  create(ctx: StackContext): Service {
    const store = bucketStore(ctx.pg, ctx.dataDir);
    return {
      async handle(req, res, url) {
        try {
          await route(store, req, res, url);
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
