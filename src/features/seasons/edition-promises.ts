/**
 * The edition page's pay panel promises, worded at build time for every capacity the build knows (each series'
 * own and each override's): the page hands them to its island as data, so a Hindi page shows its promises in Hindi
 * without loading the Hindi promise wording (promises-hi.ts) as JavaScript. An edition whose row has a capacity the
 * build did not know (changed in the database since) is worded in the browser instead (EditionIsland.tsx).
 */
import { payPanelPromises } from '@/features/tournaments/promises';
import { payPanelPromisesHi } from '@/features/tournaments/promises-hi';
import { EDITION_ID_PATTERN, type EditionOverride, editionTournament, type RecurringSeries } from '@/features/tournaments/recurrence';
import type { Lang } from '@/lib/i18n/lang';

export type PromiseLine = { key: string; text: string };
/** One series at one capacity: the lines its pay panel promises. */
export type BuiltPromises = { series: string; maxPlayers: number; lines: PromiseLine[] };

/**
 * Every series at each capacity its editions can have (its own, and each override's), in `lang`. The lines are
 * those the island would word from the edition's row: an edition's promises depend only on its series and its size.
 */
export function buildEditionPromises(
  series: readonly RecurringSeries[],
  overrides: readonly EditionOverride[],
  lang: Lang,
): BuiltPromises[] {
  const wording = lang === 'hi' ? payPanelPromisesHi : payPanelPromises;
  return series.flatMap((s) => {
    const sizes = new Set([s.maxPlayers]);
    for (const override of overrides) {
      if (EDITION_ID_PATTERN.exec(override.id)?.[1] === s.id && override.maxPlayers !== undefined) sizes.add(override.maxPlayers);
    }
    return [...sizes].map((maxPlayers) => ({
      series: s.id,
      maxPlayers,
      lines: wording(
        editionTournament(s, {
          id: `${s.id}-built`,
          series_id: s.id,
          title: s.title,
          format: s.format,
          entry_fee_paise: s.entryFeeRupees * 100,
          prize_pool_paise: s.prizePoolRupees * 100,
          winner_prize_paise: null,
          prize_formula: [],
          max_players: maxPlayers,
          starts_at: '2027-01-01T00:00:00.000Z',
          creates_at: '2027-01-01T00:00:00.000Z',
          cancel_reason: null,
        }),
      ),
    }));
  });
}
