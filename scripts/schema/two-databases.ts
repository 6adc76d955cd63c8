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

export async function buildFromMigrations(cluster: PostgresCluster, name = 'from_migrations', dir?: string): Promise<Database> {
  const db = await createDatabase(cluster, name);
  await applyMigrations(db.connection, dir);
  return db;
}

export async function buildFromSchemas(cluster: PostgresCluster, name = 'from_schemas', dir?: string): Promise<Database> {
  const db = await createDatabase(cluster, name);
  await applyAreaFiles(db.connection, dir);
  return db;
}
