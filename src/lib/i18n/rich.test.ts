import { describe, expect, it } from 'vitest';
import { en } from './en';
import { hi } from './hi';
import { parseRich, plainRich } from './rich';
import { ROUTES } from '@/lib/routes';

describe('the dictionaries’ link markup', () => {
  it('splits a sentence into its words, links, emphasis and slots', () => {
    expect(parseRich('नए हैं? [सहायता केंद्र](helpCenter) बताता है, **48 घंटे** में {email} पर।')).toEqual([
      { kind: 'text', text: 'नए हैं? ' },
      { kind: 'link', text: 'सहायता केंद्र', route: 'helpCenter' },
      { kind: 'text', text: ' बताता है, ' },
      { kind: 'strong', text: '48 घंटे' },
      { kind: 'text', text: ' में ' },
      { kind: 'slot', name: 'email' },
      { kind: 'text', text: ' पर।' },
    ]);
    expect(plainRich('See the [tournaments page](tournaments).')).toBe('See the tournaments page.');
    expect(parseRich('hash `secret:entry-id` once')).toEqual([
      { kind: 'text', text: 'hash ' },
      { kind: 'code', text: 'secret:entry-id' },
      { kind: 'text', text: ' once' },
    ]);
    // Text that only looks like markup stays text.
    expect(parseRich('a [b] (c) *d* {E}')).toEqual([{ kind: 'text', text: 'a [b] (c) *d* {E}' }]);
  });

  it('link only routes of the table, the same ones in both languages', () => {
    const links = (dictionary: unknown): string[] =>
      JSON.stringify(dictionary, (_key, value) => (typeof value === 'function' ? value(...FUNCTION_ARGS) : value))
        .match(/\]\(([A-Za-z]+)\)/g)
        ?.map((link) => link.slice(2, -1))
        .sort() ?? [];
    const english = links(en.info);
    expect(english.length).toBeGreaterThan(5);
    expect(links(hi.info)).toEqual(english);
    for (const route of english) expect(ROUTES, route).toHaveProperty(route);
  });
});

// Any function of the dictionaries takes strings or numbers; these stand in for all of them.
const FUNCTION_ARGS = [{ TAX_PERCENT: '30%' }, 20] as const;
