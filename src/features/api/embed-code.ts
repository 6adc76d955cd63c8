/** The embeddable bracket's address and the `<iframe>` code an organiser pastes into their own page (docs/api.md). */
import { anyTournamentHref } from '@/lib/routes';

export const EMBED_BRACKET_PATH = '/embed/bracket/';

export function embedBracketUrl(siteUrl: string, tournamentId: string): string {
  return new URL(`${EMBED_BRACKET_PATH}?id=${encodeURIComponent(tournamentId)}`, siteUrl).href;
}

/**
 * The code to paste: the frame, a link to the tournament for readers whose browser shows no frame, and a
 * few lines that grow the frame to the height the bracket tells it (only from the site's own origin).
 */
export function embedBracketCode(siteUrl: string, tournamentId: string, title: string): string {
  const src = embedBracketUrl(siteUrl, tournamentId);
  const origin = new URL(siteUrl).origin;
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    `<iframe src="${src}" title="${escapeHtml(`${title} bracket`)}" width="100%" height="480" style="border:0" loading="lazy"></iframe>`,
    `<a href="${new URL(anyTournamentHref(tournamentId), siteUrl).href}">${escapeHtml(title)}</a>`,
    '<script>',
    `addEventListener('message', function (e) {`,
    `  if (e.origin !== '${origin}' || !e.data || e.data.type !== 'golazo:embed-height') return;`,
    `  document.querySelectorAll('iframe[src^="${origin}${EMBED_BRACKET_PATH}"]').forEach(function (f) { if (f.contentWindow === e.source) f.height = e.data.height; });`,
    '});',
    '</script>',
  ].join('\n');
}
