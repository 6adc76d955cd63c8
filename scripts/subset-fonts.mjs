#!/usr/bin/env node
/**
 * `npm run fonts`: writes the small font files the site ships next to Anton's own subsets.
 *
 * Anton's latin-ext file (31 KB) holds the rupee sign, which nearly every page prints in a heading, so
 * every page fetched it before its first paint. The rupee gets a file of its own (2.5 KB) instead;
 * the latin-ext file is then fetched only by a page with an accented letter in a heading
 * (src/styles/font-faces.ts gives each file its unicode-range).
 *
 * The output is committed; run this again after upgrading @fontsource/anton.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const LATIN_EXT = require.resolve('@fontsource/anton/files/anton-latin-ext-400-normal.woff2');
const RUPEE_FONT = new URL('../src/assets/fonts/anton-rupee.woff2', import.meta.url);

const rupee = await subsetFont(readFileSync(LATIN_EXT), '₹', { targetFormat: 'woff2' });
writeFileSync(RUPEE_FONT, rupee);
console.log(`${RUPEE_FONT.pathname}: ${rupee.length} bytes`);
