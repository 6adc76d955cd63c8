#!/usr/bin/env node
/**
 * Local stack start-up: how long `npm run stack` takes from process start to the first healthy
 * answer, the CPU time the process used until then (every thread: WebAssembly is compiled in the
 * background), and how much memory (resident set) it holds then.
 *
 * - cold start: a fresh data directory, so the stack runs the shim, every migration and the seed. The
 *   empty cluster it starts from is a copy of the template made once per install and PGlite version
 *   (supabase/local/database.ts, `clusterTemplate`: `npm install` makes it, in node_modules/.cache): the
 *   initdb that made it gives every new data directory the same files, so it is not repeated per
 *   directory. When the template is missing, the bench makes it before the cold start and says so;
 * - first start without the template (full run only, as information): a fresh data directory and an
 *   empty template folder, so this start runs PGlite's initdb, keeps its result as the template, then
 *   everything the cold start does: what the first start of a fresh clone costs when `npm install`
 *   ran without its scripts, or after PGlite's version changed;
 * - warm start: the cold start's directory again (what a developer's second `npm run dev` costs).
 *
 * - request latency on the warm stack: a public rpc (one transaction as anon) and a one-time-code
 *   sign-in (send, read the inbox, verify), sequentially, p50 and p95.
 *
 * Budget: the cold start within 4 s on an idle machine (PASS or OVER, with the load average it was
 * measured at; a full run over budget exits 1, a smoke run only prints it). The other figures are
 * information: they depend on the machine's load (printed at the end). On a busy machine the CPU time
 * moves less than the wall time.
 *
 *   npm run bench -- stack-start
 *   node scripts/bench/stack-start.mjs --smoke   # the cold start only, then 5 rpc requests and 2 sign-ins on it
 * Exit code 1 when the stack does not start or a request fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterTemplate, clusterTemplatePath } from '../../supabase/local/database.ts';
import { ANON_KEY } from '../../supabase/local/keys.ts';
import { freePort } from '../../supabase/local/free-port.ts';
import { verdict } from './shared/smoke.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TIMEOUT_MS = 300_000;
const smoke = process.argv.includes('--smoke');
/** The cold start's budget, on an idle machine (docs/performance.md, the local stack's cold start). */
const COLD_START_BUDGET_MS = 4000;
const RUNS = smoke ? { rpc: 5, signIn: 2 } : { rpc: 50, signIn: 10 };

function rssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kib) ? kib / 1024 : undefined;
  } catch {
    return undefined; // not Linux
  }
}

/** CPU seconds (user + system, every thread) the process has used so far. */
function cpuSeconds(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined; // not Linux
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(runs, fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${runs} runs)`;
}

async function measureRequests(base) {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/json' };
  const rpc = await timed(RUNS.rpc, async () => {
    const response = await fetch(`${base}/rest/v1/rpc/get_tournament_states`, { method: 'POST', headers, body: '{}' });
    if (!response.ok) throw new Error(`rpc answered ${response.status}`);
    await response.arrayBuffer();
  });
  const signIn = await timed(RUNS.signIn, async (i) => {
    const email = `bench-${Date.now()}-${i}@golazo.test`;
    await fetch(`${base}/auth/v1/otp`, { method: 'POST', headers, body: JSON.stringify({ email }) });
    const inbox = await (await fetch(`${base}/__inbox?email=${encodeURIComponent(email)}`)).json();
    const response = await fetch(`${base}/auth/v1/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, token: inbox.messages.at(-1).code, type: 'email' }),
    });
    if (!response.ok) throw new Error(`verify answered ${response.status}`);
  });
  return { rpc, signIn };
}

async function startOnce(dataDir, { withRequests = false, clusterTemplateDir } = {}) {
  const port = await freePort();
  const template = clusterTemplateDir ? ['--cluster-template', clusterTemplateDir] : [];
  const started = performance.now();
  const child = spawn(process.execPath, ['supabase/local/main.ts', '--port', String(port), '--data-dir', dataDir, '--quiet', ...template], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const url = `http://127.0.0.1:${port}/auth/v1/health`;
  try {
    while (performance.now() - started < TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`the stack exited (${child.exitCode}): ${stderr}`);
      const healthy = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) {
        const ms = performance.now() - started;
        const cpu = cpuSeconds(child.pid);
        const rss = rssMiB(child.pid);
        // Memory once it has answered a few real requests (auth, REST), closer to steady state.
        await fetch(`http://127.0.0.1:${port}/rest/v1/rpc/get_tournament_states`, {
          method: 'POST',
          headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
          body: '{}',
        }).catch(() => {});
        const requests = withRequests ? await measureRequests(`http://127.0.0.1:${port}`) : undefined;
        return { ms, cpu, rss, rssAfterRequests: rssMiB(child.pid), requests };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the stack did not become healthy in time');
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const format = (r) =>
  `${(r.ms / 1000).toFixed(2)} s to first healthy response (CPU ${r.cpu?.toFixed(2) ?? '?'} s), RSS ${r.rss?.toFixed(0) ?? '?'} MiB (${r.rssAfterRequests?.toFixed(0) ?? '?'} MiB after the requests)`;

const scratch = await mkdtemp(path.join(os.tmpdir(), 'golazo-bench-stack-'));
try {
  if (!existsSync(await clusterTemplatePath())) {
    console.log('(no empty-cluster template in node_modules/.cache: making it before the cold start)');
    await clusterTemplate();
  }
  // A smoke run measures the requests on the cold-started stack and leaves out the other starts.
  const dataDir = path.join(scratch, 'cold');
  const cold = await startOnce(dataDir, { withRequests: smoke });
  console.log(`cold start (fresh data dir):  ${format(cold)}`);
  // Read now: the later starts would raise it.
  const loadAtColdStart = os.loadavg()[0].toFixed(1);
  if (!smoke) {
    const first = await startOnce(path.join(scratch, 'first'), { clusterTemplateDir: path.join(scratch, 'no-template') });
    console.log(`first start without the cluster template (initdb, then as cold; information): ${format(first)}`);
  }
  const warm = smoke ? cold : await startOnce(dataDir, { withRequests: true });
  if (!smoke) console.log(`warm start (existing data):   ${format(warm)}`);
  const stack = smoke ? 'cold' : 'warm';
  console.log(`rpc get_tournament_states as anon (${stack} stack): ${warm.requests.rpc}`);
  console.log(`one-time-code sign-in (otp + inbox + verify; ${stack} stack): ${warm.requests.signIn}`);
  console.log(
    `machine: ${os.cpus().length} CPU(s), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const within = cold.ms <= COLD_START_BUDGET_MS;
  console.log(
    `${verdict(within)}  local stack cold start: ${(cold.ms / 1000).toFixed(2)} s (budget ${COLD_START_BUDGET_MS / 1000} s on an idle machine; load average ${loadAtColdStart})`,
  );
  if (!within && !smoke) process.exitCode = 1;
} finally {
  await rm(scratch, { recursive: true, force: true });
}
