/**
 * The catalog as pages read it at build time: every entry of the `tournaments` content
 * collection, validated by its zod schema, and the editions the recurring series hold on the
 * day of the build (src/features/tournaments/recurrence.ts), in the order lists show. Editions the
 * database creates after the build are shown by the edition shell page (/edition/?id=…).
 */
import { getCollection } from 'astro:content';
import { calendarProblems, calendarTournaments, type EditionOverride, type RecurringSeries } from './recurrence';
import { sortCatalog, type Tournament } from './tournaments';

export async function loadCatalog(): Promise<Tournament[]> {
  const handMade = (await getCollection('tournaments')).map((entry) => entry.data);
  const { series, overrides } = await loadCalendar();
  const problems = calendarProblems(series, overrides, handMade);
  if (problems.length) throw new Error(problems.join('; '));
  return sortCatalog([...handMade, ...calendarTournaments(series, overrides, new Date())]);
}

/** The recurring series and the overrides of single editions, as the catalog declares them. */
export async function loadCalendar(): Promise<{ series: RecurringSeries[]; overrides: EditionOverride[] }> {
  const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id);
  const series = (await getCollection('recurringSeries')).map((entry) => entry.data).sort(byId);
  const overrides = (await getCollection('editionOverrides')).map((entry) => entry.data).sort(byId);
  return { series, overrides };
}
