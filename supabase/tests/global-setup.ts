import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../local/database.ts';
import { applyMigrations, applyShim } from '../local/schema-setup.ts';
import { chosenEngines } from './engine-choice.ts';
import { findPostgresBinaries, makeClustersDir, makePostgresTemplate, stopClustersUnder } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump with the shim and migrations applied, so each test file skips initdb. */
    pgliteTemplate: string;
    /**
     * A stopped PostgreSQL data directory with the shim and migrations applied, which each test file's
     * cluster starts from a copy of (empty when PostgreSQL is not covered).
     */
    postgresTemplate: string;
    /** Where each test worker starts its one PostgreSQL cluster (helpers.ts), stopped when the run ends. */
    postgresClusters: string;
  }
}

/**
 * Says once which engines the SQL tests run on (so a CI log shows whether PostgreSQL was covered), and
 * prepares the templates every test file starts from: migrating once here instead of in each of some
 * seventy files is what keeps a file's start short.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engines = chosenEngines();
  const postgres = findPostgresBinaries();
  console.info(
    engines.length === 2
      ? `SQL tests run on PGlite and on PostgreSQL (${postgres}).`
      : engines[0] === 'postgres'
        ? `SQL tests run on PostgreSQL only (${postgres}): SQL_TEST_ENGINES=${process.env.SQL_TEST_ENGINES} (npm test covers PGlite too).`
        : postgres
          ? `SQL tests run on PGlite only: SQL_TEST_ENGINES=${process.env.SQL_TEST_ENGINES} (npm test covers PostgreSQL too).`
          : "SQL tests run on PGlite only: no PostgreSQL server found (install Debian's postgresql to cover it too).",
  );

  const dir = await mkdtemp(path.join(tmpdir(), 'golazo-sql-templates-'));
  const pgliteTemplate = async () => {
    if (!engines.includes('pglite')) return '';
    const file = path.join(dir, 'template.tar');
    const db = await openDatabase({});
    try {
      const dump = await db.pg.dumpDataDir('none');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    return file;
  };
  const postgresTemplate = async () =>
    engines.includes('postgres')
      ? makePostgresTemplate(dir, async (connection) => {
          await applyShim(connection);
          await applyMigrations(connection);
        })
      : '';
  try {
    // The two engines migrate at once: PGlite works in this process, PostgreSQL in its own server.
    const [pglite, postgresDir] = await Promise.all([pgliteTemplate(), postgresTemplate()]);
    project.provide('pgliteTemplate', pglite);
    project.provide('postgresTemplate', postgresDir);
    project.provide('postgresClusters', postgresDir ? await makeClustersDir(path.join(dir, 'clusters')) : '');
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await stopClustersUnder(path.join(dir, 'clusters'));
    await rm(dir, { recursive: true, force: true });
  };
}
