/**
 * The landing page's quote cards: one JSON file per quote in `src/content/testimonials/`. Editors add a
 * real player's words only with their consent, recording the name and city they agreed to show and the
 * date they consented. Until there are three such quotes, the shipped examples fill the cards and say
 * plainly on the page that they are examples. No quote may promise what the product does not do (a
 * payout time, a guaranteed prize): prizes are paid by UPI after the challenge window and a PAN check.
 */
import { z } from 'zod';

export const TestimonialSchema = z
  .object({
    /** The player's words, as they agreed to have them shown. */
    quote: z.string().min(20).max(240),
    /** The name the player agreed to show (a first name is enough). */
    name: z.string().min(2).max(40),
    city: z.string().min(2).max(40),
    /** The calendar date (YYYY-MM-DD) the player consented to this quote being shown; null for an example. */
    consentedOn: z.coerce.date().nullable(),
    /** An example written by the team, not a player's words: the card says so. */
    example: z.boolean(),
    /** Order on the page, lowest first. */
    order: z.number().int().min(0),
  })
  .refine((quote) => quote.example === (quote.consentedOn === null), {
    message: 'A real quote needs the date the player consented (consentedOn); an example has none and sets example: true',
  });

export type Testimonial = z.infer<typeof TestimonialSchema>;

/** Real quotes first, then examples, each by `order`; the landing page shows the first three. */
export function landingQuotes(all: readonly Testimonial[]): Testimonial[] {
  return [...all].sort((a, b) => Number(a.example) - Number(b.example) || a.order - b.order).slice(0, 3);
}
