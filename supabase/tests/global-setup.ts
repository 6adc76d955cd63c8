import { findPostgresBinaries } from '../local/postgres-cluster.ts';

/** Says once which engines the SQL tests run on, so a CI log shows whether PostgreSQL was covered. */
export default function announceEngines(): void {
  const postgres = findPostgresBinaries();
  console.info(
    postgres
      ? `SQL tests run on PGlite and on PostgreSQL (${postgres}).`
      : 'SQL tests run on PGlite only: no PostgreSQL server found (install Debian\'s postgresql to cover it too).',
  );
}
