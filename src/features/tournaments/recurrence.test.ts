import { describe, expect, it } from 'vitest';
import {
  calendarProblems,
  calendarTournaments,
  describeRule,
  editionDay,
  expandEditions,
  RecurringSeriesSchema,
  type EditionOverride,
  type RecurringSeries,
} from './recurrence';

const base = {
  subtitle: null,
  platforms: ['eFootball mobile (Android)'],
  description: 'A knockout for the tests of the calendar, every month.',
  importantInfo: 'Check in before the start.',
  rules: ['Rule number one.', 'Rule number two.', 'Rule number three.'],
};
const championship: RecurringSeries = RecurringSeriesSchema.parse({
  ...base,
  id: 'championship',
  title: 'Championship {month} {year}',
  format: 'Monthly Championship',
  entryFeeRupees: 150,
  prizePoolRupees: 45000,
  winnerPrizeRupees: 20000,
  paidPlaces: 6,
  poolGuaranteed: true,
  maxPlayers: 300,
  every: { week: 1, weekday: 'saturday', time: '18:00' },
  firstMonth: '2027-02',
  schedule: [
    { round: 'Round of 512', minutesAfterStart: 0 },
    { round: 'Final', minutesAfterStart: 1650 },
  ],
});
const cup: RecurringSeries = RecurringSeriesSchema.parse({
  ...base,
  id: 'community-cup',
  title: 'Free Cup {month} {year}',
  format: 'Community Cup',
  entryFeeRupees: 0,
  prizePoolRupees: 0,
  maxPlayers: 64,
  every: { week: 'last', weekday: 'sunday', time: '00:30' },
  firstMonth: '2027-02',
  schedule: [{ round: 'Final', minutesAfterStart: 0 }],
});

describe('the day of an edition', () => {
  it('finds the first, third and last weekday of a month', () => {
    // February 2027 starts on a Monday.
    expect(editionDay({ week: 1, weekday: 'saturday', time: '18:00' }, { year: 2027, month: 2 })).toBe(6);
    expect(editionDay({ week: 3, weekday: 'saturday', time: '18:00' }, { year: 2027, month: 2 })).toBe(20);
    expect(editionDay({ week: 1, weekday: 'monday', time: '18:00' }, { year: 2027, month: 2 })).toBe(1);
    expect(editionDay({ week: 'last', weekday: 'sunday', time: '18:00' }, { year: 2027, month: 2 })).toBe(28);
    // A leap February: 2028 ends on a Tuesday the 29th.
    expect(editionDay({ week: 'last', weekday: 'tuesday', time: '18:00' }, { year: 2028, month: 2 })).toBe(29);
    expect(editionDay({ week: 'last', weekday: 'saturday', time: '18:00' }, { year: 2027, month: 12 })).toBe(25);
  });
  it('reads the rule in words', () => {
    expect(describeRule(championship.every)).toBe('The first Saturday of every month at 18:00 IST');
    expect(describeRule(cup.every)).toBe('The last Sunday of every month at 00:30 IST');
  });
});

