/**
 * The policy pages type their section titles out one after another with CSS alone.
 *
 * CSS cannot measure text, so the schedule is computed at build time from each title's
 * length: a title types at a fixed pace per character, and the next one starts after a
 * pause once the previous has finished. The result becomes CSS custom properties that a
 * `steps()` animation reads, so the browser needs no script at all.
 */

/** Typing pace, the product's default for typed text. */
export const TYPING_MS_PER_CHARACTER = 50;
/** Pause between one title finishing and the next one starting. */
export const PAUSE_BETWEEN_TITLES_MS = 500;

export interface TypingSlot {
  /** Visible characters in the title: the number of animation steps. */
  characters: number;
  /** When this title starts typing, from page load. */
  delayMs: number;
  /** How long typing this title takes. */
  durationMs: number;
}

export interface TypingPace {
  msPerCharacter?: number;
  pauseMs?: number;
}

/** Counts what a reader sees as characters, so an emoji or accented letter is one step, not two. */
export function countCharacters(text: string): number {
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
  let count = 0;
  for (const _ of segmenter.segment(text.trim())) count += 1;
  return count;
}

/**
 * The first title types at once; each next one starts `pauseMs` after the previous finishes.
 */
export function scheduleTypedTitles(titles: readonly string[], pace: TypingPace = {}): TypingSlot[] {
  const msPerCharacter = pace.msPerCharacter ?? TYPING_MS_PER_CHARACTER;
  const pauseMs = pace.pauseMs ?? PAUSE_BETWEEN_TITLES_MS;
  if (msPerCharacter <= 0 || pauseMs < 0) throw new RangeError('Typing pace must be positive');

  const slots: TypingSlot[] = [];
  let startsAt = 0;
  for (const title of titles) {
    // An empty title still takes one step, so the steps() timing function stays valid.
    const characters = Math.max(1, countCharacters(title));
    const durationMs = characters * msPerCharacter;
    slots.push({ characters, delayMs: startsAt, durationMs });
    startsAt += durationMs + pauseMs;
  }
  return slots;
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
 * CSS rules giving each heading its place in the typing schedule as custom properties
 * (`--type-steps`, `--type-delay`, `--type-duration`), scoped under `scope`.
 */
export function typedHeadingRules(scope: string, headings: readonly HeadingRef[], pace: TypingPace = {}): string {
  const slots = scheduleTypedTitles(
    headings.map((heading) => heading.text),
    pace,
  );
  return headings
    .flatMap((heading, index) => {
      const slot = slots[index];
      if (!slot) return [];
      return (
        `${scope} [id=${quoteForCss(heading.slug)}]{` +
        `--type-steps:${slot.characters};--type-delay:${slot.delayMs}ms;--type-duration:${slot.durationMs}ms}`
      );
    })
    .join('\n');
}
