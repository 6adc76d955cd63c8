/**
 * The catalog's Hindi twins: every tournament and recurring series file carries its words in Hindi, rule for
 * rule, in Devanagari, stating the same numbers as the English; a Hindi page shows them and an English page
 * never does; a recurring edition's Hindi title names its month in Hindi.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogText } from './catalog-text';
import { editionTournament, expandEditions, RecurringSeriesSchema } from './recurrence';
import { TournamentSchema } from './tournaments';
import * as z from 'zod/mini';

const DIR = path.resolve(import.meta.dirname, '../../content/tournaments');
const read = (file: string) => JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as unknown;
const tournaments = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f, z.parse(TournamentSchema, read(f))] as const);
const series = readdirSync(path.join(DIR, 'recurring'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f, z.parse(RecurringSeriesSchema, read(path.join('recurring', f)))] as const);

/** The numbers a text states (₹45,000 → 45000), in order of size: the Hindi must state the same ones. */
const numbers = (text: string) => [...text.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replace(/,/g, ''))).sort((a, b) => a - b);

describe("the catalog's Hindi twins", () => {
  it('reads every file (a tournament and the recurring series)', () => {
    expect(tournaments.length).toBeGreaterThanOrEqual(10);
    expect(series.length).toBeGreaterThanOrEqual(2);
  });

  for (const [file, entry] of [...tournaments, ...series]) {
    it(`${file}: has its Hindi words, rule for rule, in Devanagari, with the English's numbers`, () => {
      const hi = entry.hi;
      expect(hi, `${file} has no "hi" block`).toBeDefined();
      if (!hi) return;
      expect(hi.rules).toHaveLength(entry.rules.length);
      const pairs: [string, string][] = [
        [entry.description, hi.description],
        [entry.importantInfo, hi.importantInfo],
        ...entry.rules.map((rule, i) => [rule, hi.rules[i] ?? ''] as [string, string]),
      ];
      if (entry.subtitle) pairs.push([entry.subtitle, hi.subtitle ?? '']);
      if (hi.title) pairs.push([entry.title, hi.title]);
      for (const [english, hindi] of pairs) {
        expect(hindi, english).toMatch(/[\u0900-\u097F]{3}/);
        expect(numbers(hindi), `${english} → ${hindi}`).toEqual(numbers(english));
      }
    });
  }

  it('shows the Hindi on a Hindi page and the English, unmarked, on an English page', () => {
    const [, champions] = tournaments.find(([f]) => f === 'champions-dec-2026.json')!;
    const hi = catalogText(champions, 'hi');
    expect(hi).toMatchObject({ title: 'चैंपियंस टूर दिसंबर 2026', subtitle: 'मंथली चैंपियनशिप', lang: {} });
    expect(hi.description).toContain('₹45,000');
    const en = catalogText(champions, 'en');
    expect(en).toMatchObject({ title: 'Champions Tour December 2026', description: champions.description, lang: {} });
    // A brand name keeps its one title; a file without a twin reads English, marked so for screen readers.
    const [, super8] = tournaments.find(([f]) => f === 'super_8.json')!;
    expect(catalogText(super8, 'hi').title).toBe('Golazo Super 8');
    const { hi: _dropped, ...bare } = super8;
    expect(catalogText(bare, 'hi')).toMatchObject({ description: super8.description, lang: { title: 'en-IN', text: 'en-IN' } });
  });

  it("names a recurring edition's month in Hindi, and keeps an override's own title", () => {
    const all = series.map(([, s]) => s);
    const [edition] = expandEditions(all, [], new Date('2027-01-15T00:00:00Z')).filter((e) => e.series_id === 'championship');
    const ofSeries = all.find((s) => s.id === 'championship')!;
    const tournament = editionTournament(ofSeries, edition!);
    expect(catalogText(tournament, 'hi').title).toMatch(/^फ़र्स्ट सैटरडे चैंपियनशिप (फ़रवरी|मार्च|अप्रैल) 2027$/);
    const renamed = editionTournament(ofSeries, { ...edition!, title: 'Diwali Special Championship' });
    expect(catalogText(renamed, 'hi').title).toBe('Diwali Special Championship');
  });
});
