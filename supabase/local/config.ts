/**
 * The few settings of supabase/config.toml the local stack honours (read with `smol-toml`).
 */
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';

export { parseToml };

type TomlTable = Record<string, unknown>;

function readTomlFile(file: string): TomlTable {
  try {
    return parseToml(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

function get(table: TomlTable, path: string): unknown {
  let node: unknown = table;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as TomlTable)[part];
  }
  return node;
}

export interface AuthSettings {
  siteUrl: string;
  jwtExpirySeconds: number;
  enableSignup: boolean;
  otpLength: number;
  otpExpirySeconds: number;
  /** Minimum time between two codes sent to one address (GoTrue's SMTP max frequency). */
  emailMaxFrequencySeconds: number;
  /** How long a rotated refresh token may still be presented (two tabs refreshing at once). */
  refreshTokenReuseSeconds: number;
  maxEnrolledFactors: number;
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
}

export interface StackSettings {
  auth: AuthSettings;
  /** verify_jwt per function name; functions not listed verify (the CLI's default). */
  functionVerifyJwt(name: string): boolean;
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

/** Reads a Go duration as config.toml writes them ("1m0s", "90s", "1h") into seconds. */
export function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(h|m|s|ms))+$/.test(value)) return fallback;
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  let total = 0;
  for (const [, amount, , unit] of value.matchAll(/(\d+(\.\d+)?)(ms|h|m|s)/g)) total += Number(amount) * units[unit];
  return total;
}

export function readStackSettings(configFile: string): StackSettings {
  const toml = readTomlFile(configFile);
  const siteUrl = get(toml, 'auth.site_url');
  return {
    auth: {
      siteUrl: typeof siteUrl === 'string' ? siteUrl : 'http://127.0.0.1:4321',
      jwtExpirySeconds: num(get(toml, 'auth.jwt_expiry'), 3600),
      enableSignup: get(toml, 'auth.enable_signup') !== false,
      otpLength: num(get(toml, 'auth.email.otp_length'), 6),
      otpExpirySeconds: num(get(toml, 'auth.email.otp_expiry'), 3600),
      emailMaxFrequencySeconds: durationSeconds(get(toml, 'auth.email.max_frequency'), 60),
      refreshTokenReuseSeconds: num(get(toml, 'auth.refresh_token_reuse_interval'), 10),
      maxEnrolledFactors: num(get(toml, 'auth.mfa.max_enrolled_factors'), 10),
      totpEnrollEnabled: get(toml, 'auth.mfa.totp.enroll_enabled') !== false,
      totpVerifyEnabled: get(toml, 'auth.mfa.totp.verify_enabled') !== false,
    },
    functionVerifyJwt(name) {
      return get(toml, `functions.${name}.verify_jwt`) !== false;
    },
  };
}
