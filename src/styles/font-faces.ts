/**
 * The site's one web font, declared here rather than through its package's stylesheet to choose how
 * it arrives: Anton (headings, the brand's look) is preloaded and swaps in; short upper-case lines
 * whose height does not change with the face. Each file carries a unicode-range, so a page fetches
 * only the subsets its text uses: latin; the rupee sign from a file of its own (2.5 KB, made by
 * `npm run fonts`), since nearly every page prints one; latin-ext only where an accented letter appears.
 *
 * Body text uses the device's own sans-serif (global.css, --font-sans): no file to wait for, so a
 * paragraph paints with the first frame and never re-wraps when a late font arrives. Measured with
 * `npm run lighthouse`, this took about 0.3 s off the text pages' largest paint.
 */
import antonLatin from '@fontsource/anton/files/anton-latin-400-normal.woff2?url';
import antonLatinExt from '@fontsource/anton/files/anton-latin-ext-400-normal.woff2?url';
import antonRupee from '../assets/fonts/anton-rupee.woff2?url';

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
/** Fontsource's latin-ext range without the rupee sign (U+20B9), which RUPEE serves. */
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20B8,U+20BA-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';
const RUPEE = 'U+20B9';

function face(family: string, weight: number, url: string, range: string, display: 'swap' | 'optional'): string {
  return `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};font-display:${display};src:url(${url}) format('woff2');unicode-range:${range}}`;
}

export const fontFacesCss = [
  face('Anton', 400, antonLatin, LATIN, 'swap'),
  face('Anton', 400, antonRupee, RUPEE, 'swap'),
  face('Anton', 400, antonLatinExt, LATIN_EXT, 'swap'),
].join('\n');

/** The one file worth preloading: the heading face every page's h1 uses. */
export const preloadedFontUrl = antonLatin;
