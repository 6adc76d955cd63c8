/**
 * What the browser knows about the session before Auth has loaded: where supabase-js stores it, whether
 * the stored token is still fresh enough to use, and its assurance level (the e-mail code alone, or the
 * authenticator code too). Pure functions, shared by the Supabase client, the session store and the
 * header's inline scripts.
 */

/**
 * The localStorage key supabase-js keeps its session under: `sb-<first label of the host>-auth-token`.
 * For the local stack (127.0.0.1) that is `sb-127-auth-token`. Public pages read it to learn
 * "signed in or not" without downloading supabase-js.
 */
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** What the stored session must hold for the page to use it before Auth has loaded. */
export interface StoredSession {
  access_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
  user: { id: string; email?: string | null; factors?: ReadonlyArray<{ status: string }> };
}

/**
 * The session Auth keeps in storage (`raw`, the stored JSON) while its access token has more than
 * `marginSeconds` to run, else null. A page can read its data with that token before Auth itself has
 * loaded; an expiring or unreadable session waits for Auth, which refreshes it or signs the player out.
 */
export function freshStoredSession(raw: string | null, nowMs: number, marginSeconds = 60): StoredSession | null {
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  if (!stored || typeof stored !== 'object') return null;
  const { access_token, expires_at, user } = stored as Partial<StoredSession>;
  if (typeof access_token !== 'string' || typeof expires_at !== 'number' || typeof user?.id !== 'string') return null;
  return expires_at * 1000 > nowMs + marginSeconds * 1000 ? { access_token, expires_at, user } : null;
}

/** Assurance levels as Supabase Auth reports them. */
export type AssuranceLevel = 'aal1' | 'aal2';

/**
 * A session that signed in with the e-mail code but still owes the authenticator code
 * (a verified TOTP factor exists, so the next level is aal2).
 */
export function needsSecondFactor(current: AssuranceLevel | null, next: AssuranceLevel | null): boolean {
  return current === 'aal1' && next === 'aal2';
}

/** The claims of an access token the client needs; the signature is the server's business. */
function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The session's assurance: `current` from the token's `aal` claim, `next` is aal2 as soon as
 * the player has a verified authenticator (the same rule supabase-js applies).
 */
export function assuranceOf(
  accessToken: string,
  factors: ReadonlyArray<{ status: string }> | undefined,
): { current: AssuranceLevel | null; next: AssuranceLevel | null } {
  const aal = decodeJwtPayload(accessToken)?.aal;
  const current = aal === 'aal1' || aal === 'aal2' ? aal : null;
  const next = (factors ?? []).some((f) => f.status === 'verified') ? 'aal2' : current;
  return { current, next };
}
