import type { APIRoute } from 'astro';
import { BACKGROUND_COLOR, THEME_COLOR } from '@/components/brand/marks';
import { settings } from '@/lib/settings';

/** Lets players add the site to a phone's home screen like an app. */
export const GET: APIRoute = () => {
  const manifest = {
    name: settings.productName,
    short_name: settings.productShortName,
    description: 'Cash-prize eFootball tournaments for India’s mobile players.',
    lang: 'en-IN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'Content-Type': 'application/manifest+json' } });
};
