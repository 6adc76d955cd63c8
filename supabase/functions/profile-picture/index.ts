/** Entry point of the profile-picture edge function: wiring only, the logic is in handler.ts. */
import { denoEnv } from '../_shared/config.ts';
import { readSiteOrigins, withSiteCors } from '../_shared/cors.ts';
import { createSupabaseGateway } from '../_shared/supabase-gateway.ts';
import { createProfilePictureHandler, createStoragePictureStore } from './handler.ts';

const env = (name: string) => {
  const value = Deno.env.get(name)?.trim();
  if (!value) throw new Error(`${name} must be set`);
  return value;
};
const supabaseUrl = env('SUPABASE_URL').replace(/\/+$/, '');
const serviceRoleKey = env('SUPABASE_SERVICE_ROLE_KEY');

Deno.serve(
  withSiteCors(
    readSiteOrigins(denoEnv),
    createProfilePictureHandler({
      gateway: createSupabaseGateway({ supabaseUrl, anonKey: env('SUPABASE_ANON_KEY'), serviceRoleKey }),
      store: createStoragePictureStore({ supabaseUrl, serviceRoleKey }),
    }),
  ),
);
