#!/usr/bin/env node
/**
 * `npm run stack:lines`: the size of the local stack's own emulation of Supabase, i.e. the lines of
 * supabase/local/**\/*.ts without the doubles of outside providers (supabase/local/doubles/), which
 * count apart. Prints one line per module folder, then each total against its ceiling (PASS or OVER),
 * and exits non-zero when either is over.
 *
 * The ceilings keep the emulation small enough to read: a new feature of the stack makes room by
 * tidying, not by raising the number. A new double's routes are the double's own code and count with
 * the doubles, not with the emulation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The emulation of today's Supabase features (Auth, REST, Storage, Realtime, Functions, due work). */
const EMULATION_CEILING = 3600;
/**
 * The doubles of outside providers (Razorpay, RazorpayX, PAN verification, the mailbox), plus the push service
 * and WhatsApp doubles of the alerts (204 lines with their VAPID keys).
 */
const DOUBLES_CEILING = 1404;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const local = path.join(root, 'supabase', 'local');
const lines = (file) => readFileSync(file, 'utf8').split('\n').length - 1;

const byFolder = new Map();
let emulation = 0;
let doubles = 0;
for (const entry of readdirSync(local, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const folder = path.relative(local, entry.parentPath) || '.';
  const count = lines(file);
  if (folder === 'doubles' || folder.startsWith(`doubles${path.sep}`)) doubles += count;
  else emulation += count;
  byFolder.set(folder, (byFolder.get(folder) ?? 0) + count);
}
for (const [folder, count] of [...byFolder].sort())
  console.log(`${String(count).padStart(6)}  supabase/local/${folder === '.' ? '' : `${folder}/`}`);

const verdict = (count, ceiling) => `${count <= ceiling ? 'PASS' : 'OVER'} ${String(count).padStart(5)} of ${ceiling}`;
console.log(`\n${verdict(emulation, EMULATION_CEILING)}  the emulation of Supabase (without doubles/)`);
console.log(`${verdict(doubles, DOUBLES_CEILING)}  doubles of outside providers (doubles/; a new double's routes count here)`);
if (emulation > EMULATION_CEILING || doubles > DOUBLES_CEILING) process.exitCode = 1;
