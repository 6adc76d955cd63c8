/**
 * The Trade Center placeholder's words (TradeCenterIsland.tsx) in the page's language; the Hindi ones are a chunk
 * only Hindi pages load (lib/i18n/island-words.ts). The page promises nothing: no buying, selling or trading of
 * cards for money, in either language.
 */
import { islandWords } from '@/lib/i18n/island-words';

const en = {
  eyebrow: 'Player cards',
  title: 'Trade Center',
  lead: 'Coming soon: a place to show the eFootball player cards you are proud of. Nothing here is bought or sold, and cards are never traded for money here.',
  loading: 'Loading the Trade Center',
  tabs: { market: 'Cards', portfolio: 'My cards' },
  card: 'Player Card',
  comingSoon: 'Coming Soon',
  nothingYet: 'Nothing here yet',
  placeholder: 'This page is a placeholder. Tournaments, matches and prizes are on the rest of the site.',
};

export type TradeWords = typeof en;

export const TRADE_WORDS = islandWords(en, () => import('./trade-words-hi'));
