/**
 * The alerts offered after a payment (AlertsOffer) in both languages; its forms speak alert-words.ts. The Hindi words
 * load in a chunk of their own (offer-words-hi.ts, lib/i18n/island-words.ts); the quiet hours are the rules'.
 */
import { islandWords } from '@/lib/i18n/island-words';
import { quietHours } from './alerts';

export type OfferWords = {
  title: string;
  lead: (quiet: { from: number; until: number }) => string;
  pushOn: string;
  turnOn: string;
  getWhatsApp: string;
};

const en: OfferWords = {
  title: 'Hear when check-in opens',
  lead: (quiet) => {
    const [from, until] = quietHours(quiet);
    return `A push on this phone or a WhatsApp message when check-in opens and when your match is ready. Alerts that can wait are held between ${from} and ${until} IST.`;
  },
  pushOn: 'Push is on for this device ✓',
  turnOn: 'Turn on push alerts',
  getWhatsApp: 'Get WhatsApp alerts',
};

export const OFFER_WORDS = islandWords(en, () => import('./offer-words-hi'));
