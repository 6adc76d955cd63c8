import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontFacesCss } from './font-faces';

/** Each @font-face as its source and the code points its unicode-range covers. */
function faces() {
  return [...fontFacesCss.matchAll(/src:url\(([^)]+)\)[^}]*unicode-range:([^}]+)}/g)].map(([, src, range]) => ({
    src,
    covers: (codePoint: number) =>
      range.split(',').some((part) => {
        const [from, to = from] = part.trim().replace('U+', '').split('-');
        return codePoint >= Number.parseInt(from, 16) && codePoint <= Number.parseInt(to, 16);
      }),
  }));
}

const RUPEE = 0x20b9;

describe('font faces', () => {
  it('draws the rupee sign from one face only, and the latin-ext file still covers its neighbours', () => {
    const all = faces();
    expect(all).toHaveLength(3);
    expect(all.filter((face) => face.covers(RUPEE))).toHaveLength(1);
    for (const neighbour of [0x20b8, 0x20ba, 0x0100]) expect(all.filter((face) => face.covers(neighbour))).toHaveLength(1);
    expect(all.filter((face) => face.covers('A'.codePointAt(0) as number))).toHaveLength(1);
  });

  it('ships the rupee as a small WOFF2 file (npm run fonts)', () => {
    const rupee = readFileSync(new URL('../assets/fonts/anton-rupee.woff2', import.meta.url));
    expect(rupee.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(rupee.length).toBeLessThan(4096);
  });
});
