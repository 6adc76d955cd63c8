/**
 * The documentation as a map a newcomer can trust: the README stays short, every section the long README once had
 * still has a home, every relative link and anchor in README.md and docs/ lands somewhere, the state machines drawn
 * in docs/areas/ are the ones the database declares, and no code comment sends a reader to a file outside the
 * repository. A reader who follows a link that 404s, or trusts a diagram that lost a move, is misled; these fail
 * first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type MachineName, STATE_MACHINES } from '../supabase/functions/_shared/state-machines.generated.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Markdown files of the map: the README and everything under docs/. */
function markdownFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

/** The text outside fenced code blocks, line by line (links and headings inside code are examples, not the map). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens; a repeated one gets -1, -2. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const headingsOf = (markdown: string) =>
  proseLines(markdown)
    .map((line) => /^#{1,6} (.+)$/.exec(line)?.[1]?.trim())
    .filter((h): h is string => h !== undefined);

/**
 * Every heading of the README as it stood before it became a map (1,925 lines), and where its text lives now.
 * The sections moved whole, so a heading present at its new home means its facts came with it.
 */
const OLD_README_HEADINGS: ReadonlyArray<{ old: string; file: string; heading: string }> = [
  { old: 'Golazo Arena', file: 'README.md', heading: 'Golazo Arena' },
  { old: 'Quick start', file: 'README.md', heading: 'Quick start' },
  { old: 'Screenshots', file: 'docs/screenshots.md', heading: 'Screenshots' },
  { old: 'Settings', file: 'docs/settings.md', heading: 'Settings' },
  { old: 'The tournament catalog', file: 'docs/areas/tournaments.md', heading: 'The tournament catalog' },
  { old: 'The calendar (recurring editions)', file: 'docs/areas/calendar.md', heading: 'The calendar (recurring editions)' },
  { old: 'Pods', file: 'docs/areas/tournaments.md', heading: 'Pods' },
  { old: 'One status', file: 'docs/areas/tournaments.md', heading: 'One status' },
  { old: 'Entries, check-in and the draw', file: 'docs/areas/brackets.md', heading: 'Entries, check-in and the draw' },
  {
    old: 'Check-in, extra slots and the bracket (player side)',
    file: 'docs/areas/brackets.md',
    heading: 'Check-in, extra slots and the bracket (player side)',
  },
  { old: "The waitlist (no-shows' places)", file: 'docs/areas/brackets.md', heading: "The waitlist (no-shows' places)" },
  { old: 'Match day', file: 'docs/areas/matches.md', heading: 'Match day' },
  { old: 'Alerts', file: 'docs/areas/notifications.md', heading: 'Alerts' },
  { old: 'Pages and content', file: 'docs/pages.md', heading: 'Pages and content' },
  { old: 'Performance', file: 'docs/performance.md', heading: 'Performance' },
  { old: 'The bench: the database and the stack', file: 'docs/performance.md', heading: 'The bench: the database and the stack' },
  { old: 'Layout', file: 'README.md', heading: 'Layout' },
  { old: 'Areas', file: 'docs/areas/README.md', heading: 'Areas' },
  { old: 'One source per rule', file: 'docs/areas/foundation.md', heading: 'One source per rule' },
  { old: 'Declared state machines', file: 'docs/areas/foundation.md', heading: 'Declared state machines' },
  { old: 'Security model', file: 'docs/security.md', heading: 'Security model' },
  { old: 'How the local stack works', file: 'docs/local-stack.md', heading: 'How the local stack works' },
  { old: 'Deploying', file: 'docs/deploy.md', heading: 'Deploying' },
  { old: 'Supabase project', file: 'docs/deploy.md', heading: 'Supabase project' },
  { old: 'Static host', file: 'docs/deploy.md', heading: 'Static host' },
  { old: 'Eligibility', file: 'docs/areas/payments.md', heading: 'Eligibility' },
  { old: 'Payments (Razorpay)', file: 'docs/areas/payments.md', heading: 'Payments (Razorpay)' },
  { old: 'Settings (of payments)', file: 'docs/areas/payments.md', heading: 'Settings' },
  { old: 'Locally', file: 'docs/areas/payments.md', heading: 'Locally' },
  { old: 'Tests and bench', file: 'docs/areas/payments.md', heading: 'Tests and bench' },
  { old: 'What we guarantee about money', file: 'docs/money.md', heading: 'What we guarantee about money' },
  { old: 'Prizes, tax and payouts', file: 'docs/areas/payouts.md', heading: 'Prizes, tax and payouts' },
  { old: 'Money and fairness in any order', file: 'docs/areas/payouts.md', heading: 'Money and fairness in any order' },
  { old: 'Payouts (RazorpayX) and the PAN check', file: 'docs/areas/payouts.md', heading: 'Payouts (RazorpayX) and the PAN check' },
  { old: 'Staff', file: 'docs/areas/staff.md', heading: 'Staff' },
  { old: 'Seasons: rating and the leaderboard', file: 'docs/areas/seasons.md', heading: 'Seasons: rating and the leaderboard' },
  { old: 'Privacy and personal data', file: 'docs/privacy.md', heading: 'Privacy and personal data' },
  { old: 'Download my data', file: 'docs/privacy.md', heading: 'Download my data' },
  { old: 'Deleting an account', file: 'docs/privacy.md', heading: 'Deleting an account' },
  { old: 'Retention', file: 'docs/privacy.md', heading: 'Retention' },
  { old: 'PAN encryption', file: 'docs/privacy.md', heading: 'PAN encryption' },
  { old: 'Consent', file: 'docs/privacy.md', heading: 'Consent' },
  { old: 'The privacy notice', file: 'docs/privacy.md', heading: 'The privacy notice' },
  { old: 'Grievances', file: 'docs/privacy.md', heading: 'Grievances' },
  { old: 'After an incident', file: 'docs/privacy.md', heading: 'After an incident' },
  { old: 'For the lawyer to confirm', file: 'docs/tax-and-legal.md', heading: 'For the lawyer to confirm: personal data' },
];

