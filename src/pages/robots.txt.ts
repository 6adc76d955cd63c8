import type { APIRoute } from 'astro';
import { settings } from '@/lib/settings';
import { PRIVATE_ROUTES } from '@/lib/private-routes';

/**
 * Everything public may be crawled; signed-in screens have nothing for a search engine.
 * The sitemap index comes from @astrojs/sitemap.
 */
export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL(settings.siteUrl);
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_ROUTES.map((route) => `Disallow: ${route}`),
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', origin).href}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
