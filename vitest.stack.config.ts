/**
 * Contract tests of the embedded local Supabase (`npm run test:stack`): a global setup starts the
 * stack on its own port and a temporary data directory, the tests drive it with supabase-js.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/stack/**/*.test.ts'],
    globalSetup: ['tests/stack/global-setup.ts'],
    // One stack, one database engine: files run one at a time so timings stay predictable.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Stopping the stack flushes the database and ends the Deno processes.
    teardownTimeout: 30_000,
  },
});
