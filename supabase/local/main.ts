/**
 * `npm run stack`: starts the embedded local Supabase and prints its URLs and keys the way
 * `supabase start` does. Ctrl-C (or SIGTERM) stops it; the data stays in .data/ for next time.
 * Its options are listed in supabase/local/README.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { enableCompileCache } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

// Node keeps the compiled code of the stack's modules (in the system's temporary folder, keyed by their
// content), which halves their loading on the next start. Set before the stack's own modules are imported.
enableCompileCache();
const [{ projectAddresses, projectEnv }, { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY }, { startStack }] = await Promise.all([
  import('../../scripts/project-env.ts'),
  import('./keys.ts'),
  import('./server.ts'),
]);

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    ephemeral: { type: 'boolean', default: false },
    'functions-dir': { type: 'string', multiple: true },
    sql: { type: 'string', multiple: true },
    'no-seed': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'migrated-cache': { type: 'string' },
    'cluster-template': { type: 'string' },
  },
});

const startedAt = performance.now();
const addresses = projectAddresses();
const port = values.port === undefined ? addresses.stackPort : Number(values.port);
// The configured URL is announced only by the stack that answers it (tests start more on other ports).
const publicUrl = addresses.stackIsLocal && port === addresses.stackPort ? addresses.stackUrl : undefined;
const dataDir = values.ephemeral
  ? await mkdtemp(path.join(os.tmpdir(), 'golazo-stack-'))
  : (values['data-dir'] ?? projectEnv().SUPABASE_LOCAL_DATA_DIR);
const removeEphemeralData = () => (values.ephemeral && dataDir ? rm(dataDir, { recursive: true, force: true }) : undefined);

let stack: Awaited<ReturnType<typeof startStack>>;
try {
  stack = await startStack({
    port,
    publicUrl,
    dataDir,
    seed: !values['no-seed'],
    migratedCacheDir: values['migrated-cache'],
    clusterTemplateDir: values['cluster-template'],
    extraFunctionsDirs: values['functions-dir'],
    extraSqlFiles: values.sql,
    // Quiet still logs Auth's lines: they carry the one-time codes.
    log: values.quiet ? (scope, message) => scope === 'auth' && console.log(`[${scope}] ${message}`) : undefined,
  });
} catch (error) {
  console.error('The local Supabase could not start:', error instanceof Error ? error.message : error);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`Port ${port} is in use: is another stack running?`);
  await removeEphemeralData();
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
${values['no-seed'] ? '' : '\nDemo accounts (password golazo-demo): players demo1@golazo.test ... demo8@golazo.test; staff referee@, organiser@, admin@golazo.test (authenticator secret JBSWY3DPEHPK3PXP)\n'}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local Supabase...`);
  setTimeout(() => process.exit(1), 10_000).unref();
  await stack.close();
  await removeEphemeralData();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
