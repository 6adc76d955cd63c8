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
    // A timeout here only catches a test that hangs: the SQL tests are not timed (the bench measures speed).
    // Beside the browser lane on two cores, PGlite's heavier tests take 20-30 s where an idle machine takes
    // 5-10, so a tighter limit fails correct tests on a busy runner.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    maxWorkers: 2,
    // Each file opens its own databases and shares no state with the next, so a worker runs file after file
    // without being started again: that spares each file re-importing PGlite and the helpers (about 0.7 s of
    // CPU a file, some 65 s a run).
    isolate: false,
  },
});
