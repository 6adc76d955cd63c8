/**
 * npm run fuzz -- [--formats] [--replay-path R] [--runs N] [--seed S] [--steps K] [--skip invariant,...] [--path P] [--minutes M] [--survey] [--trace]
 *
 * Runs the random sequences of money and fairness events (supabase/tests/payouts-random-sequences.test.ts; with
 * --formats, those over a cup of every format, supabase/tests/formats-random-sequences.test.ts) longer than `npm test` does: N sequences (default 1,000) of at most K steps each, with no time limit
 * unless --minutes gives one. --seed, --path and --replay-path (the seed, path and replayPath a failure prints) replay it; --skip
 * leaves out invariants whose failure is already known, to look for the next one. --survey keeps going after a
 * failure and prints, for each invariant that failed, the shortest sequence that broke it (unshrunk); --trace
 * prints every sequence's steps and what each answered.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    steps: { type: 'string' },
    skip: { type: 'string' },
    path: { type: 'string' },
    minutes: { type: 'string' },
    trace: { type: 'boolean', default: false },
    survey: { type: 'boolean', default: false },
    formats: { type: 'boolean', default: false },
    'replay-path': { type: 'string' },
  },
  allowPositionals: false,
});

const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  FUZZ_RUNS: values.runs,
  FUZZ_TIME_LIMIT_MS: values.minutes ? String(Math.round(Number(values.minutes) * 60_000)) : '0',
  FUZZ_FORMATS_TIME_LIMIT_MS: values.minutes ? String(Math.round(Number(values.minutes) * 60_000)) : '0',
  FUZZ_COVERAGE: '1',
};
if (values.seed !== undefined) env.FUZZ_SEED = values.seed;
if (values.steps !== undefined) env.FUZZ_STEPS = values.steps;
if (values.skip !== undefined) env.FUZZ_SKIP = values.skip;
if (values.path !== undefined) env.FUZZ_PATH = values.path;
if (values['replay-path'] !== undefined) env.FUZZ_REPLAY_PATH = values['replay-path'];
if (values.trace) env.FUZZ_TRACE = '1';
if (values.survey) env.FUZZ_SURVEY = '1';

const file = values.formats ? 'supabase/tests/formats-random-sequences.test.ts' : 'supabase/tests/payouts-random-sequences.test.ts';
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.db.config.ts', file], {
  stdio: 'inherit',
  env,
});
process.exitCode = result.status ?? 1;
