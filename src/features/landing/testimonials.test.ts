import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { landingQuotes, TestimonialSchema } from './testimonials';

const dir = 'src/content/testimonials';
const shipped = readdirSync(dir).map((file) => TestimonialSchema.parse(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'))));

describe('the landing page quotes', () => {
  it('refuse a real quote without the date the player consented, and an example with one', () => {
    const base = { quote: 'A quote long enough to be shown.', name: 'Asha', city: 'Pune', order: 1 };
    expect(TestimonialSchema.safeParse({ ...base, example: false, consentedOn: null }).success).toBe(false);
    expect(TestimonialSchema.safeParse({ ...base, example: true, consentedOn: '2026-11-01' }).success).toBe(false);
    expect(TestimonialSchema.safeParse({ ...base, example: false, consentedOn: '2026-11-01' }).success).toBe(true);
  });

  it('put consented quotes before examples', () => {
    const real = TestimonialSchema.parse({
      quote: 'A real quote from a real player.',
      name: 'Asha',
      city: 'Pune',
      order: 9,
      example: false,
      consentedOn: '2026-11-01',
    });
    expect(landingQuotes([...shipped, real])[0]).toBe(real);
    expect(landingQuotes([...shipped, real])).toHaveLength(3);
  });

  it('ship as examples that promise no payout time or guaranteed prize', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(3);
    for (const quote of shipped) {
      expect(quote.example).toBe(true);
      expect(quote.quote).not.toMatch(/payout|landed|next day|guarantee|within \d+ hours|₹/i);
    }
  });
});
