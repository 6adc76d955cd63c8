/**
 * Reads the current definition of every object in a database from its catalog, as SQL a reader can follow:
 * tables with their columns, constraints, indexes, row-level security, policies, triggers, grants,
 * Realtime publication and comments; functions as pg_get_functiondef prints them, with who may call them.
 *
 * Each object has a `key`, its name (a policy's and a trigger's with its table's), and an `identity` that
 * stays the same across databases, so objects that already exist before the migrations (the shim's Auth and
 * Storage) can be left out.
 */
import type { SqlConnection, SqlExecutor } from '../../supabase/local/schema-setup.ts';

export type ObjectKind = 'schema' | 'extension' | 'type' | 'sequence' | 'table' | 'view' | 'function' | 'trigger' | 'policy' | 'bucket';

export type SchemaObject = {
  kind: ObjectKind;
  /** Its name: `public.matches`, `private.clock_now` (every overload), `storage.objects policy "..."`. */
  key: string;
  /** Unique per object, e.g. `function private.notify(uuid,text)`. */
  identity: string;
  /** The definition: one or more SQL statements. */
  sql: string;
  /** A policy's or trigger's table: it is shown with the table when the table is the project's own. */
  table?: string;
};

/** The API roles whose access a reader wants to know (anon: signed out; authenticated: players and staff). */
const API_ROLES = ['anon', 'authenticated', 'service_role'];

