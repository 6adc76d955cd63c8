/**
 * Where the browser's Supabase client connects: the project's URL and its public anon key, read from the
 * build's PUBLIC_* settings. A module of its own, without the schema library, because every signed-in page
 * loads it; settings.ts reads the same two values through `supabaseAddress` and checks them at build time.
 */
import { DEFAULT_STACK_PORT } from './local-addresses';

/** The Supabase CLI's well-known local anon key: the same for every `supabase start`. */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * The local stack's default address. astro.config.mjs hands every build the address derived from
 * SITE_PORT / SUPABASE_LOCAL_PORT / PUBLIC_SUPABASE_URL as PUBLIC_SUPABASE_URL, so this applies only where
 * no build configuration ran (unit tests).
 */
export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${DEFAULT_STACK_PORT}`;

const env = import.meta.env as Record<string, string | undefined>;

/** A PUBLIC_* setting of this build; an empty string in a `.env` file means "not set", not "set to nothing". */
export function readPublicSetting(name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export interface SupabaseAddress {
  url: string;
  anonKey: string;
}

export function supabaseAddress(read: (name: string) => string | undefined): SupabaseAddress {
  return {
    url: read('PUBLIC_SUPABASE_URL') ?? LOCAL_SUPABASE_URL,
    anonKey: read('PUBLIC_SUPABASE_ANON_KEY') ?? LOCAL_SUPABASE_ANON_KEY,
  };
}

/** This build's Supabase project. */
export const SUPABASE_ADDRESS: SupabaseAddress = supabaseAddress(readPublicSetting);
