import type { APIRoute } from 'astro';
import { LOGO_MARK_SVG } from '@/components/brand/marks';

/** The SVG favicon: the brand mark itself. */
export const GET: APIRoute = () =>
  new Response(LOGO_MARK_SVG.replace(' aria-hidden="true"', ''), { headers: { 'Content-Type': 'image/svg+xml' } });
