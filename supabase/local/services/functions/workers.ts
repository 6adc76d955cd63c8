/**
 * The Deno processes behind /functions/v1: one per function, on a private loopback port, started on
 * first use and killed when the stack stops. Their environment is what the Supabase edge runtime
 * gives: SUPABASE_URL (this stack), SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, then secrets from
 * supabase/local/functions.env overridden by supabase/functions/.env. SUPABASE_DB_URL is not set:
 * the embedded database has no network port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import type { StackContext } from '../../service.ts';
import { freePort } from '../../free-port.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../keys.ts';
import { localVapidKeys } from '../../doubles/vapid.ts';

const BOOT_TIMEOUT_MS = 60_000;

/** `.env` files, read by Node's own parser (comments, quotes and `export` as dotenv writes them). */
function readDotenv(file: string): Record<string, string> {
  return existsSync(file) ? (parseEnv(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export interface RunningFunction {
  child: ChildProcess;
  port: number;
  ready: Promise<void>;
}

export function functionWorkers(ctx: StackContext) {
  const deno = path.join(ctx.projectRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');
  const wrapper = path.join(ctx.projectRoot, 'supabase', 'local', 'deno', 'serve-function.js');
  const running = new Map<string, RunningFunction>();

  function environment(port: number, entry: string, vapid: { publicKey: string; privateKey: string }): NodeJS.ProcessEnv {
    const secrets = {
      // Web Push: the key pair this data folder made (vapid.ts); functions.env or .env may name another.
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...readDotenv(path.join(ctx.projectRoot, 'supabase', 'local', 'functions.env')),
      ...readDotenv(path.join(ctx.projectRoot, 'supabase', 'functions', '.env')),
    };
    // Only what a function needs: the stack's own environment (and whatever secrets it holds) stays out.
    const passThrough = ['PATH', 'HOME', 'TMPDIR', 'DENO_DIR', 'NPM_CONFIG_REGISTRY', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'];
    return {
      ...Object.fromEntries(passThrough.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]])),
      ...secrets,
      SUPABASE_URL: ctx.apiUrl,
      // The site's port (SITE_PORT, or .env) reaches the functions' CORS and e-mailed links too.
      SITE_PORT: new URL(ctx.settings.auth.siteUrl).port || '80',
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      DENO_NO_UPDATE_CHECK: '1',
      DENO_NO_PROMPT: '1',
      NO_COLOR: '1',
      LOCAL_FUNCTION_PORT: String(port),
      LOCAL_FUNCTION_ENTRY: pathToFileURL(entry).href,
    };
  }

  async function start(name: string, entry: string): Promise<RunningFunction> {
    const port = await freePort();
    const vapid = await localVapidKeys(ctx.dataDir);
    const child = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', '--no-prompt', wrapper], {
      cwd: path.dirname(entry),
      env: environment(port, entry, vapid),
      // stdin stays open for the child's lifetime: its end tells the wrapper the stack is gone.
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const log = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n'))
        if (line.trim() && !line.startsWith('LOCAL_FUNCTION_READY')) ctx.log(`functions:${name}`, line);
    };
    child.stderr.on('data', log);
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start within ${BOOT_TIMEOUT_MS / 1000} s`)), BOOT_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('LOCAL_FUNCTION_READY')) {
          clearTimeout(timer);
          resolve();
        }
        log(chunk);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited during boot (${signal ?? `code ${code}`})`));
      });
    });
    const instance = { child, port, ready };
    child.once('exit', (code, signal) => {
      if (running.get(name) === instance) running.delete(name);
      if (signal !== 'SIGTERM') ctx.log(`functions:${name}`, `stopped (${signal ?? `exit code ${code}`}); the next request restarts it`);
    });
    running.set(name, instance);
    return instance;
  }

  async function instanceFor(name: string, entry: string): Promise<RunningFunction> {
    let current = running.get(name);
    if (current && !alive(current.child)) current = undefined;
    current ??= await start(name, entry);
    await current.ready;
    return current;
  }

  function discard(name: string, instance: RunningFunction) {
    if (running.get(name) === instance) running.delete(name);
    if (alive(instance.child)) instance.child.kill('SIGKILL');
  }

  return {
    /** The running process of a function, started (again) when it has none. */
    instanceFor,
    /** Forgets a process that stopped answering, killing it if it still runs. */
    discard,
    async stop() {
      const stopping = [...running.values()].filter(({ child }) => alive(child));
      for (const { child } of stopping) {
        // A function that ignores SIGTERM for 3 s is killed outright.
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
        child.kill('SIGTERM');
      }
      await Promise.all(stopping.map(({ child }) => once(child, 'exit')));
      running.clear();
    },
  };
}
