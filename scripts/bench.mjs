#!/usr/bin/env node
/**
 * `npm run bench`: runs every section in scripts/bench/ (files ending .mjs or .ts, in name order),
 * each as its own process so one section's memory and timers cannot skew the next. A section prints
 * its own figures and exits non-zero when one of its checks or budgets fails.
 *
 *   npm run bench                 # every section
 *   npm run bench -- stack-start  # only the sections whose file name contains "stack-start"
 *
 * A section's verdict lines (starting PASS, OVER or FAIL: a figure against its budget, or a check) are
 * repeated in a summary at the end.
 *
 * To add a section, drop a script into scripts/bench/.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'scripts', 'bench');
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const sections = readdirSync(dir)
  .filter((file) => /\.(mjs|ts)$/.test(file) && !/\.test\.ts$/.test(file))
  .filter((file) => wanted.length === 0 || wanted.some((w) => file.includes(w)))
  .sort();

if (sections.length === 0) {
  console.error(`No bench section matches ${wanted.join(', ')} in scripts/bench/.`);
  process.exit(1);
}

const failed = [];
const verdicts = [];
for (const file of sections) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(dir, file)], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? '');
  for (const line of (result.stdout ?? '').split('\n')) {
    if (/^(PASS|OVER|FAIL)\b/.test(line)) verdicts.push(`${line}  [${file}]`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) failed.push(file);
  console.log(`--- ${file}: ${result.status === 0 ? 'ok' : `FAILED (${result.signal ?? `exit ${result.status}`})`} in ${seconds} s`);
}
if (verdicts.length) console.log(`\n=== budgets and checks ===\n${verdicts.join('\n')}`);
if (failed.length) {
  console.error(`\nFailed sections: ${failed.join(', ')}`);
  process.exit(1);
}
