#!/usr/bin/env node
/**
 * `npm run dev`: the whole product on one machine: the embedded local Supabase
 * (http://127.0.0.1:54321) and the site in `astro dev` (http://127.0.0.1:4321), side by side.
 * SITE_PORT, SUPABASE_LOCAL_PORT or PUBLIC_SUPABASE_URL (environment or .env) move them; both
 * processes and the site's settings derive every address from those (src/lib/local-addresses.ts).
 * Ctrl-C stops both; if either one stops, the other is stopped too.
 * Arguments after `--` go to astro dev (e.g. `npm run dev -- --host`).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectAddresses } from './project-env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const addresses = projectAddresses(root);
console.log(`Site: ${addresses.siteUrl}   Local Supabase: ${addresses.stackUrl}`);

const children = [
  { name: 'stack', child: spawn(node, ['supabase/local/main.ts'], { cwd: root, stdio: 'inherit' }) },
  {
    name: 'site',
    child: spawn(
      node,
      [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'dev', '--port', String(addresses.sitePort), ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
      },
    ),
  },
];

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

let exitCode = 0;
let stopping = false;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (isRunning(child)) child.kill(signal);
  // Whatever still runs after a grace period is not coming back on its own.
  setTimeout(() => {
    for (const { child } of children) if (isRunning(child)) child.kill('SIGKILL');
  }, 15_000).unref();
}

for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.log(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      exitCode = code ?? 1;
    }
    stopAll('SIGTERM');
    if (!children.some(({ child: c }) => isRunning(c))) process.exit(exitCode);
  });
}

// Ctrl-C reaches the children through the terminal as well; forwarding covers `kill <pid>` too.
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