describe('expandEditions', () => {
  it('makes the editions of the current IST month and the four after it, from the first month on', () => {
    const editions = expandEditions([championship], [], new Date('2026-11-25T12:00:00Z'));
    expect(editions.map((e) => [e.id, e.starts_at, e.title])).toEqual([
      ['championship-2027-02', '2027-02-06T12:30:00.000Z', 'Championship February 2027'],
      ['championship-2027-03', '2027-03-06T12:30:00.000Z', 'Championship March 2027'],
    ]);
    expect(editions[0]).toMatchObject({
      entry_fee_paise: 15000,
      prize_pool_paise: 4500000,
      winner_prize_paise: 2000000,
      max_players: 300,
      prize_formula: [
        { places: '1', paise: 2000000 },
        { places: '2-6', paise: 2500000 },
      ],
      creates_at: '2026-09-30T18:30:00.000Z',
      cancel_reason: null,
    });
  });

  it('crosses the year end with the month counted in IST', () => {
    // 31 December 2027, 18:29 UTC is still December in India; a minute later it is January 2028. The
    // edition of 1 January 2028 closed 24 hours before its start.
    const before = expandEditions([championship], [], new Date('2027-12-31T18:29:00Z')).map((e) => e.id);
    const after = expandEditions([championship], [], new Date('2027-12-31T18:30:00Z')).map((e) => e.id);
    expect(before).toEqual(['championship-2028-02', 'championship-2028-03', 'championship-2028-04']);
    expect(after).toEqual(['championship-2028-02', 'championship-2028-03', 'championship-2028-04', 'championship-2028-05']);
  });

  it('starts an edition at its IST time, also just after IST midnight (the day before in UTC)', () => {
    const [first] = expandEditions([cup], [], new Date('2027-01-10T00:00:00Z'));
    // The last Sunday of February 2027 is the 28th; 00:30 IST is 19:00 UTC on the 27th.
    expect(first).toMatchObject({
      id: 'community-cup-2027-02',
      starts_at: '2027-02-27T19:00:00.000Z',
      entry_fee_paise: 0,
      prize_formula: [],
    });
  });

  it('never makes an edition whose registration would be closed (after a clock jump)', () => {
    // Registration of the February edition closes 24 h before 6 February, 18:00 IST.
    const justOpen = expandEditions([championship], [], new Date('2027-02-05T12:29:59Z')).map((e) => e.id);
    const justClosed = expandEditions([championship], [], new Date('2027-02-05T12:30:00Z')).map((e) => e.id);
    expect(justOpen[0]).toBe('championship-2027-02');
    expect(justClosed[0]).toBe('championship-2027-03');
    expect(justClosed).toHaveLength(4);
  });

  it('applies an override: moved, renamed, resized or cancelled', () => {
    const overrides: EditionOverride[] = [
      {
        id: 'championship-2027-03',
        note: 'Holi weekend',
        startsAt: '2027-03-13T18:00:00+05:30',
        title: 'Holi Championship 2027',
        maxPlayers: 128,
      },
      { id: 'championship-2027-04', note: 'Venue strike', cancelled: { reason: 'Called off for the national elections.' } },
    ];
    const editions = expandEditions([championship], overrides, new Date('2027-01-15T00:00:00Z'));
    expect(editions.map((e) => [e.id, e.starts_at, e.title, e.max_players, e.cancel_reason])).toEqual([
      ['championship-2027-02', '2027-02-06T12:30:00.000Z', 'Championship February 2027', 300, null],
      ['championship-2027-03', '2027-03-13T12:30:00.000Z', 'Holi Championship 2027', 128, null],
      ['championship-2027-04', '2027-04-03T12:30:00.000Z', 'Championship April 2027', 300, 'Called off for the national elections.'],
      ['championship-2027-05', '2027-05-01T12:30:00.000Z', 'Championship May 2027', 300, null],
    ]);
    // The site lists neither a cancelled edition nor its page; rounds move with the new start.
    const shown = calendarTournaments([championship], overrides, new Date('2027-01-15T00:00:00Z'));
    expect(shown.map((t) => t.id)).toEqual(['championship-2027-02', 'championship-2027-03', 'championship-2027-05']);
    expect(shown[1]?.schedule).toEqual([
      { round: 'Round of 512', startsAt: '2027-03-13T18:00:00+05:30' },
      { round: 'Final', startsAt: '2027-03-14T21:30:00+05:30' },
    ]);
  });

  it('lists the months beyond the horizon for the staff console, and stops at the last month', () => {
    const ended = { ...championship, lastMonth: '2027-03' };
    expect(expandEditions([ended], [], new Date('2027-01-15T00:00:00Z'), { extraMonths: 3 }).map((e) => e.id)).toEqual([
      'championship-2027-02',
      'championship-2027-03',
    ]);
    expect(expandEditions([{ ...championship, active: false }], [], new Date('2027-01-15T00:00:00Z'))).toEqual([]);
  });

  it('reaches more than three months ahead and keeps a paid and a free edition open on every day of two years', () => {
    for (let day = 0; day < 730; day++) {
      const now = new Date(Date.UTC(2027, 1, 1) + day * 86_400_000 + (day % 24) * 3_600_000);
      const open = expandEditions([championship, cup], [], now);
      expect(open.some((e) => e.entry_fee_paise > 0)).toBe(true);
      expect(open.some((e) => e.entry_fee_paise === 0)).toBe(true);
      const furthest = Math.max(...open.map((e) => new Date(e.starts_at).getTime()));
      const threeMonthsOn = new Date(now);
      threeMonthsOn.setUTCMonth(threeMonthsOn.getUTCMonth() + 3);
      expect(furthest).toBeGreaterThan(threeMonthsOn.getTime());
    }
  });
});

describe('calendarProblems', () => {
  it('refuses overrides of unknown series or months, and hand-made editions with a series id', () => {
    expect(
      calendarProblems(
        [championship],
        [
          { id: 'weekly-2027-03', note: 'Not a series', title: 'Nothing here' },
          { id: 'championship-2027-01', note: 'Before the first month', title: 'Too early' },
        ],
        ['championship-2027-05', 'champions-jan-2027'],
      ),
    ).toEqual([
      'Override weekly-2027-03.json names no recurring series of the catalog',
      'Override championship-2027-01.json is for a month championship has no edition in',
      'Catalog entry championship-2027-05.json has an id the series championship makes itself',
    ]);
  });
});
