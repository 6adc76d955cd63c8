/**
 * Functions (/functions/v1/<name>): runs supabase/functions/<name>/index.ts under real Deno (the
 * `deno` npm package), one process per function on a private loopback port, and proxies requests
 * to it. A function starts on its first request, is restarted on the next request after a crash,
 * and is killed when the stack stops.
 *
 * Environment, as the Supabase edge runtime gives it: SUPABASE_URL (this stack), SUPABASE_ANON_KEY,
 * SUPABASE_SERVICE_ROLE_KEY, then secrets from supabase/local/functions.env overridden by
 * supabase/functions/.env. SUPABASE_DB_URL is not set: the embedded database has no network port.
 * verify_jwt follows config.toml's [functions.<name>] (default true, as with the CLI).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import type { Service, ServiceModule, StackContext } from '../context.ts';
import { bearerToken, readBody, sendJson } from '../http.ts';
import { freePort } from '../free-port.ts';
import { ANON_KEY, SERVICE_ROLE_KEY, verifyJwt } from '../keys.ts';

const BOOT_TIMEOUT_MS = 60_000;
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** `.env` files, read by Node's own parser (comments, quotes and `export` as dotenv writes them). */
function readDotenv(file: string): Record<string, string> {
  return existsSync(file) ? (parseEnv(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

interface RunningFunction {
  child: ChildProcess;
  port: number;
  ready: Promise<void>;
}

export const functionsService: ServiceModule = {
  name: 'functions',
  prefix: '/functions/v1',
  create(ctx: StackContext): Service {
    const deno = path.join(ctx.projectRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');
    const wrapper = path.join(ctx.projectRoot, 'supabase', 'local', 'deno', 'serve-function.js');
    const running = new Map<string, RunningFunction>();

    function entryOf(name: string): string | undefined {
      for (const dir of ctx.functionsDirs) {
        const entry = path.join(dir, name, 'index.ts');
        if (existsSync(entry)) return entry;
      }
      return undefined;
    }

    function environment(port: number, entry: string): NodeJS.ProcessEnv {
      const secrets = {
        ...readDotenv(path.join(ctx.projectRoot, 'supabase', 'local', 'functions.env')),
        ...readDotenv(path.join(ctx.projectRoot, 'supabase', 'functions', '.env')),
      };
      // Only what a function needs: the stack's own environment (and whatever secrets it holds) stays out.
      const passThrough = ['PATH', 'HOME', 'TMPDIR', 'DENO_DIR', 'NPM_CONFIG_REGISTRY', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'];
      return {
        ...Object.fromEntries(passThrough.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]])),
        ...secrets,
        SUPABASE_URL: ctx.apiUrl,
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
      const child = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', '--no-prompt', wrapper], {
        cwd: path.dirname(entry),
        env: environment(port, entry),
        // stdin stays open for the child's lifetime: its end tells the wrapper the stack is gone.
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const log = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim() && !line.startsWith('LOCAL_FUNCTION_READY')) ctx.log(`functions:${name}`, line);
      };
      child.stderr!.on('data', log);
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not start within ${BOOT_TIMEOUT_MS / 1000} s`)), BOOT_TIMEOUT_MS);
        child.stdout!.on('data', (chunk: Buffer) => {
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
      if (current && (current.child.exitCode !== null || current.child.signalCode !== null)) current = undefined;
      current ??= await start(name, entry);
      await current.ready;
      return current;
    }

    /** Forwards one request; resolves false when the function was not listening (so it can be restarted). */
    function proxy(req: IncomingMessage, res: ServerResponse, target: RunningFunction, pathAndQuery: string, body: Buffer): Promise<boolean> {
      return new Promise((resolve) => {
        const upstream = request(
          { host: '127.0.0.1', port: target.port, method: req.method, path: pathAndQuery, headers: { ...req.headers, host: `127.0.0.1:${target.port}` } },
          (response) => {
            // The gateway decides which origins may read answers (origins.ts), whatever the function says.
            const { 'access-control-allow-origin': _ignored, ...headers } = response.headers;
            res.writeHead(response.statusCode ?? 502, headers);
            response.pipe(res);
            response.on('end', () => resolve(true));
            response.on('error', () => resolve(true));
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') return resolve(false);
          // The function died while answering: the request may have had effects, so it is not retried.
          if (!res.headersSent) sendJson(res, 502, { code: 'FUNCTION_CRASHED', message: `The function stopped while answering: ${error.message}` });
          else res.end();
          resolve(true);
        });
        upstream.end(body);
      });
    }

    function discard(name: string, instance: RunningFunction) {
      if (running.get(name) === instance) running.delete(name);
      if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
    }

    return {
      async handle(req, res, url) {
        const rest = url.pathname.slice('/functions/v1'.length);
        const name = rest.split('/')[1] ?? '';
        const entry = FUNCTION_NAME.test(name) ? entryOf(name) : undefined;
        if (!entry) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
        if (ctx.settings.functionVerifyJwt(name)) {
          const token = bearerToken(req);
          if (!token) return sendJson(res, 401, { msg: 'Error: Missing authorization header' });
          try {
            await verifyJwt(token);
          } catch {
            return sendJson(res, 401, { msg: 'Invalid JWT' });
          }
        }
        const body = await readBody(req);
        // A function that exited since its last request is started again, once.
        for (let attempt = 0; attempt < 2; attempt++) {
          let target: RunningFunction;
          try {
            target = await instanceFor(name, entry);
          } catch (error) {
            ctx.log(`functions:${name}`, error instanceof Error ? error.message : String(error));
            return sendJson(res, 503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
          }
          if (await proxy(req, res, target, `${rest}${url.search}`, body)) return;
          discard(name, target);
        }
        sendJson(res, 503, { code: 'FUNCTION_UNREACHABLE', message: 'The function is not accepting requests (please check logs)' });
      },
      async stop() {
        await Promise.all(
          [...running.values()].map(
            ({ child }) =>
              new Promise<void>((resolve) => {
                if (child.exitCode !== null || child.signalCode !== null) return resolve();
                const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
                child.once('exit', () => {
                  clearTimeout(kill);
                  resolve();
                });
                child.kill('SIGTERM');
              }),
          ),
        );
        running.clear();
      },
    };
  },
};
