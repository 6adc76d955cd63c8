import type { APIRoute } from 'astro';
import { settings } from '@/lib/settings';
import { PRIVATE_PATHS_BOTH_LANGUAGES } from '@/lib/i18n/links';

/**
 * Everything public may be crawled; signed-in screens have nothing for a search engine.
 * The sitemap index comes from @astrojs/sitemap.
 */
export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL(settings.siteUrl);
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS_BOTH_LANGUAGES.map((route) => `Disallow: ${route}`),
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', origin).href}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
