/**
 * Build-time image rendering: SVG to PNG (resvg) and layout to SVG (satori).
 * Runs only in static endpoints during `astro build`; nothing here reaches the browser.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

const require = createRequire(import.meta.url);

/** PNG of an SVG, scaled to `width` pixels wide. */
export function svgToPng(svg: string, width: number): Uint8Array<ArrayBuffer> {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
  return new Uint8Array(png);
}

type FontEntry = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };

/**
 * Fonts ship with the npm packages (@fontsource/*), so builds on a fresh machine render the
 * same. satori reads WOFF, not WOFF2. Latin-ext carries the rupee sign.
 */
async function loadFonts(): Promise<FontEntry[]> {
  const file = (name: string) => readFile(require.resolve(`@fontsource/${name}`));
  const [anton, antonExt, inter400, inter400Ext, inter700, inter700Ext] = await Promise.all([
    file('anton/files/anton-latin-400-normal.woff'),
    file('anton/files/anton-latin-ext-400-normal.woff'),
    file('inter/files/inter-latin-400-normal.woff'),
    file('inter/files/inter-latin-ext-400-normal.woff'),
    file('inter/files/inter-latin-700-normal.woff'),
    file('inter/files/inter-latin-ext-700-normal.woff'),
  ]);
  return [
    { name: 'Anton', data: anton, weight: 400, style: 'normal' },
    { name: 'Anton Ext', data: antonExt, weight: 400, style: 'normal' },
    { name: 'Inter', data: inter400, weight: 400, style: 'normal' },
    { name: 'Inter Ext', data: inter400Ext, weight: 400, style: 'normal' },
    { name: 'Inter', data: inter700, weight: 700, style: 'normal' },
    { name: 'Inter Ext', data: inter700Ext, weight: 700, style: 'normal' },
  ];
}

/**
 * Font stacks for satori styles. Each subset is its own family: satori only falls back to
 * another family for a missing glyph (the rupee sign lives in the latin-ext files).
 */
export const DISPLAY_FONT = 'Anton, "Anton Ext"';
export const BODY_FONT = 'Inter, "Inter Ext"';

let fontsOnce: Promise<FontEntry[]> | undefined;

/** A satori node: the object form of a React element, so no JSX runtime is needed here. */
export type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown; [key: string]: unknown } };

export function h(type: string, style: Record<string, unknown>, ...children: unknown[]): Node {
  return { type, props: { style, children: children.length === 1 ? children[0] : children } };
}

export async function layoutToPng(node: Node, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  fontsOnce ??= loadFonts();
  // satori's types want a ReactNode; the object form is what React elements are at runtime.
  const svg = await satori(node as unknown as Parameters<typeof satori>[0], { width, height, fonts: await fontsOnce });
  return svgToPng(svg, width);
}
