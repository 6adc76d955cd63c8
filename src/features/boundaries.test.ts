import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site's three boundaries, read from the import statements of every source file under src/:
 * - feature folders depend on each other one way only (no loop of any length), so a change in one never
 *   ripples back through another into itself;
 * - shared components (src/components) import no feature: a page or layout composes features and hands them
 *   in (slots, props), so the shell stays reusable;
 * - islands (.tsx) only render: loading and changing data live in hooks (src/features/*\/use-*.ts, built on
 *   src/lib/use-island-data.ts), which alone import the *.api modules. No file is exempt.
 */

type Tree = ReadonlyMap<string, string>;
type Import = { target: string; typeOnly: boolean };

const IMPORT =
  /\bimport\s+(type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]|\bexport\s+[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The files' imports, resolved to paths under src/ (packages left out). */
function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[2] ?? match[3] ?? match[4] ?? '';
    const target = spec.startsWith('@/')
      ? spec.slice(2)
      : spec.startsWith('.')
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
        : null;
    if (target !== null) found.push({ target, typeOnly: Boolean(match[1]) });
  }
  return found;
}

const featureOf = (file: string) => /^features\/([\w-]+)\//.exec(file)?.[1] ?? null;

/** Every loop among feature folders, each as the folders in order (the first repeated at the end). */
function featureLoops(tree: Tree): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, text] of tree) {
    const from = featureOf(file);
    if (!from) continue;
    for (const { target } of importsOf(file, text)) {
      const to = featureOf(`${target}/`);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const loops = new Map<string, string[]>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        // One loop, named once whichever folder it is entered from.
        const key = [...trail].sort().join(',');
        if (!loops.has(key)) loops.set(key, [...trail, start]);
      } else if (!trail.includes(next) && next > start) {
        walk(start, next, [...trail, next]);
      }
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return [...loops.values()];
}

/** Shared components that import a feature: "component -> feature file". */
function componentsImportingFeatures(tree: Tree): string[] {
  return [...tree].flatMap(([file, text]) =>
    file.startsWith('components/')
      ? importsOf(file, text)
          .filter(({ target }) => target.startsWith('features/'))
          .map(({ target }) => `${file} -> ${target}`)
      : [],
  );
}

const FETCHES = [
  {
    what: 'imports a *.api module',
    test: (file: string, text: string) => importsOf(file, text).some((i) => !i.typeOnly && /\.api$/.test(i.target)),
  },
  { what: 'imports the Supabase client', test: (_: string, text: string) => /\bgetSupabase\b|['"]@\/lib\/supabase['"]/.test(text) },
  { what: 'calls fetch', test: (_: string, text: string) => /(?<![\w.])fetch\s*\(/.test(text) },
  {
    what: 'loads data itself (useLoad / useAction belong in hooks)',
    test: (_: string, text: string) => /\buse(Load|Action)\s*\(/.test(text),
  },
];

/** Islands (.tsx) that fetch or change data themselves: "file: what it does". */
function islandsThatFetch(tree: Tree): string[] {
  return [...tree].flatMap(([file, text]) =>
    file.endsWith('.tsx') ? FETCHES.filter(({ test }) => test(file, text)).map(({ what }) => `${file}: ${what}`) : [],
  );
}

function sourceTree(): Tree {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(astro|tsx?)$/.test(file) && !/\.test\.tsx?$/.test(file));
  return new Map(files.map((file) => [file, readFileSync(path.join('src', file), 'utf8')]));
}

describe('the site keeps its boundaries', () => {
  const tree = sourceTree();

  it('reads the whole site (the checks below see every feature, component and island)', () => {
    const files = [...tree.keys()];
    expect(files.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(100);
    expect(files.filter((file) => file.startsWith('components/')).length).toBeGreaterThan(20);
  });

  it('has no import loop between feature folders', () => {
    expect(featureLoops(tree)).toEqual([]);
  });

  it('has no shared component importing a feature', () => {
    expect(componentsImportingFeatures(tree)).toEqual([]);
  });

  it('has no island loading or changing data itself', () => {
    expect(islandsThatFetch(tree)).toEqual([]);
  });
});

describe('the boundary checks catch what they are for', () => {
  const tree: Tree = new Map([
    ['features/a/one.ts', "import { b } from '@/features/b/two';"],
    ['features/b/two.ts', "import type { C } from '../c/three';"],
    ['features/c/three.ts', "export { a } from '@/features/a/one';"],
    ['features/d/four.ts', "import { b } from '@/features/b/two';\nimport { e } from '@/features/e/five';"],
    ['features/e/five.ts', "const later = () => import('@/features/d/four');"],
    ['components/shell/Header.astro', "---\nimport Bell from '../../features/bell/Bell';\nimport { ROUTES } from '@/lib/routes';\n---"],
    ['features/x/Island.tsx', "import { useX } from './use-x';\nimport type { Row } from './x.api';\nconst list = Array.from(rows);"],
    ['features/x/Loader.tsx', "import {\n  fetchRows,\n  type Row,\n} from './x.api';"],
    ['features/x/Lazy.tsx', "useEffect(() => void import('./x.api').then((api) => api.fetchRows()), []);"],
    ['features/x/Raw.tsx', "const answer = await fetch('/rest/v1/rows');\nconst [rows] = useLoad(() => getSupabase());"],
  ]);

  it('finds loops of any length, whatever kind of import makes them', () => {
    expect(featureLoops(tree)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'e', 'd'],
    ]);
  });

  it('finds a shared component importing a feature by a relative path', () => {
    expect(componentsImportingFeatures(tree)).toEqual(['components/shell/Header.astro -> features/bell/Bell']);
  });

  it('finds islands that import an api module, call fetch or the client, or load data; type imports are fine', () => {
    expect(islandsThatFetch(tree)).toEqual([
      'features/x/Loader.tsx: imports a *.api module',
      'features/x/Lazy.tsx: imports a *.api module',
      'features/x/Raw.tsx: imports the Supabase client',
      'features/x/Raw.tsx: calls fetch',
      'features/x/Raw.tsx: loads data itself (useLoad / useAction belong in hooks)',
    ]);
  });
});
