/**
 * The OpenAPI description of the public read API (api_v1), made from the database's own catalog: each view of
 * the schema, its columns, their types and the comments supabase/schemas/api.sql gives them. Hosted Supabase
 * no longer serves PostgREST's OpenAPI root to the public key, so the site publishes this one at
 * /api/v1/openapi.json (src/pages/api/v1/openapi.json.ts) from the generated file it writes.
 *
 * `npm run api:openapi` builds a database from the migrations (PGlite, the migrated cache when there is one)
 * and writes src/features/api/openapi.generated.json; supabase/tests/api-openapi.test.ts fails when the file
 * is not what the migrations give.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlExecutor } from '../../supabase/local/schema-setup.ts';

export const API_SCHEMA = 'api_v1';
export const OPENAPI_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'src',
  'features',
  'api',
  'openapi.generated.json',
);

export type ApiColumn = { name: string; type: string; comment: string };
export type ApiView = { name: string; comment: string; columns: ApiColumn[] };

/** The views of api_v1 with their columns, in name order, as the catalog has them. */
export async function readApiViews(db: SqlExecutor): Promise<ApiView[]> {
  const { rows } = await db.query<{ view: string; view_comment: string | null; column: string; type: string; comment: string | null }>(
    `select c.relname as view, obj_description(c.oid, 'pg_class') as view_comment, a.attname as column,
            format_type(a.atttypid, a.atttypmod) as type, col_description(c.oid, a.attnum) as comment
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('v', 'm')
      order by c.relname, a.attnum`,
    [API_SCHEMA],
  );
  const views = new Map<string, ApiView>();
  for (const r of rows) {
    const view = views.get(r.view) ?? { name: r.view, comment: r.view_comment ?? '', columns: [] };
    view.columns.push({ name: r.column, type: r.type, comment: r.comment ?? '' });
    views.set(r.view, view);
  }
  return [...views.values()];
}

/** A PostgreSQL type as JSON Schema (what PostgREST's JSON answers carry). */
function jsonType(type: string): Record<string, string> {
  if (/^(integer|smallint|bigint)$/.test(type)) return { type: 'integer' };
  if (/^(double precision|real|numeric)/.test(type)) return { type: 'number' };
  if (type === 'boolean') return { type: 'boolean' };
  if (type === 'uuid') return { type: 'string', format: 'uuid' };
  if (type.startsWith('timestamp')) return { type: 'string', format: 'date-time' };
  if (type === 'date') return { type: 'string', format: 'date' };
  if (type === 'jsonb' || type === 'json') return { type: 'object' };
  return { type: 'string' };
}

const parameter = (name: string, description: string, example?: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string' },
  ...(example ? { example } : {}),
});

/** The OpenAPI 3.1 document of exactly these views: one GET path each, its filters and its row schema. */
export function openApiDocument(views: ApiView[]) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Golazo Arena public API',
      version: '1',
      description:
        'Read-only views of tournaments, their stages, matches, standings, prizes and payout records, the leaderboard and players: ' +
        'what a visitor may already see. ' +
        'Send the public (anon) key as `apikey` and `Accept-Profile: api_v1`. At most 1,000 rows an answer: page with the ' +
        "view's unique key (order=<key>, then <key>=gt.<last value>). Nothing can be written. Documentation: /docs/api (docs/api.md).",
    },
    servers: [{ url: '{supabase}/rest/v1', variables: { supabase: { default: 'https://<project>.supabase.co' } } }],
    security: [{ apikey: [] }],
    paths: Object.fromEntries(
      views.map((view) => [
        `/${view.name}`,
        {
          get: {
            operationId: `read_${view.name}`,
            summary: view.comment,
            parameters: [
              { name: 'Accept-Profile', in: 'header', required: true, schema: { type: 'string', const: API_SCHEMA } },
              parameter(
                'select',
                'Columns to answer, comma-separated (default: all).',
                view.columns
                  .map((c) => c.name)
                  .slice(0, 3)
                  .join(','),
              ),
              parameter('order', "Ordering, e.g. `<column>.asc`; order by the view's unique key to page."),
              parameter('limit', 'At most this many rows (never more than 1,000).'),
              ...view.columns.map((c) =>
                parameter(c.name, `Filter on ${c.name} (eq., neq., gt., gte., lt., lte., like., ilike., in.(…), is.null). ${c.comment}`),
              ),
            ],
            responses: {
              '200': {
                description: `Rows of ${API_SCHEMA}.${view.name}.`,
                content: {
                  'application/json': { schema: { type: 'array', maxItems: 1000, items: { $ref: `#/components/schemas/${view.name}` } } },
                },
              },
            },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: { apikey: { type: 'apiKey', in: 'header', name: 'apikey' } },
      schemas: Object.fromEntries(
        views.map((view) => [
          view.name,
          {
            type: 'object',
            description: view.comment,
            properties: Object.fromEntries(view.columns.map((c) => [c.name, { ...jsonType(c.type), description: c.comment }])),
          },
        ]),
      ),
    },
  };
}

export const renderOpenApi = (views: ApiView[]) => `${JSON.stringify(openApiDocument(views), null, 2)}\n`;

async function main() {
  const { openDatabase, pgliteConnection } = await import('../../supabase/local/database.ts');
  const { MIGRATED_CACHE_DIR } = await import('../servers.ts');
  const db = await openDatabase({ migratedCacheDir: MIGRATED_CACHE_DIR });
  try {
    writeFileSync(OPENAPI_FILE, renderOpenApi(await readApiViews(pgliteConnection(db.pg))));
    console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
