import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Islands and pages load and change data through their feature's *.api.ts, which checks every answer with
// zod; only those modules, the session store and the realtime helper hold the Supabase client.
const MAY_IMPORT_THE_CLIENT = [/\.api\.ts$/, /^stores\/session\.ts$/, /^lib\/realtime\.ts$/];
const IMPORTS_THE_CLIENT = /from\s+["'](@\/lib\/supabase|\.{1,2}\/(\.\.\/)*(lib\/)?supabase)["']|import\(\s*["']@\/lib\/supabase["']\s*\)/;

describe('the Supabase client', () => {
  it('is imported only by the data layer', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.(astro|tsx?)$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== join('lib', 'supabase.ts'),
    );
    const outside = files.filter(
      (file) =>
        !MAY_IMPORT_THE_CLIENT.some((allowed) => allowed.test(file.split('\\').join('/'))) &&
        IMPORTS_THE_CLIENT.test(readFileSync(join('src', file), 'utf8')),
    );
    expect(outside).toEqual([]);
  });
});
