/**
 * The environment the project's own tools (the dev script, the local stack, the Astro, Playwright and
 * screenshot configurations) read: `.env` and `.env.local` at the project root, overridden by the
 * process environment, as Astro reads them for the site. A setting written once in `.env` (say
 * `SITE_PORT=4400`) therefore reaches the site, the stack and the tests alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { type LocalAddresses, localAddresses } from '../src/lib/local-addresses.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function projectEnv(root: string = PROJECT_ROOT, processEnv: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const fromFiles: Record<string, string | undefined> = {};
  for (const file of ['.env', '.env.local']) {
    const full = path.join(root, file);
    if (existsSync(full)) Object.assign(fromFiles, parseEnv(readFileSync(full, 'utf8')));
  }
  return { ...fromFiles, ...processEnv };
}

/** Where the site and the local stack answer, from the project's environment. */
export function projectAddresses(root: string = PROJECT_ROOT): LocalAddresses {
  return localAddresses(projectEnv(root));
}
