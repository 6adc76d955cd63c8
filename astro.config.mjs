// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { isIndexed } from './src/lib/routes.ts';

// The public origin the site is deployed at; used for canonical URLs, Open Graph and the sitemap.
const site = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  // The site's one stylesheet goes inside every page: no render-blocking request before the first paint.
  build: { inlineStylesheets: 'always' },
  integrations: [react(), sitemap({ filter: (page) => isIndexed(new URL(page).pathname) })],
  vite: {
    plugins: [tailwindcss()],
  },
  server: { host: '127.0.0.1', port: 4321 },
});
