/**
 * The local stack's VAPID key pair (Web Push, RFC 8292): made once per data folder and kept in
 * `<data>/vapid.json`, so pushes keep verifying across restarts. The functions get it as their VAPID_* secrets;
 * a local build of the site reads the public key as PUBLIC_VAPID_PUBLIC_KEY (astro.config.mjs).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateVapidKeys, type VapidKeys } from '../../functions/_shared/web-push.ts';

export async function localVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return stored as VapidKeys;
  }
  const keys = await generateVapidKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
