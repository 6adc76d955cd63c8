/**
 * The session supabase-js stored in this browser, while its token is fresh: what a page may read the player's
 * own data with before Auth (and supabase-js) have loaded. The session store starts from the same one.
 */
import { freshStoredSession, sessionStorageKey } from './stored-session';
import { SUPABASE_ADDRESS } from './supabase-address';

export function storedSession() {
  try {
    return freshStoredSession(localStorage.getItem(sessionStorageKey(SUPABASE_ADDRESS.url)), Date.now());
  } catch {
    return null; // storage blocked: the page waits for Auth
  }
}
