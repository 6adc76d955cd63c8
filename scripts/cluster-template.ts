/**
 * `npm install` runs this (postinstall): it makes the local database's empty-cluster template for the
 * installed PGlite (supabase/local/database.ts, `clusterTemplate`) so a fresh clone's first `npm run dev`
 * skips initdb too. A few seconds, once per install and PGlite version; nothing when it is already there.
 * A failure only warns: a start that finds no template makes it then.
 */
import { clusterTemplate, clusterTemplatePath } from '../supabase/local/database.ts';

try {
  const template = await clusterTemplatePath();
  const started = performance.now();
  await clusterTemplate();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Local database: empty-cluster template ready in ${seconds} s (${template})`);
} catch (error) {
  console.warn('Local database: the empty-cluster template could not be made now; the first stack start will make it.', error);
}
