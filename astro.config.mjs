// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { isIndexed } from './src/lib/routes.ts';
import { PRIVATE_PATHS_BOTH_LANGUAGES } from './src/lib/i18n/links.ts';
import { HREFLANG } from './src/lib/i18n/lang.ts';
import { projectAddresses } from './scripts/project-env.ts';
import { localVapidKeys } from './supabase/local/doubles/vapid.ts';
import preloadIslands from './scripts/preload-islands.mjs';
import securityHeaders from './scripts/security-headers.mjs';
import { metaDirectives, scriptSources } from './src/lib/security-headers.ts';

// SITE_PORT, SUPABASE_LOCAL_PORT and PUBLIC_SUPABASE_URL decide where things answer locally
// (src/lib/local-addresses.ts). The derived URLs are handed to the site as its PUBLIC_* settings, so
// pages and islands call the stack on the port it really listens on.
const addresses = projectAddresses();
process.env.PUBLIC_SITE_URL ??= addresses.publicSiteUrl;
process.env.PUBLIC_SUPABASE_URL ??= addresses.stackUrl;
// A local build offers push with the key pair the local stack keeps in .data/ (made here when missing).
if (addresses.stackIsLocal && !process.env.PUBLIC_VAPID_PUBLIC_KEY) {
  process.env.PUBLIC_VAPID_PUBLIC_KEY = (await localVapidKeys(process.env.SUPABASE_LOCAL_DATA_DIR ?? '.data')).publicKey;
}

// The public origin the site is deployed at; used for canonical URLs, Open Graph and the sitemap.
const site = process.env.PUBLIC_SITE_URL;

// What the security policy allows besides the site (src/lib/security-headers.ts): this build's Supabase
// project and Razorpay checkout script (locally the stack's double, as src/lib/settings.ts reads it).
const policyInputs = {
  supabaseUrl: process.env.PUBLIC_SUPABASE_URL,
  razorpayCheckoutUrl: process.env.PUBLIC_RAZORPAY_CHECKOUT_URL || `${process.env.PUBLIC_SUPABASE_URL}/razorpay/checkout.js`,
};

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  // Hindi is a whole second language: every page but the staff console also answers under /hi/ (each page
  // file renders both from its `[...lang]` parameter, src/lib/i18n/lang.ts); English keeps its paths.
  i18n: { locales: ['en', 'hi'], defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  // The Hindi privacy notice's first address keeps working: a static page that sends the visitor on.
  redirects: { '/privacy-policy-hi': '/hi/privacy-policy/' },
  // The site's one stylesheet goes inside every page: no render-blocking request before the first paint.
  build: { inlineStylesheets: 'always' },
  // Astro's CSP: a meta policy in every page with the hashes of its scripts and styles; style attributes
  // stay allowed (islands and Razorpay's checkout set them). The headers add the rest (scripts/security-headers.mjs).
  security: {
    csp: {
      directives: metaDirectives(policyInputs),
      scriptDirective: { resources: scriptSources(policyInputs) },
      styleDirective: { resources: ["'self'", { kind: 'attribute', resource: "'unsafe-inline'" }] },
    },
  },
  integrations: [
    react(),
    {
      // `client:painted`: the islands a page needs at once hydrate right after its first frame, not before it.
      name: 'golazo:client-painted',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'painted', entrypoint: './src/lib/hydration/after-first-paint.ts' }),
      },
    },
    // Both languages, each page listing its twin (xhtml:link alternates).
    sitemap({
      filter: (page) => isIndexed(new URL(page).pathname),
      i18n: { defaultLocale: 'en', locales: HREFLANG },
    }),
    securityHeaders(policyInputs),
    preloadIslands({ privatePaths: [...PRIVATE_PATHS_BOTH_LANGUAGES] }),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
  server: { host: '127.0.0.1', port: addresses.sitePort },
});
