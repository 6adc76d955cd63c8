/**
 * The catalog as pages read it at build time: every entry of the `tournaments` content
 * collection, validated by its zod schema, in the order lists show.
 */
import { getCollection } from 'astro:content';
import { sortCatalog, type Tournament } from './tournaments';

export async function loadCatalog(): Promise<Tournament[]> {
  const entries = await getCollection('tournaments');
  return sortCatalog(entries.map((entry) => entry.data));
}
