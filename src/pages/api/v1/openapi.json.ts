import type { APIRoute } from 'astro';
import description from '@/features/api/openapi.generated.json';
import { SUPABASE_ADDRESS } from '@/lib/supabase-address';

/**
 * The public read API's OpenAPI description (docs/api.md), written at build time from the file
 * `npm run api:openapi` generates from the database's catalog, with this build's Supabase address as its server.
 */
export const GET: APIRoute = () => {
  const document = { ...description, servers: [{ url: `${SUPABASE_ADDRESS.url}/rest/v1`, description: 'This deployment' }] };
  return new Response(`${JSON.stringify(document, null, 2)}\n`, { headers: { 'Content-Type': 'application/json' } });
};
