import { describe, expect, it } from 'vitest';
import { fittedSize, needsResize, PICTURE_MAX_SIDE } from './resize-picture';

// A phone photo refused as "too large" would leave players without a picture; an enlarged one wastes storage.
describe('picture resizing', () => {
  it('scales the longest side down to the limit, keeping proportions', () => {
    expect(fittedSize(4032, 3024)).toEqual({ width: PICTURE_MAX_SIDE, height: 384 });
    expect(fittedSize(1080, 1920)).toEqual({ width: 288, height: PICTURE_MAX_SIDE });
  });
  it('never enlarges a small picture', () => {
    expect(fittedSize(200, 100)).toEqual({ width: 200, height: 100 });
  });
  it('resizes what is big in bytes or in pixels only', () => {
    expect(needsResize({ size: 50_000 }, 400, 400)).toBe(false);
    expect(needsResize({ size: 50_000 }, 4000, 3000)).toBe(true);
    expect(needsResize({ size: 5 * 1024 * 1024 }, 500, 500)).toBe(true);
  });
});
