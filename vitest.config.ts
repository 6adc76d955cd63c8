/// <reference types="vitest/config" />
import { globSync, readFileSync } from 'node:fs';
import { getViteConfig } from 'astro/config';

const include = ['src/**/*.test.ts', 'scripts/**/*.test.ts'];

// A worker runs file after file without being started again (isolate: false), which spares each file the
// start-up and the re-import of the modules it shares with the others: about a fifth of the CPU the unit
// tests took with a fresh worker per file. A file that replaces a module (vi.mock) still gets a fresh
// worker, so its stand-in never reaches another file's import and another file's real module never
// reaches it.
const replacesModules = globSync(include).filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));

export default getViteConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include, exclude: replacesModules, isolate: false } },
      { extends: true, test: { name: 'unit (modules replaced)', include: replacesModules } },
    ],
  },
});
