/**
 * Landed migrations are never edited: a hosted project has already run them, so an edit would only take
 * effect on fresh databases and the two would drift apart. `supabase/migrations.sha256` lists every landed
 * migration with its SHA-256 (the format of `sha256sum`, so `sha256sum -c` checks it too); a unit test
 * fails when a listed file changes, disappears, or a migration is not listed yet.
 *
 *   npm run migrations:lock   # lists the new migrations (never rewrites a listed one)
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_DIR = path.join(root, 'supabase', 'migrations');
export const LOCK_FILE = path.join(root, 'supabase', 'migrations.sha256');

export interface LockProblem {
  file: string;
  problem: 'changed' | 'missing' | 'not listed';
}

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `<hash>  <file>` lines, in file order. */
export function parseLock(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line.trim());
    if (match) entries.set(match[2], match[1]);
  }
  return entries;
}

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** Every difference between the migrations on disk and the list of landed ones. */
export function checkLock(dir = MIGRATIONS_DIR, lockFile = LOCK_FILE): LockProblem[] {
  const listed = parseLock(existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '');
  const onDisk = new Set(migrationFiles(dir));
  const problems: LockProblem[] = [];
  for (const [file, hash] of listed) {
    if (!onDisk.has(file)) problems.push({ file, problem: 'missing' });
    else if (sha256(readFileSync(path.join(dir, file))) !== hash) problems.push({ file, problem: 'changed' });
  }
  for (const file of onDisk) if (!listed.has(file)) problems.push({ file, problem: 'not listed' });
  return problems;
}

/** Appends the migrations that are not listed yet; a listed one is never rewritten. */
export function lockNewMigrations(dir = MIGRATIONS_DIR, lockFile = LOCK_FILE): string[] {
  const existing = existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '';
  const listed = parseLock(existing);
  const added = migrationFiles(dir).filter((file) => !listed.has(file));
  const lines = added.map((file) => `${sha256(readFileSync(path.join(dir, file)))}  ${file}`);
  if (lines.length) writeFileSync(lockFile, `${existing.replace(/\n*$/, existing ? '\n' : '')}${lines.join('\n')}\n`);
  return added;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const added = lockNewMigrations();
  console.log(added.length ? `Listed ${added.length} new migration(s):\n  ${added.join('\n  ')}` : 'Every migration is already listed.');
  const problems = checkLock();
  for (const { file, problem } of problems) console.error(`${file}: ${problem}`);
  if (problems.length) {
    console.error('A landed migration changed or disappeared: restore it and put the change in a new migration.');
    process.exit(1);
  }
}
