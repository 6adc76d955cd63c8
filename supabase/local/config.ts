/**
 * The few settings of supabase/config.toml the local stack honours (read with `smol-toml`), with the
 * CLI's defaults for the ones it leaves out.
 */
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';

export { parseToml };

// biome-ignore lint/suspicious/noExplicitAny: TOML tables are read by optional chaining and checked by type below.
type Toml = any;

/** Reads a Go duration as config.toml writes them ("1m0s", "90s", "1h") into seconds. */
export function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(h|m|s|ms))+$/.test(value)) return fallback;
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  let total = 0;
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ms|h|m|s)/g)) total += Number(amount) * units[unit];
  return total;
}

const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/**
 * `siteUrl` is the site's local URL (from SITE_PORT, see src/lib/local-addresses.ts): it replaces
 * config.toml's `auth.site_url`, which only `supabase start` reads, so moving the site is one setting.
 */
export function readStackSettings(configFile: string, siteUrl: string) {
  let toml: Toml = {};
  try {
    toml = parseToml(readFileSync(configFile, 'utf8'));
  } catch {
    // No readable config.toml: the CLI's defaults.
  }
  const auth: Toml = toml.auth ?? {};
  const schemas: unknown = toml.api?.schemas;
  return {
    /** PostgREST's exposed schemas and its cap on the rows of one answer (`[api]`; the CLI's defaults without). */
    rest: {
      schemas: Array.isArray(schemas) && schemas.every((s) => typeof s === 'string') ? (schemas as string[]) : ['public', 'graphql_public'],
      maxRows: num(toml.api?.max_rows, 1000),
    },
    auth: {
      siteUrl,
      jwtExpirySeconds: num(auth.jwt_expiry, 3600),
      enableSignup: auth.enable_signup !== false,
      otpLength: num(auth.email?.otp_length, 6),
      otpExpirySeconds: num(auth.email?.otp_expiry, 3600),
      /** Minimum time between two codes sent to one address (GoTrue's SMTP max frequency). */
      emailMaxFrequencySeconds: durationSeconds(auth.email?.max_frequency, 60),
      /** How long a rotated refresh token may still be presented (two tabs refreshing at once). */
      refreshTokenReuseSeconds: num(auth.refresh_token_reuse_interval, 10),
      maxEnrolledFactors: num(auth.mfa?.max_enrolled_factors, 10),
      totpEnrollEnabled: auth.mfa?.totp?.enroll_enabled !== false,
      totpVerifyEnabled: auth.mfa?.totp?.verify_enabled !== false,
    },
    /** verify_jwt per function name; functions not listed verify (the CLI's default). */
    functionVerifyJwt: (name: string): boolean => toml.functions?.[name]?.verify_jwt !== false,
  };
}

export type StackSettings = ReturnType<typeof readStackSettings>;
export type AuthSettings = StackSettings['auth'];
