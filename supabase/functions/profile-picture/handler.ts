/**
 * profile-picture: the only way a picture gets into the profile-pictures bucket.
 *
 * POST the image bytes as the body (any declared content type). The caller comes from their access
 * token (two-step players at aal2 only); the bytes must be a PNG, JPEG or WebP image of at most 2 MB,
 * judged by their first bytes, never by a name or a declared type. The object is stored with the
 * service role as `{user id}-{random}.{png|jpg|webp}` with the detected type. Answers {url} (the public
 * address update_my_profile accepts) or {error} with 400 / 401 / 403 / 405 / 413 / 429.
 */
import { resolveCaller } from '../_shared/caller.ts';
import { bearerToken, json } from '../_shared/http.ts';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_REFUSALS } from '../_shared/rules.ts';
import type { SupabaseGateway } from '../_shared/supabase-gateway.ts';
import { pictureTypeOf, type PictureType } from './image-type.ts';

export const PICTURE_MESSAGES = {
  notAnImage: PROFILE_PICTURE_REFUSALS.wrongType,
  tooLarge: PROFILE_PICTURE_REFUSALS.tooLarge,
  storeFailed: 'Failed to upload image',
} as const;

/** Where checked pictures go: Storage as the service role. */
export type PictureStore = {
  /** Stores the object; resolves to an error message and status when Storage refuses it. */
  put(
    name: string,
    bytes: Uint8Array<ArrayBuffer>,
    type: PictureType,
  ): Promise<{ ok: true } | { ok: false; status: number; message: string }>;
  publicUrlOf(name: string): string;
};

const failure = (error: string, status: number) => json({ error }, status);

export function createProfilePictureHandler(deps: { gateway: Pick<SupabaseGateway, 'userFromAccessToken'>; store: PictureStore }) {
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return failure('Method not allowed', 405);

    const caller = await resolveCaller(deps.gateway, bearerToken(request));
    if (!caller.ok) return failure(caller.error, caller.status);

    const declaredLength = Number(request.headers.get('content-length') ?? '0');
    if (declaredLength > PROFILE_PICTURE_MAX_BYTES) return failure(PICTURE_MESSAGES.tooLarge, 413);
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.length > PROFILE_PICTURE_MAX_BYTES) return failure(PICTURE_MESSAGES.tooLarge, 413);
    const type = pictureTypeOf(bytes);
    if (!type) return failure(PICTURE_MESSAGES.notAnImage, 400);

    const name = `${caller.user.id}-${crypto.randomUUID()}.${type.extension}`;
    const stored = await deps.store.put(name, bytes, type);
    if (!stored.ok) {
      // The database's quota speaks for itself; anything else is ours to apologise for.
      if (stored.status === 429) return failure(stored.message, 429);
      console.error('profile-picture: storage refused the object', stored.status, stored.message);
      return failure(PICTURE_MESSAGES.storeFailed, 502);
    }
    return json({ url: deps.store.publicUrlOf(name) });
  };
}

/** Storage's REST API with the service role key. */
export function createStoragePictureStore(options: { supabaseUrl: string; serviceRoleKey: string; fetch?: typeof fetch }): PictureStore {
  const doFetch = options.fetch ?? fetch;
  const bucketUrl = `${options.supabaseUrl}/storage/v1/object/profile-pictures`;
  return {
    async put(name, bytes, type) {
      const response = await doFetch(`${bucketUrl}/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: {
          apikey: options.serviceRoleKey,
          authorization: `Bearer ${options.serviceRoleKey}`,
          'content-type': type.mimeType,
          'x-upsert': 'false',
        },
        body: bytes,
      });
      if (response.ok) return { ok: true };
      const text = await response.text();
      // The quota trigger's message travels inside Storage's error body.
      const quota = /You already have \d+ pictures stored\.[^"]*|Your pictures may take up at most \d+ MB\.[^"]*/.exec(text);
      if (quota) return { ok: false, status: 429, message: quota[0] };
      return { ok: false, status: response.status, message: text };
    },
    publicUrlOf: (name) => `${options.supabaseUrl}/storage/v1/object/public/profile-pictures/${encodeURIComponent(name)}`,
  };
}
