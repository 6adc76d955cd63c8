/**
 * The catalog's own words in the page's language, at build time: on a Hindi page the tournament's Hindi twin
 * (`hi` in its catalog file), else its English words marked `lang="en-IN"` so a screen reader reads them as
 * English. The database, the checkout and the e-mails keep the English title.
 */
import type { Lang } from '@/lib/i18n/lang';
import type { CatalogHindi } from './tournaments';

type CatalogWords = { title: string; subtitle: string | null; description: string; importantInfo: string; rules: string[] };

export type CatalogText = CatalogWords & {
  /** The `lang` attribute of the words that stayed English on a Hindi page (undefined: the page's own language). */
  lang: { title?: 'en-IN'; text?: 'en-IN' };
};

export function catalogText(tournament: CatalogWords & { hi?: CatalogHindi | undefined }, lang: Lang): CatalogText {
  const { title, subtitle, description, importantInfo, rules } = tournament;
  const english = { title, subtitle, description, importantInfo, rules };
  if (lang === 'en') return { ...english, lang: {} };
  const hi = tournament.hi;
  if (!hi) return { ...english, lang: { title: 'en-IN', text: 'en-IN' } };
  return {
    // A brand name (Golazo Super 8) has no Hindi title: it reads the same on both pages.
    title: hi.title ?? title,
    subtitle: subtitle === null ? null : (hi.subtitle ?? subtitle),
    description: hi.description,
    importantInfo: hi.importantInfo,
    rules: hi.rules,
    lang: {},
  };
}
