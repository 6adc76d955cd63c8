/**
 * `npm test`: every check of the project, in two lanes that run side by side.
 *
 * One lane builds the site, runs the browsers and checks the size budgets; the other runs lint, types, the unit
 * and the SQL tests. The two take about as long (ten minutes each on a 2-core machine), but which ends first moves
 * from run to run (a browser test that waits out its timeout holds its lane for minutes), so the stack, Deno and
 * bench smoke phases go to whichever lane is free first. The phases share nothing: each test stack and each SQL
 * server picks its own free port and temporary folder, and only `size` reads the `dist/` the build lane made
 * before it.
 *
 * Each phase's output is kept and printed whole when it ends (two lanes' lines would otherwise interleave),
 * with its wall time. Every phase runs even when one fails, so one run reports every failure; the exit
 * code is 1 when any failed. `TEST_LANES=1` runs the same phases one after the other instead.
 *
 * `--quick` (`npm run test:quick`, the edit loop) runs the types check, which keeps one core busy for about
 * a minute and a half, beside lint, the unit tests and every SQL test on one engine.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';

/** @typedef {{ name: string, command: string[] }} Phase */
/**
 * Two lanes of phases that must run in their order (the build before the browsers and the size budgets), and the
 * phases either lane may take once its own are done (`shared`, longest first): the lane that ends first takes the
 * next, so neither idles while the other still has a queue.
 * @typedef {{ lanes: Phase[][], shared: Phase[] }} Plan
 */

/** @type {Plan} */
const everyCheck = {
  lanes: [
    [
      { name: 'build', command: ['npm', 'run', 'build'] },
      { name: 'e2e', command: ['npx', 'playwright', 'test'] },
      { name: 'size', command: ['npm', 'run', 'size'] },
    ],
    [
      { name: 'lint', command: ['npm', 'run', 'lint'] },
      { name: 'check', command: ['npm', 'run', 'check'] },
      { name: 'unit', command: ['npm', 'run', 'test:unit'] },
      { name: 'db', command: ['npm', 'run', 'test:db'] },
    ],
  ],
  shared: [
    { name: 'stack', command: ['npm', 'run', 'test:stack'] },
    { name: 'functions', command: ['npm', 'run', 'test:functions'] },
    { name: 'bench smoke', command: ['npm', 'run', 'bench', '--', '--smoke'] },
  ],
};

/** @type {Plan} */
const quickChecks = {
  lanes: [
    [{ name: 'check', command: ['npm', 'run', 'check'] }],
    [
      { name: 'lint', command: ['npm', 'run', 'lint'] },
      { name: 'unit', command: ['npm', 'run', 'test:unit'] },
      { name: 'db (one engine)', command: ['npm', 'run', 'test:db:one'] },
    ],
  ],
  shared: [],
};

const plan = process.argv.includes('--quick') ? quickChecks : everyCheck;

const started = performance.now();
const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(0)} s`;
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
/** @type {{ name: string, ok: boolean, wall: string, failures: string[] }[]} */
const results = [];

/**
 * The lines of a failed phase that name what failed (Vitest's and Playwright's failure lines, Deno's
 * FAILED), so the end of the run says which tests failed even when only its last lines are kept.
 */
function failureLines(/** @type {string} */ output) {
  const plain = stripVTControlCharacters(output);
  const named = plain
    .split('\n')
    .filter(
      (line) =>
        /^\s*(FAIL\s|×|✘|\[\w+\] › .*(failed|flaky)|\d+\) \[|.*\.\.\. FAILED)/.test(line) ||
        /^\s+(Error|AssertionError|TypeError):/.test(line),
    )
    .map((line) => line.trimEnd());
  return [...new Set(named)].slice(0, 40);
}

/** Runs one phase in its own process group (so an interrupt stops its servers too), keeping its output. */
function runPhase(/** @type {Phase} */ phase) {
  const from = performance.now();
  console.log(`▶ ${phase.name} (at ${seconds(started)})`);
  return new Promise((resolve) => {
    const child = spawn(phase.command[0], phase.command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      const wall = seconds(from);
      process.stdout.write(`\n──── ${phase.name}: ${ok ? 'passed' : `FAILED (${signal ?? code})`} in ${wall} ────\n`);
      process.stdout.write(Buffer.concat(output));
      const text = Buffer.concat(output).toString('utf8');
      results.push({ name: phase.name, ok, wall, failures: ok ? [] : failureLines(text) });
      resolve(ok);
    });
  });
}

/** Runs a lane's own phases in order, then takes shared phases until none is left. */
async function runLane(/** @type {Phase[]} */ lane, /** @type {Phase[]} */ shared) {
  for (const phase of lane) await runPhase(phase);
  for (let next = shared.shift(); next; next = shared.shift()) await runPhase(next);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

const shared = [...plan.shared];
if (process.env.TEST_LANES === '1') await runLane(plan.lanes.flat(), shared);
else await Promise.all(plan.lanes.map((lane) => runLane(lane, shared)));

for (const failed of results.filter((r) => !r.ok)) {
  console.log(`\n${failed.name} failed on:\n${failed.failures.join('\n') || '(no failing test named; see its output above)'}`);
}
console.log(`\n${results.map((r) => `${r.ok ? 'ok    ' : 'FAILED'} ${r.name.padEnd(16)} ${r.wall}`).join('\n')}`);
console.log(`all phases: ${seconds(started)}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
