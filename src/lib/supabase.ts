/**
 * The one Supabase client of the browser, put together from supabase-js's own parts.
 *
 * supabase-js's createClient builds the Auth, PostgREST, Realtime, Storage and Functions clients at
 * once, about 55 KB (gzip) that every signed-in page would load before its data. Here only PostgREST
 * (5 KB) loads with the page; it reads the player's access token from the session Auth stored, while that
 * token has a minute to run. Auth (23 KB: refreshing the token, sign-in, authenticators), Realtime, Storage
 * and Functions load when first needed. The wiring is createClient's: each request carries the anon key as
 * `apikey` and the player's access token (the anon key when signed out) as the bearer, and Realtime is
 * given the new token whenever Auth refreshes it.
 *
 * Import this module lazily (`await import('@/lib/supabase')`) from anything a public page might load:
 * only signed-in screens need it. Public pages learn "signed in or not" from the stored session instead
 * (components/auth/AuthNav).
 */
import type { GoTrueClient } from '@supabase/auth-js';
import type { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import { freshStoredSession, sessionStorageKey } from './stored-session';
import { SUPABASE_ADDRESS } from './supabase-address';

export class BrowserSupabase {
  /** `fetch` with the project key and the player's token, for every client but Auth (which sends its own). */
  readonly fetch: typeof fetch;
  private readonly url: string;
  private readonly anonKey: string;
  private readonly storageKey: string;
  private readonly rest: PostgrestClient;
  private authClient: Promise<GoTrueClient> | undefined;
  private realtimeClient: Promise<RealtimeClient> | undefined;

  constructor(url: string, anonKey: string) {
    this.url = url.replace(/\/+$/, '');
    this.anonKey = anonKey;
    this.storageKey = sessionStorageKey(this.url);
    this.fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has('apikey')) headers.set('apikey', anonKey);
      if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${(await this.accessToken()) ?? anonKey}`);
      return fetch(input, { ...init, headers });
    };
    this.rest = new PostgrestClient(`${this.url}/rest/v1`, { fetch: this.fetch });
  }

  /** Supabase Auth (loaded on first use): sign-in, the session's refresh, authenticators, sign-out. */
  auth(): Promise<GoTrueClient> {
    this.authClient ??= import('@supabase/auth-js').then(
      ({ GoTrueClient }) =>
        new GoTrueClient({
          url: `${this.url}/auth/v1`,
          headers: { Authorization: `Bearer ${this.anonKey}`, apikey: this.anonKey },
          storageKey: this.storageKey,
          persistSession: true,
          autoRefreshToken: true,
          // Google sign-in returns to /login with the session in the URL; Auth picks it up.
          detectSessionInUrl: true,
          flowType: 'implicit',
        }),
    );
    return this.authClient;
  }

  /**
   * The stored session while its token has a minute to run and Auth has not been asked for yet; else null.
   * Once Auth is loading it is the truth (it may have refreshed or dropped the session).
   */
  storedSession() {
    if (this.authClient) return null;
    try {
      return freshStoredSession(localStorage.getItem(this.storageKey), Date.now());
    } catch {
      return null; // storage blocked: Auth decides
    }
  }

  /** The player's access token, or null when signed out: the stored one while fresh, else Auth's (refreshed if needed). */
  async accessToken(): Promise<string | null> {
    const stored = this.storedSession();
    if (stored) return stored.access_token;
    const { data } = await (await this.auth()).getSession();
    return data.session?.access_token ?? null;
  }

  /** A table or view of the public schema, as `supabase.from`. */
  from(relation: string) {
    return this.rest.from(relation);
  }

  /** A database function, as `supabase.rpc`. */
  rpc(fn: string, args: Record<string, unknown> = {}, options?: Parameters<PostgrestClient['rpc']>[2]) {
    return this.rest.rpc(fn, args, options);
  }

  /** Edge functions (loaded on first use). */
  async functions(): Promise<FunctionsClient> {
    const { FunctionsClient } = await import('@supabase/functions-js');
    return new FunctionsClient(`${this.url}/functions/v1`, { customFetch: this.fetch });
  }

  /** Storage buckets (loaded on first use). */
  async storage(): Promise<StorageClient> {
    const { StorageClient } = await import('@supabase/storage-js');
    return new StorageClient(`${this.url}/storage/v1`, {}, this.fetch);
  }

  /**
   * The Realtime connection (loaded on first use). It asks Auth for the token when it connects, and is
   * handed each new one when the player signs in or Auth refreshes it, so RLS keeps judging the player.
   */
  realtime(): Promise<RealtimeClient> {
    this.realtimeClient ??= import('@supabase/realtime-js').then(async ({ RealtimeClient }) => {
      const realtime = new RealtimeClient(`${this.url.replace(/^http/, 'ws')}/realtime/v1`, {
        params: { apikey: this.anonKey },
        accessToken: async () => (await this.accessToken()) ?? this.anonKey,
        fetch: this.fetch,
      });
      // The token goes in before the first channel joins: a join sent as the anon role would be judged by
      // RLS as a visitor and never receive the player's own rows.
      const token = await this.accessToken();
      if (token) await realtime.setAuth(token);
      (await this.auth()).onAuthStateChange((event, session) => {
        if ((event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') && session) void realtime.setAuth(session.access_token);
        else if (event === 'SIGNED_OUT') void realtime.setAuth();
      });
      return realtime;
    });
    return this.realtimeClient;
  }
}

let client: BrowserSupabase | undefined;

export function getSupabase(): BrowserSupabase {
  client ??= new BrowserSupabase(SUPABASE_ADDRESS.url, SUPABASE_ADDRESS.anonKey);
  return client;
}
