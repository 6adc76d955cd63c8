/**
 * The landing page's content and the shape of the data its islands receive.
 * Islands get plain, already-formatted values as props: no catalog logic ships to the browser.
 */
import type { Tournament } from '@/features/tournaments/tournaments';
import { buildTimeStatus, type TournamentStatus } from '@/features/tournaments/status';
import { ROUTES, tournamentHref } from '@/lib/routes';
import { catalogText } from '@/features/tournaments/catalog-text';
import { formatShortDateIn } from '@/lib/i18n/format';
import type { Lang } from '@/lib/i18n/lang';
import { messages } from '@/lib/i18n/messages';
import { moneyWordsIn } from '@/lib/i18n/money-words';
import { formatNameIn } from '@/features/tournaments/format-names';

export type HeroSlide = { src: string; alt: string; caption: string };

/** Six slides, drawn for the site (public/images/hero). */
export const heroSlides: HeroSlide[] = [
  {
    src: '/images/hero/night-match.svg',
    alt: 'A floodlit football pitch at night with the ball on the centre line',
    caption: 'Kick-off every weekend',
  },
  {
    src: '/images/hero/trophy.svg',
    alt: 'A golden trophy surrounded by confetti',
    caption: 'Monthly championships with big prize pools',
  },
  {
    src: '/images/hero/mobile-play.svg',
    alt: 'A phone held sideways showing an eFootball match',
    caption: 'Play from your phone, anywhere in India',
  },
  {
    src: '/images/hero/bracket.svg',
    alt: 'A knockout bracket with one path highlighted to the final',
    caption: '1v1, Super 4 and Super 8 knockouts',
  },
  {
    src: '/images/hero/goal.svg',
    alt: 'A football flying into the top corner of the net',
    caption: 'Every goal counts',
  },
  {
    src: '/images/hero/prize.svg',
    alt: 'Banknotes and a stack of gold coins marked with the rupee sign',
    caption: 'Cash prizes paid by UPI',
  },
];

export const HERO_AUTOPLAY_MS = 3000;
/** The tournament strip's drift, in CSS pixels per animation frame. */
export const CAROUSEL_PIXELS_PER_FRAME = 0.5;

/** One card of the landing's tournament carousel, ready to render. */
export type CarouselCard = {
  id: string;
  title: string;
  format: string;
  startsOn: string;
  fee: string;
  prize: string;
  capacity: number;
  /** The build-time status; the island replaces it with the database's. */
  status: TournamentStatus;
  /** Sign in (or up), then the tournament's pay panel: the one way to enter. */
  registerHref: string;
};

/** `lang`: the page's, for the catalog's own title (a Hindi edition name on /hi/), the dates and the money words. */
export function carouselCards(catalog: Tournament[], now = new Date(), lang: Lang = 'en'): CarouselCard[] {
  const words = messages(lang).tournaments;
  return catalog.map((t) => ({
    // The entry fee and prize pool in the page's language (money-words.ts): `fee` and `prize`.
    ...moneyWordsIn(lang, t),
    id: t.id,
    title: catalogText(t, lang).title,
    format: formatNameIn(lang, t.format),
    startsOn: t.series === 'quick' ? words.podStart : formatShortDateIn(lang, t.startsAt),
    capacity: t.maxPlayers,
    status: buildTimeStatus(t, now),
    registerHref: `${ROUTES.register.path}?next=${encodeURIComponent(tournamentHref(t.id))}`,
  }));
}

export const howItWorks = [
  {
    title: 'Join the Community',
    body: 'Chat with other players in our WhatsApp group. Entering, fixtures and results all happen on this site.',
    cta: { label: 'Join on WhatsApp', external: 'whatsapp' as const },
  },
  {
    title: 'Browse Tournaments',
    body: 'Pick a 1v1, Super 4, Super 8 or a monthly championship that fits your budget.',
    cta: { label: 'See tournaments', href: ROUTES.tournaments.path },
  },
  {
    title: 'Win Cash Prizes',
    body: 'Win your matches and your prize reaches you by UPI, straight to your bank.',
    cta: null,
  },
];

/** The Built With marquee: the stack behind the site, as simple text wordmarks with a glyph. */
export const builtWith = [
  { name: 'Astro', glyph: 'rocket' },
  { name: 'React', glyph: 'orbit' },
  { name: 'Supabase', glyph: 'bolt' },
  { name: 'Razorpay', glyph: 'card' },
  { name: 'Tailwind CSS', glyph: 'wave' },
  { name: 'TypeScript', glyph: 'brackets' },
  { name: 'eFootball', glyph: 'ball' },
  { name: 'UPI', glyph: 'rupee' },
] as const;

export type BuiltWithGlyph = (typeof builtWith)[number]['glyph'];
