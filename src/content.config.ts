/**
 * Content collections. The tournament schema lives with its domain
 * (src/features/tournaments/tournaments.ts) because the database sync and tests use it too;
 * the policy frontmatter schema lives with the info pages (src/features/info/policies.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { TournamentSchema } from './features/tournaments/tournaments';
import { EditionOverrideSchema, RecurringSeriesSchema } from './features/tournaments/recurrence';
import { PolicyFrontmatterSchema } from './features/info/policies';
import { TestimonialSchema } from './features/landing/testimonials';

const tournaments = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/tournaments' }),
  schema: TournamentSchema,
});

/** Series whose editions the calendar makes by itself (src/features/tournaments/recurrence.ts). */
const recurringSeries = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/tournaments/recurring' }),
  schema: RecurringSeriesSchema,
});

/** One edition of a recurring series moved, renamed, resized or cancelled. */
const editionOverrides = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/tournaments/overrides' }),
  schema: EditionOverrideSchema,
});

/** Privacy, terms, cookies, participation and community services policies, in Markdown. */
const policies = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/policies' }),
  schema: PolicyFrontmatterSchema,
});

/** The landing page's quote cards: real, consented quotes (name, city, date of consent) or marked examples. */
const testimonials = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/testimonials' }),
  schema: TestimonialSchema,
});

export const collections = { tournaments, recurringSeries, editionOverrides, policies, testimonials };
