/**
 * `npm run stack`: starts the embedded local Supabase and prints its URLs and keys the way
 * `supabase start` does. Ctrl-C (or SIGTERM) stops it; the data stays in .data/ for next time.
 *
 * Options (or environment): --port (SUPABASE_LOCAL_PORT, default 54321), --data-dir
 * (SUPABASE_LOCAL_DATA_DIR, default .data), --ephemeral (a fresh temporary data dir removed on
 * exit, for end-to-end tests), --functions-dir <dir> (extra edge functions, repeatable), --sql <file>
 * (extra SQL applied as superuser after the migrations on every start, repeatable: test fixtures),
 * --no-seed, --quiet (only Auth's lines, which carry the one-time codes, are logged).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from './keys.ts';
import { startStack } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    ephemeral: { type: 'boolean', default: false },
    'functions-dir': { type: 'string', multiple: true },
    sql: { type: 'string', multiple: true },
    'no-seed': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const startedAt = performance.now();
const port = Number(values.port ?? process.env.SUPABASE_LOCAL_PORT ?? 54321);
const dataDir = values.ephemeral
  ? await mkdtemp(path.join(os.tmpdir(), 'golazo-stack-'))
  : (values['data-dir'] ?? process.env.SUPABASE_LOCAL_DATA_DIR);

let stack: Awaited<ReturnType<typeof startStack>>;
try {
  stack = await startStack({
    port,
    dataDir,
    seed: !values['no-seed'],
    extraFunctionsDirs: values['functions-dir'],
    extraSqlFiles: values.sql,
    log: values.quiet ? (scope, message) => scope === 'auth' && console.log(`[${scope}] ${message}`) : undefined,
  });
} catch (error) {
  console.error('The local Supabase could not start:', error instanceof Error ? error.message : error);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`Port ${port} is in use: is another stack running?`);
  if (values.ephemeral && dataDir) await rm(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const url = stack.url;
console.log(`
Started the local Supabase in ${Math.round(performance.now() - startedAt)} ms (data: ${stack.context.dataDir}).

         API URL: ${url}
        REST URL: ${url}/rest/v1
    Realtime URL: ${url.replace('http', 'ws')}/realtime/v1
 Storage API URL: ${url}/storage/v1
   Functions URL: ${url}/functions/v1
           Inbox: ${url}/__inbox?email=<address>
          DB URL: (in-process PGlite; no network port)
      JWT secret: ${JWT_SECRET}
        anon key: ${ANON_KEY}
service_role key: ${SERVICE_ROLE_KEY}
${values['no-seed'] ? '' : '\nDemo players (password golazo-demo): demo1@golazo.test, demo2@golazo.test\n'}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local Supabase...`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await stack.close();
  if (values.ephemeral && dataDir) await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
