/**
 * How the end-to-end tests, Lighthouse and the screenshots start the local stack and the built site,
 * on the ports the project's settings give (src/lib/local-addresses.ts).
 */
import os from 'node:os';
import path from 'node:path';
import type { LocalAddresses } from '../src/lib/local-addresses.ts';

/**
 * Where the test stacks keep their migrated databases (`--migrated-cache`): a fresh stack starts from the
 * one its migrations made instead of migrating again, seconds off every test run's start.
 */
export const MIGRATED_CACHE_DIR = path.join(os.tmpdir(), 'golazo-migrated-databases');

/** The embedded local Supabase on a fresh temporary database with the demo players (removed when it stops). */
export function stackServerArgs(addresses: LocalAddresses): string[] {
  return [
    'supabase/local/main.ts',
    '--port',
    String(addresses.stackPort),
    '--ephemeral',
    '--quiet',
    '--migrated-cache',
    MIGRATED_CACHE_DIR,
  ];
}

/**
 * The built site (`dist/`) as a static host serves it, with the security headers of `dist/_headers`
 * (scripts/preview.mjs), so every end-to-end test runs under the real policy. Run through `npx` like the
 * other servers, which finds the project's node.
 */
export function siteServerArgs(addresses: LocalAddresses): string[] {
  return ['node', 'scripts/preview.mjs', '--port', String(addresses.sitePort), '--host', '127.0.0.1'];
}

export const stackServerCommand = (addresses: LocalAddresses) => `node ${stackServerArgs(addresses).join(' ')}`;
export const siteServerCommand = (addresses: LocalAddresses) => `npx ${siteServerArgs(addresses).join(' ')}`;