describe('the README', () => {
  it('is a map a newcomer reads in ten minutes: at most 400 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(400);
  });

  it.each(OLD_README_HEADINGS)('keeps "$old" at $file, "$heading"', ({ file, heading }) => {
    expect(existsSync(path.join(ROOT, file)), `${file} is missing`).toBe(true);
    expect(headingsOf(read(file))).toContain(heading);
  });
});

describe('links in README.md and docs/', () => {
  const files = markdownFiles();
  const links = files.flatMap((file) =>
    proseLines(read(file))
      // Inline code is an example (`[x](y)` in a sentence about Markdown), not a link.
      .map((line) => line.replace(/`[^`]*`/g, ''))
      .flatMap((line) => [...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => ({ file, target: m[1] ?? '' }))),
  );

  it('finds the links it checks', () => {
    // The map has hundreds of links; a parser that found none would pass everything below.
    expect(links.length).toBeGreaterThan(100);
  });

  it.each(files)('%s: every relative link lands on a file, and on a heading when it names one', (file) => {
    const broken: string[] = [];
    for (const { target } of links.filter((l) => l.file === file)) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto: ... are outside the repository
      const [pathPart = '', anchor] = target.split('#');
      const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
      if (!existsSync(path.join(ROOT, resolved))) {
        broken.push(`${target} (no file ${resolved})`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor)) {
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/** The Mermaid diagram of a machine as the area pages draw it, from the generated copy of the transitions table. */
function diagramOf(name: MachineName): string {
  const machine = STATE_MACHINES[name];
  const moves: Partial<Record<string, readonly string[]>> = machine.moves;
  return [
    'stateDiagram-v2',
    `  %% machine: ${name}`,
    ...machine.initial.map((status) => `  [*] --> ${status}`),
    ...Object.entries(moves).flatMap(([from, tos]) => (tos ?? []).map((to) => `  ${from} --> ${to}`)),
  ].join('\n');
}

describe('state machine diagrams in docs/areas/', () => {
  const diagrams = markdownFiles()
    .filter((file) => file.startsWith('docs/areas/'))
    .flatMap((file) => [...read(file).matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => ({ file, body: m[1] ?? '' })));
  const names = Object.keys(STATE_MACHINES) as MachineName[];

  it.each(names)('draws the %s machine once, exactly as the database declares it', (name) => {
    const drawn = diagrams.filter((d) => d.body.includes(`%% machine: ${name}\n`));
    expect(drawn.map((d) => d.file)).toHaveLength(1);
    expect(drawn[0]?.body, `paste this into ${drawn[0]?.file}`).toBe(diagramOf(name));
  });

  it('draws no machine the database does not declare', () => {
    const drawnNames = diagrams.map((d) => /%% machine: (\S+)/.exec(d.body)?.[1]);
    expect(drawnNames.filter((n) => n === undefined || !names.includes(n as MachineName))).toEqual([]);
  });
});

describe('code comments', () => {
  // The specification files those comments once cited are not in the repository; docs/contract.md and the area
  // pages say the same in our words. Migrations are history and stay as they landed.
  const ROOTS = ['src', 'scripts', 'tests', 'supabase/tests', 'supabase/functions', 'supabase/local', 'supabase/seed.sql'];
  const SOURCE = /\.(ts|tsx|mjs|astro|sql|md)$/;
  function sources(rel: string): string[] {
    const full = path.join(ROOT, rel);
    if (!statSync(full).isDirectory()) return [rel];
    return readdirSync(full, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(`${rel}/${e.name}`) : SOURCE.test(e.name) ? [`${rel}/${e.name}`] : [],
    );
  }

  it('point inside the repository, never to lifecycle.md or decisions.md', () => {
    const files = ROOTS.flatMap(sources).filter((f) => f !== 'scripts/docs-map.test.ts');
    expect(files.length).toBeGreaterThan(100);
    const outside = files.filter((f) => /\b(lifecycle|decisions)\.md\b/.test(read(f)));
    expect(outside).toEqual([]);
  });
});
