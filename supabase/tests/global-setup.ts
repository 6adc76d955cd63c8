import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../local/database.ts';
import { findPostgresBinaries } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump with the shim and migrations applied, so each test file skips initdb. */
    pgliteTemplate: string;
  }
}

/**
 * Says once which engines the SQL tests run on (so a CI log shows whether PostgreSQL was covered), and
 * prepares the PGlite template every test file starts from.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = findPostgresBinaries();
  console.info(
    postgres
      ? `SQL tests run on PGlite and on PostgreSQL (${postgres}).`
      : "SQL tests run on PGlite only: no PostgreSQL server found (install Debian's postgresql to cover it too).",
  );

  const dir = await mkdtemp(path.join(tmpdir(), 'golazo-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const db = await openDatabase({});
  try {
    const dump = await db.pg.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
