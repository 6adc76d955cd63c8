import { describe, expect, it } from 'vitest';
import { PAUSE_BETWEEN_TITLES_MS, TYPING_MS_PER_CHARACTER, countCharacters, scheduleTypedTitles, typedHeadingRules } from './typedHeadings';

describe('scheduleTypedTitles', () => {
  it('types the first title at once and each next one after the previous finishes plus the pause', () => {
    const slots = scheduleTypedTitles(['Who We Are', 'Your Data', 'Contact']);

    expect(slots).toEqual([
      { characters: 10, delayMs: 0, durationMs: 10 * TYPING_MS_PER_CHARACTER },
      { characters: 9, delayMs: 500 + PAUSE_BETWEEN_TITLES_MS, durationMs: 9 * TYPING_MS_PER_CHARACTER },
      { characters: 7, delayMs: 500 + 500 + 450 + 500, durationMs: 7 * TYPING_MS_PER_CHARACTER },
    ]);
  });

  it('uses the pace it is given', () => {
    const slots = scheduleTypedTitles(['abcd', 'ef'], { msPerCharacter: 30, pauseMs: 100 });
    expect(slots.map((slot) => slot.delayMs)).toEqual([0, 4 * 30 + 100]);
    expect(slots.map((slot) => slot.durationMs)).toEqual([120, 60]);
  });

  it('returns no slots for no titles', () => {
    expect(scheduleTypedTitles([])).toEqual([]);
  });

  it('gives an empty title one step so the animation stays valid', () => {
    const [slot] = scheduleTypedTitles(['   ']);
    expect(slot).toEqual({ characters: 1, delayMs: 0, durationMs: TYPING_MS_PER_CHARACTER });
  });

  it('rejects a pace that would never finish', () => {
    expect(() => scheduleTypedTitles(['a'], { msPerCharacter: 0 })).toThrow(RangeError);
    expect(() => scheduleTypedTitles(['a'], { pauseMs: -1 })).toThrow(RangeError);
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
  it('writes one rule per heading with its steps, delay and duration', () => {
    const css = typedHeadingRules('.policy', [
      { slug: 'who-we-are', text: 'Who We Are' },
      { slug: 'your-data', text: 'Your Data' },
    ]);

    expect(css.split('\n')).toEqual([
      '.policy [id="who-we-are"]{--type-steps:10;--type-delay:0ms;--type-duration:500ms}',
      '.policy [id="your-data"]{--type-steps:9;--type-delay:1000ms;--type-duration:450ms}',
    ]);
  });

  it('escapes ids so they cannot break out of the selector', () => {
    const css = typedHeadingRules('.policy', [{ slug: 'a"]{}b\\', text: 'x' }]);
    expect(css.startsWith('.policy [id="a\\"]{}b\\\\"]{')).toBe(true);
  });
});
