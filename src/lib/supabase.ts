/**
 * The one Supabase client of the browser.
 *
 * Import this module lazily (`await import('@/lib/supabase')`) from anything a public page
 * might load: supabase-js is the heaviest script of the site and only signed-in screens need it.
 * Public pages learn "signed in or not" from the stored session instead (components/auth/AuthNav).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { settings } from './settings';

let client: SupabaseClient | undefined;

export function getSupabase(): SupabaseClient {
  client ??= createClient(settings.supabase.url, settings.supabase.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      // Google sign-in returns to /login with the session in the URL; supabase-js picks it up.
      detectSessionInUrl: true,
      flowType: 'implicit',
    },
  });
  return client;
}
