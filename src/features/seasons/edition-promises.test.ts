import { describe, expect, it } from 'vitest';
import { payPanelPromises } from '@/features/tournaments/promises';
import { payPanelPromisesHi } from '@/features/tournaments/promises-hi';
import { editionTournament, type EditionOverride, expandEditions, RecurringSeriesSchema } from '@/features/tournaments/recurrence';
import { buildEditionPromises } from './edition-promises';

const series = (id: string, maxPlayers: number) =>
  RecurringSeriesSchema.parse({
    id,
    title: 'Championship {month} {year}',
    subtitle: null,
    format: 'Monthly Championship',
    entryFeeRupees: 150,
    prizePoolRupees: 45000,
    winnerPrizeRupees: 20000,
    paidPlaces: 6,
    poolGuaranteed: true,
    maxPlayers,
    every: { week: 1, weekday: 'saturday', time: '18:00' },
    firstMonth: '2027-02',
    platforms: ['eFootball mobile (Android)'],
    description: 'A knockout for the tests of the edition page, every month.',
    importantInfo: 'Check in before the start.',
    rules: ['Rule number one.', 'Rule number two.', 'Rule number three.'],
    schedule: [{ round: 'Final', minutesAfterStart: 0 }],
  });

const champs = series('champs', 300);
// A series whose id starts like the other's: its overrides are its own.
const champsCup = series('champs-cup', 64);
const overrides: EditionOverride[] = [
  { id: 'champs-2027-03', note: 'Smaller in March', maxPlayers: 128 },
  { id: 'champs-cup-2027-04', note: 'Bigger in April', maxPlayers: 100 },
  { id: 'champs-2027-05', note: 'Renamed', title: 'Champions of May' },
];

describe('the edition page promises worded at build time', () => {
  // Fails -> the Hindi edition page shows promises other than those the island words from the edition's row (or none).
  it("words each series at each size its editions have, exactly as from an edition's row, in the page's language", () => {
    const built = buildEditionPromises([champs, champsCup], overrides, 'hi');
    expect(built.map((b) => [b.series, b.maxPlayers])).toEqual([
      ['champs', 300],
      ['champs', 128],
      ['champs-cup', 64],
      ['champs-cup', 100],
    ]);
    const editions = expandEditions([champs, champsCup], overrides, new Date('2027-01-15T00:00:00Z'));
    expect(editions.map((edition) => edition.max_players)).toEqual(expect.arrayContaining([300, 128, 64, 100]));
    for (const edition of editions) {
      const lines = built.find((b) => b.series === edition.series_id && b.maxPlayers === edition.max_players)?.lines;
      const of = edition.series_id === 'champs' ? champs : champsCup;
      expect(lines, edition.id).toEqual(payPanelPromisesHi(editionTournament(of, edition)));
    }
    const march = built.find((b) => b.series === 'champs' && b.maxPlayers === 128)?.lines ?? [];
    expect(march.find((line) => line.key === 'pool')?.text).toBe('₹45,000 का पूल पक्का है: 128 से कम खिलाड़ी हों, तब भी पूरा मिलता है');
    expect(march.map((line) => line.text).join(' ')).not.toMatch(/\b(?:the|you|and|Prizes|players)\b/);
  });

  it('words them in English for an English page', () => {
    const [first] = buildEditionPromises([champs], [], 'en');
    expect(first?.lines).toEqual(
      payPanelPromises(editionTournament(champs, expandEditions([champs], [], new Date('2027-01-15T00:00:00Z'))[0]!)),
    );
  });
});
