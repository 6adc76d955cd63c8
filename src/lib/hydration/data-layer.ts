/**
 * A private page's data layer (the Supabase client and the features' `*.api` modules its islands import
 * lazily), and a Hindi page's Hindi words chunks (which its islands import as they load and wait for before
 * hydrating), are named at build time in one meta element (scripts/preload-islands.mjs) and preloaded right
 * after the first paint (after-first-paint.ts), together with the islands.
 */
export const DATA_LAYER_META = 'golazo:data-layer';

/** Adds a modulepreload hint for each module the page's data-layer meta names (Hindi words included), once per page. */
export function preloadDataLayer(doc: Document): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${DATA_LAYER_META}"]`);
  if (!meta) return;
  meta.remove();
  for (const href of meta.content.split(/\s+/).filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}
