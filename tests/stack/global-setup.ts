/**
 * Starts the local stack once for the contract tests: its own free port, a fresh temporary data
 * directory, the test fixtures' edge functions; stops it (and deletes the data) afterwards.
 * Set SUPABASE_LOCAL_TEST_URL to run the tests against a stack that is already running instead.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { MIGRATED_CACHE_DIR } from '../../scripts/servers.ts';
import { freePort } from '../../supabase/local/free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const STARTUP_TIMEOUT_MS = 180_000;

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
  }
}

async function waitForHealth(url: string, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(failure);
    try {
      const response = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the local stack did not answer at ${url} within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

export default async function setup(project: TestProject) {
  const existing = process.env.SUPABASE_LOCAL_TEST_URL;
  if (existing) {
    project.provide('stackUrl', existing);
    return;
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'golazo-stack-test-'));
  const node = existsSync(path.join(root, 'node_modules', '.bin', 'node'))
    ? path.join(root, 'node_modules', '.bin', 'node')
    : process.execPath;
  const child = spawn(
    node,
    [
      'supabase/local/main.ts',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--functions-dir',
      'tests/stack/fixtures/functions',
      '--sql',
      'tests/stack/fixtures/sql/column-privileges.sql',
      '--quiet',
      '--migrated-cache',
      MIGRATED_CACHE_DIR,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // One extra site origin, so the CORS tests can check the setting is read.
      env: { ...process.env, SUPABASE_LOCAL_ALLOWED_ORIGINS: 'https://staging.golazo.test, not a url' },
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  let exit: string | undefined;
  child.once('exit', (code, signal) => (exit = `the local stack exited (${signal ?? code}) before it was healthy:\n${output}`));

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, () => exit);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('stackUrl', url);

  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // Unreferenced: once the stack has exited, a pending timer must not keep the test run open for the rest of it.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
}
