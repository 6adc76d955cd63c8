/**
 * The brand mark as plain SVG strings: one source for the header logo, the favicon set,
 * the app icons and the share images (which render it through resvg/satori at build time).
 */

/** A lime football on a dark rounded tile. Square, 64×64 view box. */
export const LOGO_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden="true">
<rect width="64" height="64" rx="15" fill="#0b1f15"/>
<circle cx="32" cy="32" r="21" fill="#c6f432"/>
<g stroke="#050d09" stroke-width="2.6" stroke-linecap="round" fill="none">
<path d="M32 24v-11M39.6 29.5l10.5-3.4M36.7 38.5l6.5 8.9M27.3 38.5l-6.5 8.9M24.4 29.5l-10.5-3.4"/>
</g>
<path d="M32 24l7.6 5.5-2.9 9h-9.4l-2.9-9z" fill="#050d09"/>
</svg>`;

/**
 * The same mark with room around it, for icons that platforms crop into circles
 * (Android's maskable icons keep only the central 80 %).
 */
export const APP_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" fill="#0b1f15"/>
<circle cx="32" cy="32" r="17" fill="#c6f432"/>
<g stroke="#050d09" stroke-width="2.2" stroke-linecap="round" fill="none">
<path d="M32 25.5v-8.9M38.2 30l8.5-2.8M35.8 37.3l5.3 7.2M28.2 37.3l-5.3 7.2M25.8 30l-8.5-2.8"/>
</g>
<path d="M32 25.5l6.2 4.5-2.4 7.3h-7.6l-2.4-7.3z" fill="#050d09"/>
</svg>`;

/** Theme colour shared by the manifest and the browser UI tint. */
export const THEME_COLOR = '#050d09';
export const BACKGROUND_COLOR = '#050d09';
