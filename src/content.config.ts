/**
 * Content collections. The tournament schema lives with its domain
 * (src/features/tournaments/tournaments.ts) because the database sync and tests use it too.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { TournamentSchema } from './features/tournaments/tournaments';

const tournaments = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/tournaments' }),
  schema: TournamentSchema,
});

export const collections = { tournaments };
