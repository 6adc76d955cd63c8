#!/usr/bin/env node
/**
 * `npm run bench`: runs every section in scripts/bench/ (files ending .mjs or .ts, in name order; the
 * modules they share live in scripts/bench/shared/), each as its own process so one section's memory and
 * timers cannot skew the next. A section prints its own figures and exits non-zero when it crashes or one
 * of its checks or budgets fails.
 *
 *   npm run bench                  # every section, at full size
 *   npm run bench -- stack-start   # only the sections whose file name contains "stack-start"
 *   npm run bench -- --smoke       # every section on a small run (part of `npm test`, under a minute):
 *                                  # a crash or a failed check fails it; budgets are printed, not enforced
 *
 * A section's verdict lines (starting PASS, OVER or FAIL: a figure against its budget, or a check) are
 * repeated in a summary at the end.
 *
 * To add a section, drop a script into scripts/bench/ that takes `--smoke` (scripts/bench/shared/smoke.ts).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'scripts', 'bench');
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const smoke = process.argv.includes('--smoke');
const sections = readdirSync(dir)
  .filter((file) => /\.(mjs|ts)$/.test(file) && !/\.test\.ts$/.test(file))
  .filter((file) => wanted.length === 0 || wanted.some((w) => file.includes(w)))
  .sort();

if (sections.length === 0) {
  console.error(`No bench section matches ${wanted.join(', ')} in scripts/bench/.`);
  process.exit(1);
}

/**
 * A full run measures one section at a time. A smoke run measures nothing worth keeping, so it runs two
 * sections at once (a section is mostly one client and one database server process) to stay within a minute;
 * each section's output is printed whole, in name order.
 */
const AT_ONCE = smoke ? 2 : 1;

function runSection(file) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(dir, file), ...(smoke ? ['--smoke'] : [])], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('close', (status, signal) => resolve({ file, status, signal, stdout, stderr, seconds: (performance.now() - started) / 1000 }));
  });
}

const failed = [];
const began = performance.now();
const verdicts = [];
const results = new Map();
let next = 0;
let printed = 0;
function printReady() {
  while (printed < sections.length && results.has(sections[printed])) {
    const { file, status, signal, stdout, stderr, seconds } = results.get(sections[printed++]);
    console.log(`\n=== ${file} ===`);
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    for (const line of stdout.split('\n')) {
      if (/^(PASS|OVER|FAIL)\b/.test(line)) verdicts.push(`${line}  [${file}]`);
    }
    if (status !== 0) failed.push(file);
    console.log(`--- ${file}: ${status === 0 ? 'ok' : `FAILED (${signal ?? `exit ${status}`})`} in ${seconds.toFixed(1)} s`);
  }
}
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    while (next < sections.length) {
      const file = sections[next++];
      results.set(file, await runSection(file));
      printReady();
    }
  }),
);
if (verdicts.length)
  console.log(`\n=== budgets and checks${smoke ? ' (smoke run: budgets printed, not enforced)' : ''} ===\n${verdicts.join('\n')}`);
console.log(`\n${sections.length} section(s) in ${((performance.now() - began) / 1000).toFixed(1)} s`);
if (failed.length) {
  console.error(`\nFailed sections: ${failed.join(', ')}`);
  process.exit(1);
}
