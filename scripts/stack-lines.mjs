#!/usr/bin/env node
/**
 * `npm run stack:lines`: the size of the local stack's own emulation of Supabase, i.e. the lines of
 * supabase/local/**\/*.ts without the doubles of outside providers (supabase/local/doubles/), which
 * count apart. Prints one line per module folder, then each total against its ceiling (PASS or OVER),
 * and exits non-zero when either is over. `npm test` checks the same ceilings (stack-lines.test.ts).
 *
 * The ceilings keep the emulation small enough to read: a new feature of the stack makes room by
 * tidying, not by raising the number. A new double's routes are the double's own code and count with
 * the doubles, not with the emulation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The emulation of today's Supabase features (Auth, REST, Storage, Realtime, Functions, due work): 3,607
 * lines when last set, plus room for the open API already planned and nothing else. Exposing a second
 * schema (api_v1) is one entry in the REST service's exposed list and its error hint; PostgREST's OpenAPI
 * description at GET /rest/v1/ (paths for each table and function of the asked-for profile, definitions
 * with column types, built from the catalog as the schema cache does) is the one real addition, about 190
 * lines. Anything beyond that makes room by tidying.
 */
export const EMULATION_CEILING = 3800;
/**
 * The doubles of outside providers (Razorpay, RazorpayX, PAN verification, the mailbox), plus the push service
 * and WhatsApp doubles of the alerts: 1,487 lines when last set, the push double having grown by 37 to read
 * pushes with http_ece and jose instead of the sender's own code; then the webhook receiver the public
 * contract names (`/__webhooks/<name>`, 37 lines), the one double the open API needs.
 */
export const DOUBLES_CEILING = 1540;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Lines per folder of supabase/local, and the two totals: the emulation and the doubles. */
export function countStackLines(local = path.join(root, 'supabase', 'local')) {
  const byFolder = new Map();
  let emulation = 0;
  let doubles = 0;
  for (const entry of readdirSync(local, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const folder = path.relative(local, entry.parentPath) || '.';
    const count = readFileSync(path.join(entry.parentPath, entry.name), 'utf8').split('\n').length - 1;
    if (folder === 'doubles' || folder.startsWith(`doubles${path.sep}`)) doubles += count;
    else emulation += count;
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + count);
  }
  return { byFolder, emulation, doubles };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { byFolder, emulation, doubles } = countStackLines();
  for (const [folder, count] of [...byFolder].sort())
    console.log(`${String(count).padStart(6)}  supabase/local/${folder === '.' ? '' : `${folder}/`}`);
  const verdict = (count, ceiling) => `${count <= ceiling ? 'PASS' : 'OVER'} ${String(count).padStart(5)} of ${ceiling}`;
  console.log(`\n${verdict(emulation, EMULATION_CEILING)}  the emulation of Supabase (without doubles/)`);
  console.log(`${verdict(doubles, DOUBLES_CEILING)}  doubles of outside providers (doubles/; a new double's routes count here)`);
  if (emulation > EMULATION_CEILING || doubles > DOUBLES_CEILING) process.exitCode = 1;
}
