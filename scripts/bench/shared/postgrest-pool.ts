/**
 * How the edge functions reach the database in production, for the benches that race on it: through
 * PostgREST, which holds a fixed pool of connections and queues every request beyond it.
 */
import pg from 'pg';

/**
 * PostgREST's default `db-pool`, which the Supabase CLI's API container also sets. On two cores the size
 * matters: twenty backends taking turns cost each confirmation about a quarter more database CPU than ten.
 */
export const POSTGREST_DB_POOL = 10;

/** Opens a pool's connections as PostgREST's requests run: role service_role, one statement per call. */
export async function openPooledConnections(connectionString: string, size: number): Promise<pg.Client[]> {
  return Promise.all(
    Array.from({ length: size }, async () => {
      const client = new pg.Client({ connectionString });
      // A client whose server went away (the cluster stopping after a failure) must not crash the report.
      client.on('error', () => {});
      await client.connect();
      await client.query('set role service_role');
      return client;
    }),
  );
}

/** A first-come, first-served pool of open connections, like PostgREST's. */
export class ConnectionPool {
  private readonly idle: pg.Client[];
  private readonly waiting: Array<(client: pg.Client) => void> = [];

  constructor(connections: pg.Client[]) {
    this.idle = [...connections];
  }

  acquire(): Promise<pg.Client> {
    const client = this.idle.pop();
    return client ? Promise.resolve(client) : new Promise((resolve) => this.waiting.push(resolve));
  }

  release(client: pg.Client): void {
    const next = this.waiting.shift();
    if (next) next(client);
    else this.idle.push(client);
  }
}

/** The p-th percentile of ascending figures (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