const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'`;
/** Objects that belong to an extension are the extension's, not the project's. */
const NOT_EXTENSION_MEMBER = (classid: string, oid: string) =>
  `not exists (select 1 from pg_depend dep where dep.classid = '${classid}'::regclass and dep.objid = ${oid} and dep.deptype = 'e')`;

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
const quoteIdent = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`);
const commentOn = (what: string, comment: string | null) => (comment === null ? [] : [`comment on ${what} is ${quoteLiteral(comment)};`]);
const groupBy = <T>(rows: T[], by: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(by(row), [...(groups.get(by(row)) ?? []), row]);
  return groups;
};
/** `grant select, insert on ... to a; grant select on ... to b;`, one statement per grantee. */
const grantStatements = (rows: { grantee: string; privilege: string }[], on: string) =>
  [...groupBy(rows, (r) => r.grantee)].map(([grantee, privileges]) => {
    const list = privileges.map((p) => p.privilege.toLowerCase()).sort();
    return `grant ${list.join(', ')} on ${on} to ${grantee};`;
  });

/**
 * Every object of the database outside PostgreSQL's own schemas. Read with an empty search_path, so every
 * name in the definitions is schema-qualified.
 */
export function readCatalog(conn: SqlConnection): Promise<SchemaObject[]> {
  return conn.transaction(async (tx) => {
    await tx.exec("set local search_path = ''");
    return readObjects(tx);
  });
}

async function readObjects(db: SqlExecutor): Promise<SchemaObject[]> {
  const q = async <T>(sql: string) => (await db.query<T>(sql)).rows;
  const objects: SchemaObject[] = [];

  // ------------------------------------------------------------------------------------------------------
  // Schemas and extensions
  // ------------------------------------------------------------------------------------------------------
  const schemas = await q<{ name: string; comment: string | null; usage: string[] }>(`
    select n.nspname as name, obj_description(n.oid, 'pg_namespace') as comment,
           array(select coalesce(r.rolname::text, 'public') from aclexplode(n.nspacl) a left join pg_roles r on r.oid = a.grantee
                  where a.privilege_type = 'USAGE' and a.grantee <> n.nspowner order by 1) as usage
      from pg_namespace n where ${SYSTEM_SCHEMAS} and n.nspname <> 'public'`);
  for (const s of schemas) {
    objects.push({
      kind: 'schema',
      key: `schema ${s.name}`,
      identity: `schema ${s.name}`,
      sql: [
        `create schema ${quoteIdent(s.name)};`,
        ...(s.usage.length ? [`grant usage on schema ${quoteIdent(s.name)} to ${s.usage.join(', ')};`] : []),
        ...commentOn(`schema ${quoteIdent(s.name)}`, s.comment),
      ].join('\n'),
    });
  }
  for (const e of await q<{ name: string; schema: string }>(
    `select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql'`,
  )) {
    objects.push({
      kind: 'extension',
      key: `extension ${e.name}`,
      identity: `extension ${e.name}`,
      sql: `create extension ${quoteIdent(e.name)} with schema ${quoteIdent(e.schema)};`,
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // Types: enums, domains, composite types
  // ------------------------------------------------------------------------------------------------------
  const types = await q<{
    name: string;
    kind: string;
    labels: string[];
    base: string | null;
    checks: string[];
    fields: string[];
    comment: string | null;
  }>(`
    select t.oid::regtype::text as name, t.typtype as kind,
           array(select quote_literal(enumlabel) from pg_enum where enumtypid = t.oid order by enumsortorder) as labels,
           case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end as base,
           array(select pg_get_constraintdef(c.oid) from pg_constraint c where c.contypid = t.oid order by c.conname) as checks,
           array(select quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod) from pg_attribute a
                  where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) as fields,
           obj_description(t.oid, 'pg_type') as comment
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where ${SYSTEM_SCHEMAS} and ${NOT_EXTENSION_MEMBER('pg_type', 't.oid')}
       and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))`);
  for (const t of types) {
    const body =
      t.kind === 'e'
        ? `as enum (${t.labels.join(', ')})`
        : t.kind === 'd'
          ? `as ${t.base}${t.checks.map((c) => ` ${c}`).join('')}`
          : `as (\n  ${t.fields.join(',\n  ')}\n)`;
    objects.push({
      kind: 'type',
      key: t.name,
      identity: `type ${t.name}`,
      sql: [`create ${t.kind === 'd' ? 'domain' : 'type'} ${t.name} ${body};`, ...commentOn(`type ${t.name}`, t.comment)].join('\n'),
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // Sequences that are not a column's own (identity and serial sequences come with their table)
  // ------------------------------------------------------------------------------------------------------
  for (const s of await q<{ name: string }>(`
    select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and ${SYSTEM_SCHEMAS} and ${NOT_EXTENSION_MEMBER('pg_class', 'c.oid')}
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i'))`)) {
    objects.push({ kind: 'sequence', key: s.name, identity: `sequence ${s.name}`, sql: `create sequence ${s.name};` });
  }

  // ------------------------------------------------------------------------------------------------------
  // Tables and views, with everything attached to them
  // ------------------------------------------------------------------------------------------------------
  type Relation = {
    oid: number;
    name: string;
    kind: string;
    rls: boolean;
    force_rls: boolean;
    view: string | null;
    comment: string | null;
  };
  const relations = await q<Relation>(`
    select c.oid, c.oid::regclass::text as name, c.relkind as kind, c.relrowsecurity as rls, c.relforcerowsecurity as force_rls,
           case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as view,
           obj_description(c.oid, 'pg_class') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm') and ${SYSTEM_SCHEMAS} and ${NOT_EXTENSION_MEMBER('pg_class', 'c.oid')}`);
  const byRelation = <T extends { rel: number }>(rows: T[]) => groupBy(rows, (r) => String(r.rel));

  const columns = byRelation(
    await q<{
      rel: number;
      name: string;
      type: string;
      not_null: boolean;
      identity: string;
      generated: string;
      default: string | null;
      comment: string | null;
    }>(`
      select a.attrelid as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
             a.attidentity as identity, a.attgenerated as generated, pg_get_expr(d.adbin, d.adrelid) as default,
             col_description(a.attrelid, a.attnum) as comment
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
       order by a.attrelid, a.attnum`),
  );
  // Primary key, unique, foreign keys, checks, exclusions; in that order, each by name. (NOT NULL is on the column.)
  const constraints = byRelation(
    await q<{ rel: number; name: string; def: string; comment: string | null }>(`
      select c.conrelid as rel, c.conname as name, pg_get_constraintdef(c.oid) as def, obj_description(c.oid, 'pg_constraint') as comment
        from pg_constraint c where c.conrelid <> 0 and c.contype in ('p', 'u', 'f', 'c', 'x')
       order by c.conrelid, array_position(array['p', 'u', 'f', 'c', 'x']::"char"[], c.contype), c.conname`),
  );
  const indexes = byRelation(
    await q<{ rel: number; def: string; comment: string | null; name: string }>(`
      select i.indrelid as rel, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def,
             obj_description(i.indexrelid, 'pg_class') as comment
        from pg_index i
       where not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('p', 'u', 'x'))
       order by i.indrelid, 2`),
  );
  const policies = byRelation(
    await q<{
      rel: number;
      name: string;
      permissive: string;
      roles: string[];
      cmd: string;
      qual: string | null;
      with_check: string | null;
    }>(`
      select format('%I.%I', p.schemaname, p.tablename)::regclass::oid as rel, p.policyname as name, p.permissive,
             p.roles::text[] as roles, p.cmd, p.qual, p.with_check
        from pg_policies p order by 1, 2`),
  );
  const triggers = byRelation(
    await q<{ rel: number; name: string; def: string; comment: string | null }>(`
      select t.tgrelid as rel, t.tgname as name, pg_get_triggerdef(t.oid, true) as def, obj_description(t.oid, 'pg_trigger') as comment
        from pg_trigger t where not t.tgisinternal order by t.tgrelid, t.tgname`),
  );
  const tableGrants = byRelation(
    await q<{ rel: number; grantee: string; privilege: string }>(`
      select c.oid as rel, coalesce(r.rolname, 'public') as grantee, a.privilege_type as privilege
        from pg_class c cross join aclexplode(c.relacl) a left join pg_roles r on r.oid = a.grantee
       where a.grantee <> c.relowner order by 1, 2, 3`),
  );
  const columnGrants = byRelation(
    await q<{ rel: number; column: string; grantee: string; privilege: string }>(`
      select at.attrelid as rel, at.attname as column, coalesce(r.rolname, 'public') as grantee, a.privilege_type as privilege
        from pg_attribute at join pg_class c on c.oid = at.attrelid
        cross join aclexplode(at.attacl) a left join pg_roles r on r.oid = a.grantee
       where a.grantee <> c.relowner and not at.attisdropped order by 1, 3, 4, at.attnum`),
  );
  const publications = byRelation(
    await q<{ rel: number; publication: string }>(`
      select format('%I.%I', schemaname, tablename)::regclass::oid as rel, pubname as publication from pg_publication_tables order by 1, 2`),
  );

  for (const r of relations) {
    const rel = String(r.oid);
    // What it is for first, as the migration's header said it.
    const lines = commentOn(`${r.kind === 'v' ? 'view' : r.kind === 'm' ? 'materialized view' : 'table'} ${r.name}`, r.comment);
    if (r.kind === 'v' || r.kind === 'm') {
      lines.push(`create ${r.kind === 'm' ? 'materialized view' : 'view'} ${r.name} as\n${r.view?.trimEnd()};`);
    } else {
      const columnLines = (columns.get(rel) ?? []).map((c) => {
        let line = `${quoteIdent(c.name)} ${c.type}`;
        if (c.identity) line += ` generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`;
        else if (c.generated === 's') line += ` generated always as (${c.default}) stored`;
        else if (c.default !== null) line += ` default ${c.default}`;
        if (c.not_null) line += ' not null';
        return line;
      });
      const constraintLines = (constraints.get(rel) ?? []).map((c) => `constraint ${quoteIdent(c.name)} ${c.def}`);
      lines.push(`create table ${r.name} (\n  ${[...columnLines, ...constraintLines].join(',\n  ')}\n);`);
      for (const index of indexes.get(rel) ?? []) lines.push(`${index.def};`, ...commentOn(`index ${index.name}`, index.comment));
      if (r.rls) lines.push(`alter table ${r.name} enable row level security;`);
      if (r.force_rls) lines.push(`alter table ${r.name} force row level security;`);
    }
    lines.push(...grantStatements(tableGrants.get(rel) ?? [], `table ${r.name}`));
    for (const [column, grants] of groupBy(columnGrants.get(rel) ?? [], (g) => g.column)) {
      lines.push(
        ...grantStatements(grants, `table ${r.name}`).map((g) => g.replace(/^grant (.*?) on/, `grant $1 (${quoteIdent(column)}) on`)),
      );
    }
    for (const p of publications.get(rel) ?? []) lines.push(`alter publication ${quoteIdent(p.publication)} add table ${r.name};`);
    for (const c of columns.get(rel) ?? []) lines.push(...commentOn(`column ${r.name}.${quoteIdent(c.name)}`, c.comment));
    for (const c of constraints.get(rel) ?? []) lines.push(...commentOn(`constraint ${quoteIdent(c.name)} on ${r.name}`, c.comment));
    objects.push({
      kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
      key: r.name,
      identity: `relation ${r.name}`,
      sql: lines.join('\n'),
    });

    // Policies and triggers are part of their table's definition; each also stands alone, so one the
    // migrations put on a table they did not create (Storage's objects, Auth's users) is still listed.
    for (const p of policies.get(rel) ?? []) {
      const roles = p.roles.join(', ');
      const sql = [
        `create policy ${quoteIdent(p.name)} on ${r.name}`,
        `  as ${p.permissive.toLowerCase()} for ${p.cmd.toLowerCase()} to ${roles}`,
        ...(p.qual === null ? [] : [`  using (${p.qual})`]),
        ...(p.with_check === null ? [] : [`  with check (${p.with_check})`]),
      ].join('\n');
      objects.push({
        kind: 'policy',
        key: `${r.name} policy "${p.name}"`,
        identity: `policy ${r.name} ${p.name}`,
        sql: `${sql};`,
        table: r.name,
      });
    }
    for (const t of triggers.get(rel) ?? []) {
      const sql = [`${t.def};`, ...commentOn(`trigger ${quoteIdent(t.name)} on ${r.name}`, t.comment)].join('\n');
      objects.push({ kind: 'trigger', key: `${r.name} trigger ${t.name}`, identity: `trigger ${r.name} ${t.name}`, sql, table: r.name });
    }
  }

  // ------------------------------------------------------------------------------------------------------
  // Functions and procedures
  // ------------------------------------------------------------------------------------------------------
  const functions = await q<{ name: string; signature: string; word: string; def: string; comment: string | null; callers: string[] }>(`
    select format('%s.%s', quote_ident(n.nspname), quote_ident(p.proname)) as name, p.oid::regprocedure::text as signature,
           case p.prokind when 'p' then 'procedure' else 'function' end as word,
           pg_get_functiondef(p.oid) as def, obj_description(p.oid, 'pg_proc') as comment,
           array(select r from unnest(array[${API_ROLES.map(quoteLiteral).join(', ')}]) as r
                  where has_schema_privilege(r, p.pronamespace, 'USAGE') and has_function_privilege(r, p.oid, 'EXECUTE')) as callers
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.prokind in ('f', 'p') and ${SYSTEM_SCHEMAS} and ${NOT_EXTENSION_MEMBER('pg_proc', 'p.oid')}`);
  for (const f of functions) {
    const callers = f.callers.length ? f.callers.join(', ') : 'none of the API roles (only its owner and the functions that call it)';
    objects.push({
      kind: 'function',
      key: f.name,
      // A procedure is named so in its comment and grants (`comment on function` refuses one).
      identity: `${f.word} ${f.signature}`,
      sql: [...commentOn(`${f.word} ${f.signature}`, f.comment), `-- Callable by: ${callers}`, `${f.def.trimEnd()};`].join('\n'),
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // Storage buckets (rows, but the migrations define them like a table)
  // ------------------------------------------------------------------------------------------------------
  const hasBuckets = (await q<{ found: boolean }>(`select to_regclass('storage.buckets') is not null as found`))[0]?.found;
  if (hasBuckets) {
    for (const b of await q<{ id: string; values: string }>(`
      select id, format('(%L, %L, %s, %s, %L)', id, name, case when public then 'true' else 'false' end,
                    coalesce(file_size_limit::text, 'null'), allowed_mime_types) as values
        from storage.buckets`)) {
      objects.push({
        kind: 'bucket',
        key: `bucket ${b.id}`,
        identity: `bucket ${b.id}`,
        sql: `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)\nvalues ${b.values};`,
      });
    }
  }

  return objects;
}
