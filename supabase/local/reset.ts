/**
 * `npm run stack:reset`: deletes the local stack's data (.data/, or --data-dir) so the next start
 * creates the database afresh: shim, every migration, the demo seed. Refuses while a stack is
 * answering on its port (SUPABASE_LOCAL_PORT, default 54321), since it would keep writing to the files being deleted.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectAddresses, projectEnv } from '../../scripts/project-env.ts';
import { PROJECT_ROOT } from './server.ts';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, port: { type: 'string' } } });
const dataDir = path.resolve(values['data-dir'] ?? projectEnv().SUPABASE_LOCAL_DATA_DIR ?? path.join(PROJECT_ROOT, '.data'));
const port = values.port === undefined ? projectAddresses().stackPort : Number(values.port);

const running = await fetch(`http://127.0.0.1:${port}/auth/v1/health`, { signal: AbortSignal.timeout(1000) })
  .then((r) => r.ok)
  .catch(() => false);
if (running) {
  console.error(`A local stack is running on port ${port}: stop it (Ctrl-C) before resetting its data.`);
  process.exit(1);
}
if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${dataDir} does not exist.`);
} else {
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Deleted ${dataDir}. The next \`npm run stack\` or \`npm run dev\` starts from a fresh database with the demo data.`);
}
