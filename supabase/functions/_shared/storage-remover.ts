/**
 * Removes stored files through the Storage API (`DELETE /storage/v1/object/<bucket>` with the paths, as
 * supabase-js `remove()` does), with the service role key. Hosted projects refuse SQL deletes of storage
 * rows (the files would stay behind); the local stack refuses them the same way.
 */
export type StorageRemover = { remove(bucket: string, paths: string[]): Promise<number> };

export class StorageRemoveError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
  }
}

export function createStorageRemover(config: { supabaseUrl: string; serviceRoleKey: string; fetch?: typeof fetch }): StorageRemover {
  const fetcher = config.fetch ?? fetch;
  return {
    async remove(bucket, paths) {
      const response = await fetcher(`${config.supabaseUrl}/storage/v1/object/${encodeURIComponent(bucket)}`, {
        method: 'DELETE',
        headers: {
          authorization: `Bearer ${config.serviceRoleKey}`,
          apikey: config.serviceRoleKey,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ prefixes: paths }),
      });
      if (!response.ok) {
        throw new StorageRemoveError(`the Storage API answered ${response.status}`, response.status >= 500 || response.status === 429);
      }
      const removed = (await response.json().catch(() => [])) as unknown;
      return Array.isArray(removed) ? removed.length : 0;
    },
  };
}
