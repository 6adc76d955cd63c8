/**
 * What a REST request runs against, read from the catalog: the functions an `rpc/` call may mean
 * (overloads, argument types, result columns) and a table's columns. Nothing here runs request SQL.
 */
import type { PGlite } from '@electric-sql/pglite';

interface FunctionInfo {
  name: string;
  returnsSet: boolean;
  returnType: string;
  returnsComposite: boolean;
  argNames: string[];
  argTypes: string[];
  requiredArgs: number;
  /** Columns of a composite result (OUT/TABLE arguments or the row type); null when unknown. */
  resultColumns: string[] | null;
}

/** The functions named `name` in `schema`, with their input arguments (OUT/TABLE columns left out). */
export async function findFunctions(pg: PGlite, schema: string, name: string): Promise<FunctionInfo[]> {
  const { rows } = await pg.query<{
    proname: string;
    proretset: boolean;
    rettype: string;
    typtype: string;
    argnames: string[] | null;
    argmodes: string[] | null;
    argtypes: string[];
    pronargs: number;
    pronargdefaults: number;
    result_columns: string[] | null;
  }>(
    `select p.proname, p.proretset, t.typname as rettype, t.typtype, p.proargnames as argnames,
            p.proargmodes::text[] as argmodes,
            array(select format_type(x, null) from unnest(p.proargtypes) with ordinality as a(x, i) order by i) as argtypes,
            p.pronargs, p.pronargdefaults,
            coalesce(
              (select array_agg(a.n order by a.i) from unnest(p.proargnames, p.proargmodes::text[]) with ordinality as a(n, m, i)
               where a.m in ('o', 'b', 't')),
              (select array_agg(c.attname::text order by c.attnum) from pg_catalog.pg_attribute c
               where c.attrelid = t.typrelid and c.attnum > 0 and not c.attisdropped)
            ) as result_columns
     from pg_catalog.pg_proc p
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     join pg_catalog.pg_type t on t.oid = p.prorettype
     where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`,
    [schema, name],
  );
  return rows.map((row) => {
    const allNames = row.argnames ?? [];
    const inNames = row.argmodes
      ? allNames.filter((_, i) => ['i', 'b', 'v'].includes(row.argmodes?.[i] ?? ''))
      : allNames.slice(0, row.pronargs);
    return {
      name: row.proname,
      returnsSet: row.proretset,
      returnType: row.rettype,
      returnsComposite: row.typtype === 'c' || row.rettype === 'record',
      argNames: inNames,
      argTypes: row.argtypes,
      requiredArgs: row.pronargs - row.pronargdefaults,
      resultColumns: row.result_columns,
    };
  });
}

/** A PostgREST-style choice among overloads: every given name is an argument and no required one is missing. */
export function pickFunction(candidates: FunctionInfo[], given: string[]): FunctionInfo | undefined {
  return candidates
    .filter((fn) => given.every((g) => fn.argNames.includes(g)) && fn.argNames.slice(0, fn.requiredArgs).every((a) => given.includes(a)))
    .sort((a, b) => a.argNames.length - b.argNames.length)[0];
}

/** Turns a JSON argument into the text Postgres casts to the argument's type. */
export function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (Array.isArray(value) && type.endsWith('[]')) {
    return `{${value.map((item) => (item === null ? 'NULL' : `"${String(typeof item === 'object' ? JSON.stringify(item) : item).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A table's (or view's) columns in order; undefined when `schema.name` is no relation. */
export async function tableColumns(pg: PGlite, schema: string, name: string): Promise<Set<string> | undefined> {
  const { rows } = await pg.query<{ columns: string[] }>(
    `select array(select a.attname::text from pg_catalog.pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
    [schema, name],
  );
  return rows[0] ? new Set(rows[0].columns) : undefined;
}
