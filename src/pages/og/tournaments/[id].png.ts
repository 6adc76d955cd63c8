import type { APIRoute, GetStaticPaths } from 'astro';
import { renderShareCard } from '@/components/brand/share-card';
import { loadCatalog } from '@/features/tournaments/catalog';
import { POD_START_LABEL, type Tournament } from '@/features/tournaments/tournaments';
import { formatDateIST } from '@/lib/format';
import { entryFeeIn, prizePoolIn } from '@/lib/i18n/money-words';
import { buildTimeStatus, statusLabel } from '@/features/tournaments/status';

/** Each tournament's own share card, so a pasted link previews with its name, fee and prize. */
export const getStaticPaths = (async () => {
  const catalog = await loadCatalog();
  return catalog.map((tournament) => ({ params: { id: tournament.id }, props: { tournament } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ tournament: Tournament }> = async ({ props: { tournament } }) => {
  const png = await renderShareCard({
    // The status as of the build (an image cannot follow the live one), in the same words as the pages.
    eyebrow: `${statusLabel(buildTimeStatus(tournament))} · ${tournament.format} · ${tournament.series === 'quick' ? POD_START_LABEL : formatDateIST(tournament.startsAt)}`,
    title: tournament.title,
    facts: [
      { label: 'Entry', value: entryFeeIn('en', tournament.entryFeeRupees) },
      { label: 'Prize pool', value: prizePoolIn('en', tournament.prizePoolRupees), highlight: true },
      { label: 'Capacity', value: `${tournament.maxPlayers} players` },
    ],
    footer: 'Register on Golazo Arena',
  });
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
