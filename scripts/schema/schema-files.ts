/**
 * supabase/schemas/<area>.sql: the database as it should be, one file per area of the product. The areas
 * are the files: adding an area is adding a file. Migrations are generated from these files
 * (`npm run migration:new <name>`, scripts/migration-new.ts); supabase/tests/schema-declared.test.ts keeps
 * the files and the migrations in step.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlConnection } from '../../supabase/local/schema-setup.ts';
import { splitStatements } from './sql-statements.ts';

export const SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'supabase', 'schemas');

export type AreaFile = { area: string; file: string; sql: string };

/** Every area file, by name. */
export function readAreaFiles(dir = SCHEMAS_DIR): AreaFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ area: file.slice(0, -'.sql'.length), file, sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/** The areas of the product: the names of the files in supabase/schemas. */
export const areaNames = (dir = SCHEMAS_DIR) => readAreaFiles(dir).map((f) => f.area);

/**
 * Builds the database the area files declare on a connection that already has the shim (applyShim), as
 * the migrator role like a migration. The files are written to be read top to bottom, not in the order
 * PostgreSQL needs (a table's default may call a function declared further down, a policy another area's
 * function), so a statement that fails is retried after the others until a pass makes no progress: then
 * the statements still failing are reported with their errors. All in one transaction.
 */
export async function applyAreaFiles(conn: SqlConnection, dir = SCHEMAS_DIR): Promise<void> {
  const statements = readAreaFiles(dir).flatMap(({ file, sql }) => splitStatements(sql).map((statement) => ({ file, statement })));
  // Kinds in the order PostgreSQL mostly needs them, so the first pass does nearly everything.
  let pending = tablesAfterTheirReferences(
    statements
      .map((item, i) => ({ item, i, rank: rankOf(item.statement) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ item }) => item),
  );
  await conn.transaction(async (tx) => {
    await tx.exec('set local role supabase_migrator');
    // Functions may then be created before the tables their bodies read. The bodies are still checked:
    // the migrations generated from these files run with the check on (scripts/migration-new.ts).
    await tx.exec('set local check_function_bodies = off');
    while (pending.length) {
      const failed: { file: string; statement: string; error: string }[] = [];
      for (const item of pending) {
        await tx.exec('savepoint area_statement');
        try {
          await tx.exec(item.statement);
          await tx.exec('release savepoint area_statement');
        } catch (error) {
          await tx.exec('rollback to savepoint area_statement');
          failed.push({ ...item, error: error instanceof Error ? error.message : String(error) });
        }
      }
      if (failed.length === pending.length) {
        const shown = failed.slice(0, 10).map((f) => `  supabase/schemas/${f.file}: ${firstLine(f.statement)}\n    ${f.error}`);
        throw new Error(
          `${failed.length} statement(s) of supabase/schemas cannot run:\n${shown.join('\n')}${failed.length > 10 ? '\n  ...' : ''}`,
        );
      }
      pending = failed;
    }
    await tx.exec('reset role');
  });
}

const RANKS: [RegExp, number][] = [
  [/^create (schema|extension|type|domain|sequence)\b/i, 0],
  [/^create (or replace )?(function|procedure)\b/i, 1],
  [/^create table\b/i, 2],
  [/^(alter table|create (unique )?index)\b/i, 3],
  [/^create (or replace )?(materialized )?view\b/i, 4],
  [/^(comment on|alter publication)\b/i, 5],
  [/^insert into\b/i, 6],
  [/^create (trigger|policy)\b/i, 7],
  [/^(grant|revoke)\b/i, 8],
];
const rankOf = (statement: string) => {
  const code = statement.replace(/^(\s*--[^\n]*\n)*/, '').trim();
  return RANKS.find(([pattern]) => pattern.test(code))?.[1] ?? 9;
};

/** Each `create table` after the tables its foreign keys reference, the rest left in place. */
function tablesAfterTheirReferences<T extends { statement: string }>(items: T[]): T[] {
  const created = (item: T) => /^create table ([a-z_]+\.[a-z_0-9]+)/m.exec(item.statement)?.[1];
  const tables = new Map(items.filter(created).map((item) => [created(item) as string, item]));
  const sorted: T[] = [];
  const visiting = new Set<string>();
  const visit = (item: T) => {
    const name = created(item) as string;
    if (visiting.has(name)) return;
    visiting.add(name);
    for (const [, referenced] of item.statement.matchAll(/REFERENCES ([a-z_]+\.[a-z_0-9]+)\(/g)) {
      const target = tables.get(referenced ?? '');
      if (target) visit(target);
    }
    sorted.push(item);
  };
  for (const item of tables.values()) visit(item);
  let next = 0;
  return items.map((item) => (created(item) ? (sorted[next++] as T) : item));
}

const firstLine = (statement: string) =>
  statement
    .split('\n')
    .find((line) => line.trim() && !line.trim().startsWith('--'))
    ?.trim()
    .slice(0, 120) ?? '';
