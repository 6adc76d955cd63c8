/**
 * `npm run schema`: the current database, by area. Migrates a fresh in-memory database the way the SQL
 * tests and the local stack do (the shim, then every migration), reads the current definition of every
 * object the migrations made and writes supabase/schema/<area>.sql for each area of scripts/schema/areas.ts.
 *
 * Fails, writing nothing, when an object has no area or a name in the map matches nothing: a new table or
 * function is placed in an area before it lands. supabase/tests/schema-current.test.ts checks the files
 * are current.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pgliteConnection } from '../supabase/local/database.ts';
import { applyMigrations, applyShim } from '../supabase/local/schema-setup.ts';
import { AREAS, type AreaName } from './schema/areas.ts';
import { type ObjectKind, readCatalog, type SchemaObject } from './schema/catalog.ts';
import { renderStateMachines, STATE_MACHINES_MODULE } from './schema/state-machines.ts';

export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'supabase', 'schema');

/** After a table: its policies, then its triggers. */
const KIND_ORDER: ObjectKind[] = ['policy', 'trigger'];
const RULE = '-- -----------------------------------------------------------------------------------------------------';
const DOUBLE_RULE = '-- =====================================================================================================';

/**
 * The objects the migrations made: those of a migrated database that a database with only the shim lacks;
 * and the TypeScript module of its declared state machines.
 */
async function readMigratedObjects(): Promise<{ objects: SchemaObject[]; stateMachines: string }> {
  // The same engine and extension as the local stack's database (supabase/local/database.ts).
  const pg = await PGlite.create({ extensions: { pgcrypto } });
  try {
    const conn = pgliteConnection(pg);
    await applyShim(conn);
    const shimOnly = new Set((await readCatalog(conn)).map((o) => o.identity));
    await applyMigrations(conn);
    const objects = (await readCatalog(conn)).filter((o) => !shimOnly.has(o.identity));
    return {
      objects: withDueWorkSteps(objects, await conn.query<{ step: string }>(DUE_WORK_STEPS)),
      stateMachines: await renderStateMachines(conn),
    };
  } finally {
    await pg.close();
  }
}

/** The periodic function's steps are rows, yet what a reader of the registry wants to see: listed under it. */
const DUE_WORK_STEPS = `select format('--   %s  %s (%s): %s()', run_order, name, area, function_name) as step
                          from private.due_work_steps order by run_order`;

function withDueWorkSteps(objects: SchemaObject[], steps: { rows: { step: string }[] }): SchemaObject[] {
  const list = ['-- Registered steps, in the order each pass runs them:', ...steps.rows.map((r) => r.step)].join('\n');
  return objects.map((o) => (o.key === 'private.due_work_steps' ? { ...o, sql: `${o.sql}\n${list}` } : o));
}

type Placement = { area: AreaName; section: string };

/** Each object's area and section; throws naming every object without one and every name that matches nothing. */
function place(objects: SchemaObject[]): Map<SchemaObject, Placement> {
  const byName = new Map<string, Placement>();
  const listedTwice: string[] = [];
  for (const [area, { sections }] of Object.entries(AREAS) as [AreaName, (typeof AREAS)[AreaName]][]) {
    for (const [section, names] of Object.entries(sections)) {
      for (const name of names) {
        if (byName.has(name)) listedTwice.push(name);
        byName.set(name, { area, section });
      }
    }
  }
  const tables = new Set(objects.filter((o) => o.kind === 'table' || o.kind === 'view').map((o) => o.key));
  const placements = new Map<SchemaObject, Placement>();
  const unplaced = new Set<string>();
  const used = new Set<string>();
  for (const object of objects) {
    // A policy or trigger on one of the project's tables is shown with that table.
    const name = object.table && tables.has(object.table) ? object.table : object.key;
    const placement = byName.get(name);
    if (placement) {
      placements.set(object, placement);
      used.add(name);
    } else unplaced.add(name);
  }
  const unmatched = [...byName.keys()].filter((name) => !used.has(name));
  const problems = [
    ...[...unplaced].sort().map((name) => `no area for ${name}`),
    ...unmatched.sort().map((name) => `${name} is in the area map but the migrations make no such object`),
    ...listedTwice.sort().map((name) => `${name} is in the area map twice`),
  ];
  if (problems.length) {
    throw new Error(
      `scripts/schema/areas.ts does not match the migrations:\n  ${problems.join('\n  ')}\nName each object in one area's section.`,
    );
  }
  return placements;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byKindThenName = (a: SchemaObject, b: SchemaObject) =>
  KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || compare(a.key, b.key) || compare(a.identity, b.identity);

function renderArea(area: AreaName, placed: [SchemaObject, Placement][]): string {
  const { about, sections } = AREAS[area];
  const lines = [
    DOUBLE_RULE,
    `-- ${area}: ${about}`,
    DOUBLE_RULE,
    '-- Generated from supabase/migrations by `npm run schema` (scripts/schema-dump.ts): do not edit. The current',
    '-- definition of every object of this area; change one with a new migration, then run `npm run schema`.',
    '-- Areas are assigned in scripts/schema/areas.ts.',
    DOUBLE_RULE,
  ];
  for (const section of Object.keys(sections)) {
    const names = sections[section as keyof typeof sections] as string[];
    const objects = placed.filter(([, p]) => p.section === section).map(([o]) => o);
    const tables = objects.filter((o) => o.kind === 'table' || o.kind === 'view').map((o) => o.key);
    // In the map's order; a table's policies and triggers follow the table.
    const standalone = objects
      .filter((o) => !(o.table && tables.includes(o.table)))
      .sort((a, b) => names.indexOf(a.key) - names.indexOf(b.key) || compare(a.identity, b.identity));
    lines.push('', RULE, `-- ${section}`, RULE);
    for (const object of standalone) {
      lines.push('', object.sql);
      if (object.kind === 'table' || object.kind === 'view') {
        for (const attached of objects.filter((o) => o.table === object.key).sort(byKindThenName)) lines.push(attached.sql);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** File name -> content of every supabase/schema file, as the migrations define the database now. */
export async function generateSchemaFiles(): Promise<Map<string, string>> {
  return (await generateAll()).files;
}

async function generateAll(): Promise<{ files: Map<string, string>; stateMachines: string }> {
  const { objects, stateMachines } = await readMigratedObjects();
  const placements = place(objects);
  const files = new Map<string, string>();
  for (const area of Object.keys(AREAS) as AreaName[]) {
    files.set(
      `${area}.sql`,
      renderArea(
        area,
        [...placements].filter(([, p]) => p.area === area),
      ),
    );
  }
  return { files, stateMachines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  generateAll().then(
    ({ files, stateMachines }) => {
      mkdirSync(SCHEMA_DIR, { recursive: true });
      for (const stale of readdirSync(SCHEMA_DIR).filter((file) => file.endsWith('.sql') && !files.has(file))) {
        rmSync(path.join(SCHEMA_DIR, stale));
      }
      for (const [file, content] of files) writeFileSync(path.join(SCHEMA_DIR, file), content);
      writeFileSync(STATE_MACHINES_MODULE, stateMachines);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Wrote ${files.size} files to supabase/schema/ and ${path.relative(process.cwd(), STATE_MACHINES_MODULE)} in ${seconds} s.`,
      );
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
