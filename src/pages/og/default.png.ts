import type { APIRoute } from 'astro';
import { renderShareCard } from '@/components/brand/share-card';
import { loadCatalog } from '@/features/tournaments/catalog';
import { formatRupees } from '@/lib/format';

/** The share card of every page that has no card of its own; its figures come from the catalog. */
export const GET: APIRoute = async () => {
  const catalog = await loadCatalog();
  const lowestEntry = Math.min(...catalog.map((t) => t.entryFeeRupees));
  const biggestPool = Math.max(...catalog.map((t) => t.prizePoolRupees));
  const png = await renderShareCard({
    eyebrow: 'eFootball tournaments for India',
    title: 'Play. Compete. Win Cash Prizes',
    subtitle: '1v1, Super 4, Super 8 and monthly championships',
    facts: [
      { label: 'Entry from', value: formatRupees(lowestEntry) },
      { label: 'Prize pools up to', value: formatRupees(biggestPool), highlight: true },
    ],
    footer: 'Prizes paid by UPI',
  });
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
