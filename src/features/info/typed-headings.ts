/**
 * The policy pages' section titles "type" with CSS alone: a lime rule under each title is drawn
 * one character-width step at a time, like a cursor's trail. The title's text itself is never
 * clipped or hidden, so every heading is readable the moment the page paints, with or without
 * script, and every title types at the same time, so nothing waits for the titles above it.
 *
 * CSS cannot measure text, so each title's schedule is computed at build time from its length:
 * a fixed pace per character, capped so the whole effect is over within one second. The result
 * becomes CSS custom properties that a `steps()` animation reads.
 */

/** Typing pace, the product's default for typed text. */
export const TYPING_MS_PER_CHARACTER = 50;
/** No typing effect runs longer than this: a long title simply types faster. */
export const MAX_TYPING_MS = 1000;

interface TypingSlot {
  /** Visible characters in the title: the number of animation steps. */
  characters: number;
  /** How long typing this title takes (at most MAX_TYPING_MS). */
  durationMs: number;
}

/** Counts what a reader sees as characters, so an emoji or accented letter is one step, not two. */
export function countCharacters(text: string): number {
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
  let count = 0;
  for (const _ of segmenter.segment(text.trim())) count += 1;
  return count;
}

/** One title's typing: its characters at the product's pace, never longer than MAX_TYPING_MS. */
export function typingSlot(title: string, msPerCharacter: number = TYPING_MS_PER_CHARACTER): TypingSlot {
  if (msPerCharacter <= 0) throw new RangeError('Typing pace must be positive');
  // An empty title still takes one step, so the steps() timing function stays valid.
  const characters = Math.max(1, countCharacters(title));
  return { characters, durationMs: Math.min(characters * msPerCharacter, MAX_TYPING_MS) };
}

export interface HeadingRef {
  /** The heading's `id` attribute, as the Markdown renderer set it. */
  slug: string;
  text: string;
}

/** A value that is safe inside a double-quoted CSS attribute selector. */
function quoteForCss(value: string): string {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`).replace(/\n/g, '\\a ')}"`;
}

/**
 * CSS rules giving each heading its typing as custom properties (`--type-steps`,
 * `--type-duration`), scoped under `scope`.
 */
export function typedHeadingRules(scope: string, headings: readonly HeadingRef[]): string {
  return headings
    .map((heading) => {
      const slot = typingSlot(heading.text);
      return `${scope} [id=${quoteForCss(heading.slug)}]{--type-steps:${slot.characters};--type-duration:${slot.durationMs}ms}`;
    })
    .join('\n');
}
