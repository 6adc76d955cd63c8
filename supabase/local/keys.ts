/**
 * The signing secret and API keys of the local stack: the Supabase CLI's well-known local values (the
 * same for every `supabase start`), so the site, the functions and the tests cannot tell this stack
 * from the CLI's. They sign nothing that matters outside a developer's machine.
 */
import { errors, jwtVerify, SignJWT } from 'jose';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** Same value as LOCAL_SUPABASE_ANON_KEY in src/lib/supabase-address.ts (a contract test checks they agree). */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

const secretKey = new TextEncoder().encode(JWT_SECRET);

/** The database roles a verified JWT may switch to, as on hosted Supabase. */
const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export class InvalidJwtError extends Error {
  readonly expired: boolean;
  constructor(message: string, expired = false) {
    super(message);
    this.expired = expired;
  }
}

/** Verifies an HS256 token; the messages follow PostgREST's wording, so callers can pass them on. */
export async function verifyJwt(token: string): Promise<JwtClaims> {
  try {
    return (await jwtVerify(token, secretKey, { algorithms: ['HS256'] })).payload as JwtClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new InvalidJwtError('JWT expired', true);
    if (error instanceof errors.JWSSignatureVerificationFailed) throw new InvalidJwtError('JWSError JWSInvalidSignature');
    if (error instanceof errors.JWTClaimValidationFailed) throw new InvalidJwtError('JWT claims validation failed');
    throw new InvalidJwtError('Invalid JWT');
  }
}

export function signJwt(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey);
}

function isApiRole(role: unknown): role is ApiRole {
  return typeof role === 'string' && (API_ROLES as readonly string[]).includes(role);
}

/** A verified token's role and claims (no role: anon); a role outside API_ROLES is refused. */
export async function identify(token: string): Promise<{ role: ApiRole; claims: JwtClaims }> {
  const claims = await verifyJwt(token);
  const role = claims.role ?? 'anon';
  if (!isApiRole(role)) throw new RoleNotAllowedError(`role "${String(role)}" is not allowed by the local stack`);
  return { role, claims };
}

class RoleNotAllowedError extends Error {}
