/**
 * The two databases `npm run migration:new` and supabase/tests/schema-declared.test.ts compare, side by
 * side in one throw-away PostgreSQL cluster (supabase/tests/postgres-cluster.ts): one built from
 * supabase/migrations, one from supabase/schemas. Both start from the same Supabase shim.
 */
import pg from 'pg';
import { type PostgresCluster, pgConnection } from '../../supabase/tests/postgres-cluster.ts';
import { applyMigrations, applyShim, type SqlConnection } from '../../supabase/local/schema-setup.ts';
import { applyAreaFiles } from './schema-files.ts';

export type Database = { name: string; url: string; client: pg.Client; connection: SqlConnection };

/** A new, empty database in the cluster with the shim applied, and a client logged in to it. */
export async function createDatabase(cluster: PostgresCluster, name: string): Promise<Database> {
  await cluster.client.query(`create database ${name}`);
  const url = cluster.connectionString.replace(/\/postgres\?/, `/${name}?`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const connection = pgConnection(client);
  await applyShim(connection);
  return { name, url, client, connection };
}

export function buildFromMigrations(cluster: PostgresCluster, name = 'from_migrations', dir?: string): Promise<Database> {
  return build(cluster, name, (db) => applyMigrations(db.connection, dir));
}

export function buildFromSchemas(cluster: PostgresCluster, name = 'from_schemas', dir?: string): Promise<Database> {
  return build(cluster, name, (db) => applyAreaFiles(db.connection, dir));
}

/** A database that fails to build logs out before the error reaches the caller, who then stops the cluster. */
async function build(cluster: PostgresCluster, name: string, apply: (db: Database) => Promise<unknown>): Promise<Database> {
  const db = await createDatabase(cluster, name);
  try {
    await apply(db);
    return db;
  } catch (error) {
    await db.client.end().catch(() => {});
    throw error;
  }
}
