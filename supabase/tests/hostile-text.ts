/**
 * What a player may type into any free-text field, for the SQL tests and the random sequences: JSON
 * literals, digits only, common words, regular-expression characters, quotes, emoji, direction marks, and
 * mixes of them. Text the database stores and later compares, rewrites or casts must survive every one.
 */
import fc from 'fast-check';

/** Values that have broken code before or would: each is typed as a whole and inside longer text. */
export const HOSTILE_WORDS = [
  'null',
  'true',
  'false',
  '{}',
  '[]',
  '0',
  '123456',
  '9876543210',
  'Status',
  'status',
  'the',
  'Player',
  'Deleted player',
  '[removed]',
  '.*',
  '.*+?()[]{}|\\^$',
  '\\1',
  '%_',
  "O'Brien",
  '"quoted"',
  "'; select 1; --",
  '⚽🔥',
  'नमस्ते',
  '\u200Fabc\u200F',
  '\u202Eevil',
  '  padded  ',
] as const;

/** One hostile word, a few joined with spaces, or any string fast-check makes up. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_WORDS) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...HOSTILE_WORDS), { minLength: 2, maxLength: 4 }).map((w) => w.join(' ')) },
  // Any code point but NUL, which no text column can hold (PostgREST refuses it before the database sees it).
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).map((t) => t.replaceAll('\u0000', '') || 'x') },
);

/** A JSON literal typed as text: what a jsonb document holds unquoted, and must keep so. */
export const jsonLiteralText: fc.Arbitrary<string> = fc.constantFrom('null', 'true', 'false', '{}', '[]');

/** Hostile text padded to at least `min` characters, for fields with a minimum length (a grievance's body). */
export const hostileTextOfAtLeast = (min: number): fc.Arbitrary<string> =>
  hostileText.map((text) =>
    text.length >= min ? text : `${text} ${'null '.repeat(Math.ceil(min / 5))}`.slice(0, Math.max(min, text.length)),
  );
