import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectEnv } from './project-env.ts';
import { localAddresses } from '../src/lib/local-addresses.ts';

describe('project environment', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('reads .env and .env.local, the process environment winning, so one line in .env moves the site', () => {
    root = mkdtempSync(path.join(tmpdir(), 'golazo-env-'));
    writeFileSync(path.join(root, '.env'), 'SITE_PORT=4400\nSUPABASE_LOCAL_PORT=60001\n');
    writeFileSync(path.join(root, '.env.local'), 'SUPABASE_LOCAL_PORT=60002\n');
    const env = projectEnv(root, { SUPABASE_LOCAL_PORT: '60003' });
    expect(localAddresses(env)).toMatchObject({ siteUrl: 'http://127.0.0.1:4400', stackUrl: 'http://127.0.0.1:60003' });
    expect(localAddresses(projectEnv(root, {})).stackPort).toBe(60002);
  });
});
