/**
 * Which engines the SQL tests run on. Both by default (PGlite, the local stack's database, and PostgreSQL,
 * what hosted Supabase runs, when its server is installed); `SQL_TEST_ENGINES=pglite` or `=postgres` keeps
 * that one, and `=one` the quicker one available, for the edit loop (`npm run test:quick`): PostgreSQL,
 * whose tests take about a third of PGlite's time, else PGlite. `npm test` always covers both.
 */
import { findPostgresBinaries } from './postgres-cluster.ts';

type EngineName = 'pglite' | 'postgres';

/** The engines chosen and available, PGlite first. Throws on a value that names no engine. */
export function chosenEngines(env: NodeJS.ProcessEnv = process.env): EngineName[] {
  const raw = env.SQL_TEST_ENGINES?.trim().toLowerCase();
  if (raw === 'one') return [findPostgresBinaries() ? 'postgres' : 'pglite'];
  const wanted = raw ? raw.split(',').map((name) => name.trim()) : ['pglite', 'postgres'];
  const unknown = wanted.filter((name) => name !== 'pglite' && name !== 'postgres');
  if (unknown.length > 0) throw new Error(`SQL_TEST_ENGINES names no engine: ${unknown.join(', ')} (pglite, postgres, or one)`);
  if (wanted.includes('postgres') && raw && !findPostgresBinaries())
    throw new Error("SQL_TEST_ENGINES asks for PostgreSQL, but no PostgreSQL server is installed (Debian's postgresql)");
  return (['pglite', 'postgres'] as const).filter(
    (name) => wanted.includes(name) && (name === 'pglite' || findPostgresBinaries() !== null),
  );
}

/** Whether this run covers PostgreSQL: the PostgreSQL-only tests (real concurrent sessions, a crash) run only then. */
export const postgresCovered = (): boolean => chosenEngines().includes('postgres');

/** Whether this run covers PGlite: the tests of the local stack's own database run only then. */
export const pgliteCovered = (): boolean => chosenEngines().includes('pglite');

/**
 * The one engine for the tests that repeat the same functions at scale: the random sequences, every bracket
 * size from 2 to 300, grids of clock times, long calendar walks. PostgreSQL when this run covers it (what
 * hosted Supabase runs, where the money is real, and about three times PGlite's speed), else the one engine
 * covered. PGlite is PostgreSQL's own code compiled to WebAssembly: the engines differ in version, in the
 * local stack's shim and in having one session, not in how a function computes, so the functions these
 * tests repeat are proven on PGlite by the both-engine files that call each of them, and by the stack and
 * end-to-end tests, which run on PGlite alone (docs/testing.md, "Which engine runs what").
 */
export function scaleEngineName(env: NodeJS.ProcessEnv = process.env): EngineName {
  const chosen = chosenEngines(env);
  return chosen.includes('postgres') ? 'postgres' : (chosen[0] as EngineName);
}
