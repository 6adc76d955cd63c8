/**
 * A throw-away PostgreSQL cluster for the SQL tests, so the schema is proven on the server hosted Supabase
 * runs as well as on PGlite. Needs PostgreSQL's server binaries (Debian: `apt-get install postgresql`);
 * {@link findPostgresBinaries} says whether they are there.
 *
 * The cluster lives in a temporary directory, listens on a Unix socket in that directory only (no TCP),
 * skips fsync, and is stopped and deleted by `stop()`. PostgreSQL refuses to run as root, so when the
 * tests run as root the server runs as the `postgres` OS user through `runuser`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { SqlConnection, SqlExecutor } from '../local/schema-setup.ts';
import { freePort } from '../local/free-port.ts';

const run = promisify(execFile);

/** The PostgreSQL bin directory holding initdb and pg_ctl, or null when no server is installed. */
export function findPostgresBinaries(): string | null {
  const candidates = ['/usr/lib/postgresql/15/bin'];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // pg_config absent: only the well-known Debian location is tried.
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

export type PostgresCluster = {
  /** A connected client, logged in as the cluster's superuser `postgres` (like PGlite's session). */
  client: pg.Client;
  /** The same client adapted to schema-setup.ts. */
  connection: SqlConnection;
  /** `postgres://postgres@/postgres?host=<socket dir>&port=<port>`, for more clients. */
  connectionString: string;
  /** The server's major version, e.g. 15. */
  serverVersion: number;
  /** The cluster's data directory (inside the temporary directory `stop()` deletes). */
  dataDir: string;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
};

type StartPostgresClusterOptions = {
  /**
   * A stopped cluster's data directory ({@link makePostgresTemplate}) to start from, instead of a fresh
   * initdb: the copy has the shim and migrations already applied, so a test file skips both (about two
   * seconds of a busy 2-core machine per file). Each cluster still owns its copy: tests that crash the
   * server or change cluster-wide settings touch nobody else.
   */
  fromDataDir?: string;
  /** Where the cluster's temporary directory goes (default: the system's); {@link stopClustersUnder} stops those left there. */
  parentDir?: string;
  /**
   * The database the cluster's own client logs in to (default `postgres`). A cluster whose `postgres` database is
   * the template of others (`create database … template postgres`) logs in to `template1`: PostgreSQL copies a
   * template only while nobody is connected to it.
   */
  database?: string;
};

/**
 * initdb (or a copy of `fromDataDir`) + pg_ctl start in a new temporary directory. Throws when no
 * PostgreSQL server is installed.
 */
export async function startPostgresCluster(options: StartPostgresClusterOptions = {}): Promise<PostgresCluster> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error('No PostgreSQL server binaries found (looked in /usr/lib/postgresql/15/bin and pg_config --bindir)');

  const root = await mkdtemp(path.join(options.parentDir ?? tmpdir(), 'golazo-pg-'));
  const dataDir = path.join(root, 'data');
  if (userInfo().uid === 0) {
    const { uid, gid } = postgresOsUser();
    await chown(root, uid, gid);
  }

  const port = await freePort();
  if (options.fromDataDir) {
    // Copied as the server's user, so the files keep the owner and the 0700 mode PostgreSQL insists on.
    await asServerUser('cp', ['-a', options.fromDataDir, dataDir]);
  } else {
    await asServerUser(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  }
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    `-c listen_addresses=''`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ];
  await asServerUser(path.join(bin, 'pg_ctl'), [
    'start',
    '-D',
    dataDir,
    '-w',
    '-l',
    path.join(root, 'server.log'),
    '-o',
    serverOptions.join(' '),
  ]);

  const stop = async () => {
    await asServerUser(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']).catch(() => {});
    await rm(root, { recursive: true, force: true });
  };

  const database = options.database ?? 'postgres';
  const client = new pg.Client({ host: root, port, user: 'postgres', database });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return {
      client,
      connection: pgConnection(client),
      connectionString: `postgres://postgres@/${database}?host=${encodeURIComponent(root)}&port=${port}`,
      serverVersion: Math.floor(Number(rows[0]?.server_version_num) / 10000),
      dataDir,
      stop: async () => {
        await client.end().catch(() => {});
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A cluster with the shim and every migration applied (`prepare`), stopped cleanly, copied to
 * `<dir>/postgres-template` for {@link startPostgresCluster}'s `fromDataDir`. Returns that path.
 */
export async function makePostgresTemplate(dir: string, prepare: (connection: SqlConnection) => Promise<void>): Promise<string> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error('No PostgreSQL server binaries found');
  const cluster = await startPostgresCluster();
  const target = path.join(dir, 'postgres-template');
  try {
    await prepare(cluster.connection);
    await cluster.client.end();
    // A clean shutdown (not `immediate`): every copy then starts without crash recovery.
    await asServerUser(path.join(bin, 'pg_ctl'), ['stop', '-D', cluster.dataDir, '-m', 'fast', '-w']);
    if (userInfo().uid === 0) {
      const { uid, gid } = postgresOsUser();
      await chown(dir, uid, gid);
    }
    await asServerUser('cp', ['-a', cluster.dataDir, target]);
    return target;
  } finally {
    await cluster.stop();
  }
}

/** Makes `dir` for clusters to be started under ({@link StartPostgresClusterOptions.parentDir}): owned by the server's OS user. */
export async function makeClustersDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  if (userInfo().uid === 0) {
    const { uid, gid } = postgresOsUser();
    await chown(dir, uid, gid);
  }
  return dir;
}

/**
 * Stops every cluster started under `dir` ({@link StartPostgresClusterOptions.parentDir}) that is still running:
 * the SQL tests' shared clusters live as long as their worker, which may end without stopping them.
 */
export async function stopClustersUnder(dir: string): Promise<void> {
  const bin = findPostgresBinaries();
  if (!bin) return;
  const roots = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith('golazo-pg-'));
  await Promise.all(
    roots.map((root) =>
      asServerUser(path.join(bin, 'pg_ctl'), ['stop', '-D', path.join(dir, root, 'data'), '-m', 'immediate', '-w']).catch(() => {}),
    ),
  );
}

/** Runs a PostgreSQL binary as the server's OS user: `postgres` when the tests run as root (the server refuses root). */
function asServerUser(command: string, args: string[]) {
  return userInfo().uid === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

/** Adapts one node-postgres client (one session) to schema-setup.ts. */
export function pgConnection(client: pg.Client): SqlConnection {
  const executor: SqlExecutor = {
    exec: (sql) => client.query(sql),
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
  };
  return {
    ...executor,
    transaction: async (fn) => {
      await client.query('begin');
      try {
        const result = await fn(executor);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    },
  };
}

function postgresOsUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('PostgreSQL will not run as root and the postgres OS user is missing');
  }
}
