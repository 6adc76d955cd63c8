import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The SQL tests of supabase/tests: every policy and function, on PGlite and (when installed) PostgreSQL.
// Each test file starts its own databases, so files run in parallel on separate workers.
export default defineConfig({
  // Some tests compare the site's own modules (src/) with the database; they import with the site's '@/' paths.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['supabase/tests/**/*.test.ts'],
    globalSetup: ['supabase/tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
