#!/usr/bin/env node
/**
 * `npm run stack:lines`: the size of the local stack's own emulation of Supabase, i.e. the lines of
 * supabase/local/**\/*.ts without the doubles of outside providers (supabase/local/doubles/), which
 * count apart. Prints one line per module folder, then both totals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const local = path.join(root, 'supabase', 'local');
const lines = (file) => readFileSync(file, 'utf8').split('\n').length - 1;

const byFolder = new Map();
let stack = 0;
let doubles = 0;
for (const entry of readdirSync(local, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const folder = path.relative(local, entry.parentPath) || '.';
  const count = lines(file);
  if (folder === 'doubles' || folder.startsWith(`doubles${path.sep}`)) doubles += count;
  else stack += count;
  byFolder.set(folder, (byFolder.get(folder) ?? 0) + count);
}
for (const [folder, count] of [...byFolder].sort())
  console.log(`${String(count).padStart(6)}  supabase/local/${folder === '.' ? '' : `${folder}/`}`);
console.log(`${String(stack).padStart(6)}  the emulation of Supabase (without doubles/)`);
console.log(`${String(doubles).padStart(6)}  doubles of outside providers (doubles/)`);
