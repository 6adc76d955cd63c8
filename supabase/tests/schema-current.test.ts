/**
 * supabase/schema/<area>.sql is what a contributor reads to find the current definition of a table or a
 * function. If it lags behind the migrations, they read an old rule; so it is generated again here and
 * must equal the committed files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSchemaFiles, SCHEMA_DIR } from '../../scripts/schema-dump.ts';

describe('supabase/schema', () => {
  // Migrating a database takes a few seconds alone, much longer beside the other SQL test files.
  it('shows the database the migrations make, area by area', { timeout: 180_000 }, async () => {
    const generated = await generateSchemaFiles();
    const committed = existsSync(SCHEMA_DIR) ? readdirSync(SCHEMA_DIR).filter((file) => file.endsWith('.sql')) : [];
    const outdated = [
      ...[...generated]
        .filter(([file, content]) => !committed.includes(file) || readFileSync(path.join(SCHEMA_DIR, file), 'utf8') !== content)
        .map(([file]) => `supabase/schema/${file}`),
      ...committed.filter((file) => !generated.has(file)).map((file) => `supabase/schema/${file} (no such area)`),
    ];
    expect(outdated, `${outdated.join(', ')} differ from the migrations: run \`npm run schema\` and commit the result`).toEqual([]);
  });
});
