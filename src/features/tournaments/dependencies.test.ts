import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tournaments area (catalog, status, live states, pods) is what the others build on: brackets,
 * payments and standings read a tournament's status from it, and the pages that show them together
 * compose them (the pod page in features/pods, a tournament's page in its route). So the dependency runs
 * one way, and a change to the bracket never ripples back into every tournament list.
 */
const AREAS_BUILT_ON_TOURNAMENTS = ['brackets', 'payments', 'standings', 'pods'];

function featuresImportedBy(area: string): Set<string> {
  const folder = join('src', 'features', area);
  const imported = new Set<string>();
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(astro|tsx?)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    for (const [, other] of readFileSync(join(folder, file), 'utf8').matchAll(/['"]@\/features\/([\w-]+)\//g)) {
      if (other && other !== area) imported.add(other);
    }
  }
  return imported;
}

describe('feature areas', () => {
  it('tournaments imports none of the areas built on it', () => {
    expect([...featuresImportedBy('tournaments')].filter((area) => AREAS_BUILT_ON_TOURNAMENTS.includes(area))).toEqual([]);
  });

  it('brackets, payments and standings import no page that composes them', () => {
    for (const area of ['brackets', 'payments', 'standings']) expect(featuresImportedBy(area).has('pods'), area).toBe(false);
  });
});
