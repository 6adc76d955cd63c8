import { describe, expect, it } from 'vitest';
import { MAX_TYPING_MS, TYPING_MS_PER_CHARACTER, countCharacters, typedHeadingRules, typingSlot } from './typed-headings';

describe('typingSlot', () => {
  it('types a short title at the product pace', () => {
    expect(typingSlot('Who We Are')).toEqual({ characters: 10, durationMs: 10 * TYPING_MS_PER_CHARACTER });
  });

  it('never takes longer than one second, however long the title', () => {
    const long = 'Community Services and Access for Every Player';
    expect(typingSlot(long)).toEqual({ characters: long.length, durationMs: MAX_TYPING_MS });
    expect(MAX_TYPING_MS).toBeLessThanOrEqual(1000);
  });

  it('gives an empty title one step so the animation stays valid', () => {
    expect(typingSlot('   ')).toEqual({ characters: 1, durationMs: TYPING_MS_PER_CHARACTER });
  });

  it('rejects a pace that would never finish', () => {
    expect(() => typingSlot('a', 0)).toThrow(RangeError);
  });
});

describe('countCharacters', () => {
  it('counts what a reader sees, ignoring surrounding spaces', () => {
    expect(countCharacters('  Refunds & Check-in ')).toBe(18);
    expect(countCharacters('Café ⚽')).toBe(6);
    expect(countCharacters('👍🏽 ok')).toBe(4);
  });
});

describe('typedHeadingRules', () => {
  it('writes one rule per heading with its steps and duration; every title types at once', () => {
    const css = typedHeadingRules('.policy', [
      { slug: 'who-we-are', text: 'Who We Are' },
      { slug: 'your-data', text: 'Your Data' },
    ]);

    expect(css.split('\n')).toEqual([
      '.policy [id="who-we-are"]{--type-steps:10;--type-duration:500ms}',
      '.policy [id="your-data"]{--type-steps:9;--type-duration:450ms}',
    ]);
    expect(css).not.toContain('delay');
  });

  it('escapes ids so they cannot break out of the selector', () => {
    const css = typedHeadingRules('.policy', [{ slug: 'a"]{}b\\', text: 'x' }]);
    expect(css.startsWith('.policy [id="a\\"]{}b\\\\"]{')).toBe(true);
  });
});
