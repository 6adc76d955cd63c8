/**
 * The functions' only doors into Supabase: GoTrue to learn who is calling, and PostgREST
 * RPC (as service_role) for the payment SQL functions. Plain fetch keeps the functions
 * small and lets tests point them at any stack.
 */

/**
 * A caller GoTrue vouched for. `aal` is the access token's assurance level (aal2 once the authenticator
 * code was entered); `hasVerifiedFactor` says whether they enrolled an authenticator app at all.
 */
export type CallingUser = { id: string; email: string | null; aal?: 'aal1' | 'aal2'; hasVerifiedFactor?: boolean };

/** The `aal` claim of a JWT whose signature someone else (GoTrue) has checked; aal1 when unreadable. */
export function assuranceLevelOf(accessToken: string): 'aal1' | 'aal2' {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { aal?: unknown };
    return claims.aal === 'aal2' ? 'aal2' : 'aal1';
  } catch {
    return 'aal1';
  }
}

export class DatabaseError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The stable snake_case code of a refusal (see error-codes.ts). */
  readonly hint: string | undefined;
  constructor(message: string, status: number, code: string | undefined, hint?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.hint = hint ?? undefined;
  }
  /** Raised on purpose by a SQL function to refuse a request (`errcode = 'PT4xx', hint = '<code>'`). */
  get isRefusal(): boolean {
    return this.refusalStatus !== null;
  }
  /** The HTTP status a refusal stands for: PT409 -> 409. */
  get refusalStatus(): number | null {
    const match = /^PT(4\d\d)$/.exec(this.code ?? '');
    return match ? Number(match[1]) : null;
  }
}

export type SupabaseGateway = {
  userFromAccessToken(accessToken: string): Promise<CallingUser | null>;
  rpc<T>(fn: string, args: Record<string, unknown>): Promise<T>;
};

export function createSupabaseGateway(options: {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}): SupabaseGateway {
  const doFetch = options.fetch ?? fetch;
  return {
    async userFromAccessToken(accessToken) {
      // GoTrue checks the signature and expiry and that the session still exists.
      const response = await doFetch(`${options.supabaseUrl}/auth/v1/user`, {
        headers: { apikey: options.anonKey, authorization: `Bearer ${accessToken}` },
      });
      if (response.status === 401 || response.status === 403) return null;
      if (!response.ok) throw new Error(`auth answered ${response.status}`);
      const user = (await response.json()) as { id?: string; email?: string | null; role?: string; factors?: { status?: string }[] };
      if (!user.id) return null;
      return {
        id: user.id,
        email: user.email ?? null,
        aal: assuranceLevelOf(accessToken),
        hasVerifiedFactor: (user.factors ?? []).some((factor) => factor.status === 'verified'),
      };
    },

    async rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
      const response = await doFetch(`${options.supabaseUrl}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: {
          apikey: options.serviceRoleKey,
          authorization: `Bearer ${options.serviceRoleKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(args),
      });
      const text = await response.text();
      const body = text ? JSON.parse(text) : null;
      if (!response.ok) {
        const error = body as { message?: string; code?: string; hint?: string | null } | null;
        throw new DatabaseError(
          error?.message ?? `${fn} answered ${response.status}`,
          response.status,
          error?.code,
          error?.hint ?? undefined,
        );
      }
      return body as T;
    },
  };
}
