import type { APIRoute, GetStaticPaths } from 'astro';
import { APP_ICON_SVG, LOGO_MARK_SVG } from '@/components/brand/marks';
import { svgToPng } from '@/components/brand/raster';

/**
 * PNG icons rendered from the brand mark at build time: the classic favicon, the iOS home
 * screen icon and the web app manifest's icons. Full-bleed icons (Apple, maskable) use the
 * padded mark so platform masks never cut into the ball.
 */
const ICONS = {
  'favicon-32': { svg: LOGO_MARK_SVG, size: 32 },
  'apple-touch-icon': { svg: APP_ICON_SVG, size: 180 },
  'icon-192': { svg: LOGO_MARK_SVG, size: 192 },
  'icon-512': { svg: LOGO_MARK_SVG, size: 512 },
  'icon-maskable-512': { svg: APP_ICON_SVG, size: 512 },
} as const;

export const getStaticPaths = (() => Object.keys(ICONS).map((icon) => ({ params: { icon } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const icon = ICONS[params.icon as keyof typeof ICONS];
  return new Response(svgToPng(icon.svg, icon.size), { headers: { 'Content-Type': 'image/png' } });
};
