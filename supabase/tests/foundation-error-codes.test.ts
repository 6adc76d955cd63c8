/**
 * Every stable error code raised in supabase/migrations is listed in the one table
 * (supabase/functions/_shared/error-codes.ts) with the HTTP status its SQLSTATE stands for. Without it,
 * a client that branches on `hint` meets a code nobody documented, or a status that says the opposite.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../functions/_shared/error-codes.ts';
import { MIGRATIONS_DIR, readMigrations } from '../local/schema-setup.ts';

/** Hints written as prose before the PT4xx convention, raised by the accounts area's functions (42501). */
const PROSE_HINTS_BEFORE_THE_CONVENTION = new Set([
  "Call this function with a signed-in player''s access token.",
  'Contact support to change a completed profile.',
]);

type Raised = { file: string; errcode: string | null; hint: string };

async function raisedHints(): Promise<Raised[]> {
  const raised: Raised[] = [];
  for (const migration of await readMigrations(MIGRATIONS_DIR)) {
    // One `using ...;` clause per raise: errcode and hint in either order.
    for (const clause of migration.sql.matchAll(/using\s+([^;]*?hint\s*=\s*'(?:[^']|'')*'[^;]*);/gis)) {
      const text = clause[1] ?? '';
      const hint = /hint\s*=\s*'((?:[^']|'')*)'/i.exec(text)?.[1] ?? '';
      const errcode = /errcode\s*=\s*'([^']+)'/i.exec(text)?.[1] ?? null;
      raised.push({ file: migration.file, errcode, hint });
    }
  }
  return raised;
}

describe('error codes', () => {
  it('finds the raises it checks', async () => {
    const raised = await raisedHints();
    expect(raised.some((r) => r.hint === 'tournament_not_found' && r.errcode === 'PT404')).toBe(true);
  });

  it('lists every hint raised in a migration, with the status of its PT4xx errcode', async () => {
    const problems: string[] = [];
    for (const { file, errcode, hint } of await raisedHints()) {
      if (PROSE_HINTS_BEFORE_THE_CONVENTION.has(hint)) continue;
      const entry = (ERROR_CODES as Record<string, { status: number }>)[hint];
      if (!entry) problems.push(`${file}: hint '${hint}' is not in ERROR_CODES`);
      else if (!errcode || !/^PT4\d\d$/.test(errcode))
        problems.push(`${file}: hint '${hint}' is raised with errcode ${errcode}, not PT4xx`);
      else if (Number(errcode.slice(2)) !== entry.status) {
        problems.push(`${file}: hint '${hint}' is raised as ${errcode} but listed with status ${entry.status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every PT4xx raise a stable hint', async () => {
    const problems: string[] = [];
    for (const migration of await readMigrations(MIGRATIONS_DIR)) {
      for (const clause of migration.sql.matchAll(/using\s+([^;]*errcode\s*=\s*'PT\d+'[^;]*);/gis)) {
        if (!/hint\s*=\s*'[a-z][a-z0-9_]*'/.test(clause[1]!)) problems.push(`${migration.file}: ${clause[1]?.trim()}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses snake_case codes with a 4xx status and a player-facing message', async () => {
    for (const [code, { status, message }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      // 5xx only for the two answers that ask the caller to retry (Razorpay retries a webhook on 5xx).
      expect(status >= 400 && status < 500 ? true : ['payment_service_unavailable', 'webhook_retry_later'].includes(code), code).toBe(true);
      expect(message.length, code).toBeGreaterThan(0);
    }
    expect(await readFile(path.join(MIGRATIONS_DIR, '..', 'functions', '_shared', 'error-codes.ts'), 'utf8')).toContain(
      'export const ERROR_CODES = {',
    );
  });
});
