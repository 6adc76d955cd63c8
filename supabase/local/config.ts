/**
 * The few settings of supabase/config.toml the local stack honours, read with a small reader that
 * understands the subset of TOML the Supabase CLI writes there: `[section.sub]` headers and
 * `key = value` lines with strings, numbers, booleans and one-line arrays.
 */
import { readFileSync } from 'node:fs';

export type TomlValue = string | number | boolean | TomlValue[];
export type TomlTable = { [key: string]: TomlValue | TomlTable };

export function parseToml(text: string): TomlTable {
  const root: TomlTable = {};
  let current = root;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripComment(rawLine).trim();
    if (line === '') continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      current = root;
      for (const part of splitKey(header[1])) {
        const next = current[part];
        current = (next && typeof next === 'object' && !Array.isArray(next) ? next : (current[part] = {})) as TomlTable;
      }
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = unquote(line.slice(0, eq).trim());
    current[key] = parseValue(line.slice(eq + 1).trim());
  }
  return root;
}

function stripComment(line: string): string {
  let inString: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inString) {
      if (ch === inString && line[i - 1] !== '\\') inString = null;
    } else if (ch === '"' || ch === "'") inString = ch;
    else if (ch === '#') return line.slice(0, i);
  }
  return line;
}

function splitKey(key: string): string[] {
  return key.split('.').map((part) => unquote(part.trim()));
}

function unquote(text: string): string {
  return /^(["']).*\1$/.test(text) ? text.slice(1, -1) : text;
}

function parseValue(text: string): TomlValue {
  if (text.startsWith('[')) {
    const inner = text.slice(1, text.lastIndexOf(']')).trim();
    if (inner === '') return [];
    return inner.split(',').map((item) => item.trim()).filter(Boolean).map(parseValue);
  }
  if (/^".*"$|^'.*'$/.test(text)) return text.slice(1, -1).replace(/\\"/g, '"');
  if (text === 'true' || text === 'false') return text === 'true';
  const n = Number(text.replace(/_/g, ''));
  return Number.isFinite(n) ? n : text;
}

export function readTomlFile(file: string): TomlTable {
  try {
    return parseToml(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

function get(table: TomlTable, path: string): TomlValue | TomlTable | undefined {
  let node: TomlValue | TomlTable | undefined = table;
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
}

export interface StackSettings {
  auth: AuthSettings;
  /** verify_jwt per function name; functions not listed verify (the CLI's default). */
  functionVerifyJwt(name: string): boolean;
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function duration(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallback;
  const match = /^(\d+)(s|m|h)$/.exec(value);
  if (!match) return fallback;
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
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
      emailMaxFrequencySeconds: duration(get(toml, 'auth.email.max_frequency'), 60),
    },
    functionVerifyJwt(name) {
      return get(toml, `functions.${name}.verify_jwt`) !== false;
    },
  };
}
