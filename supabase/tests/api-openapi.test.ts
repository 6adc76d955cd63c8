/**
 * The public API's OpenAPI description (docs/api.md): made from the catalog of a database built from the
 * migrations, it lists exactly the views of api_v1, every column of each with its comment, and the file the
 * site publishes at /api/v1/openapi.json (src/features/api/openapi.generated.json) is what the migrations give.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, openApiDocument, readApiViews, renderOpenApi } from '../../scripts/api/openapi.ts';
import { engines, type TestDatabase } from './helpers.ts';

describe.each(engines.slice(0, 1))('the OpenAPI description on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await engine.start();
  });
  afterAll(() => db?.close());

  it('lists exactly the views of api_v1, each column described', async () => {
    const views = await readApiViews(db.admin);
    const { rows } = await db.admin.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'api_v1' order by 1`,
    );
    const document = openApiDocument(views);
    expect(Object.keys(document.paths).sort()).toEqual(rows.map((r) => `/${r.name}`));
    expect(Object.keys(document.paths).sort()).toEqual([
      '/leaderboard',
      '/matches',
      '/payouts',
      '/players',
      '/prizes',
      '/stages',
      '/standings',
      '/tournaments',
    ]);
    for (const view of views) {
      const schema = document.components.schemas[view.name] as { properties: Record<string, { description: string }> };
      expect(Object.keys(schema.properties)).toEqual(view.columns.map((c) => c.name));
      expect(Object.values(schema.properties).every((p) => p.description.length > 5)).toBe(true);
    }
  });

  it('is the file the site publishes (run `npm run api:openapi` after changing api.sql)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi(await readApiViews(db.admin)));
  });
});
