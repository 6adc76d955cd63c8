import { describe, expect, it } from 'vitest';
import { en } from './en';
import { hi } from './hi';

type Tree = { [key: string]: unknown };

/** Every leaf of a dictionary as `a.b.c` (array items by index) with its value. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, tree]];
  return Object.entries(tree as Tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

// English words that are also the Hindi words (the language switch names the other language in its own script).
const SAME_IN_BOTH = new Set(['shell.offer', 'shell.offerAccept', 'shell.offerDismiss', 'landing.steps.2.cta']);
// Words only one language needs (the Hindi policy's notes), empty on purpose in the other.
const EMPTY_IN_ENGLISH = new Set(['policy.englishPrevails', 'policy.englishOnly']);

describe('the dictionaries', () => {
  const english = new Map(leaves(en));
  const hindi = new Map(leaves(hi));

  it('have the same keys in both languages: a key missing in either fails here', () => {
    expect([...hindi.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !hindi.has(key))).toEqual([]);
  });

  it('give every key a word, and the Hindi words are Hindi', () => {
    for (const [key, value] of hindi) {
      if (typeof value === 'function') continue;
      if (key === 'landing.steps.2.cta') continue;
      expect(value, key).not.toBe('');
      if (!SAME_IN_BOTH.has(key) && key !== 'shell.switchLabel' && key !== 'shell.switchTitle') {
        expect(value, key).toMatch(/[\u0900-\u097F]/);
      }
    }
    for (const [key, value] of english) {
      if (typeof value === 'function' || EMPTY_IN_ENGLISH.has(key) || key === 'landing.steps.2.cta') continue;
      expect(value, key).not.toBe('');
    }
  });

  it('state a rule or amount from the same values in both languages', () => {
    expect(en.shell.copyright(2026, 'P', 13)).toContain('13');
    expect(hi.shell.copyright(2026, 'P', 13)).toContain('13 साल');
    expect(hi.tournaments.players(300)).toBe('300 खिलाड़ी');
  });

  it('offer Hindi in Hindi and the way back in English', () => {
    expect(en.shell.switchLabel).toBe('हिंदी');
    expect(hi.shell.switchLabel).toBe('English');
  });
});

describe("a recurring series' rule in both languages", () => {
  it("says the same day and time as the calendar's English sentence, in Hindi word order", async () => {
    const { describeRule } = await import('@/features/tournaments/recurrence');
    const every = { week: 1, weekday: 'sunday', time: '19:00' } as const;
    expect(en.tournaments.monthlyRule(every)).toBe(describeRule(every));
    expect(en.tournaments.monthlyRule({ ...every, week: 'last' })).toBe(describeRule({ ...every, week: 'last' }));
    expect(hi.tournaments.monthlyRule(every)).toBe('हर महीने के पहले रविवार को 19:00 बजे IST');
    expect(hi.tournaments.monthlyRule({ week: 'last', weekday: 'saturday', time: '20:30' })).toBe('हर महीने के आख़िरी शनिवार को 20:30 बजे IST');
    // The calendar's module loads the whole catalog: on a busy machine that import alone can take seconds.
  }, 30_000);
});

describe("the islands' own words", () => {
  it('have the same keys in both languages, none empty, the Hindi ones in Hindi', async () => {
    const { EARNINGS_WORDS } = await import('@/features/payouts/earnings-words');
    const { GRIEVANCE_WORDS } = await import('@/features/privacy/grievance-words');
    for (const words of [EARNINGS_WORDS, GRIEVANCE_WORDS]) {
      const english = new Map(leaves(words.en));
      const hindi = new Map(leaves(words.hi));
      expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of hindi) {
        const text = typeof value === 'function' ? (value as (amount: string) => string)('₹1,00,000.00') : value;
        expect(text, key).toMatch(/[\u0900-\u097F]/);
        if (typeof value === 'function') expect(text, key).toContain('₹1,00,000.00');
      }
    }
  });
});

describe("the tournaments' live labels", () => {
  it('have a Hindi word for every status, and count players the same way', async () => {
    const { STATUS_LOOK } = await import('@/features/tournaments/status');
    const { HINDI_STATUS_WORDS, entriesLabelIn, statusLabelIn } = await import('@/features/tournaments/status-words');
    expect(Object.keys(HINDI_STATUS_WORDS).sort()).toEqual(Object.keys(STATUS_LOOK).sort());
    expect(statusLabelIn('en', 'open')).toBe('Registration open');
    expect(statusLabelIn('hi', 'open')).toBe('रजिस्ट्रेशन खुला');
    expect(entriesLabelIn('hi', 212, 300)).toBe('212 / 300 खिलाड़ी');
    expect(entriesLabelIn('hi', null, 300)).toBe('– / 300 खिलाड़ी');
    expect(entriesLabelIn('en', 212, 300)).toBe('212 / 300 players');
  });

  it("give the landing page's pictures a caption for each slide", async () => {
    const { heroSlides } = await import('@/features/landing/landing');
    expect(hi.landing.heroSlides).toHaveLength(heroSlides.length);
    expect(en.landing.heroSlides.map((slide) => slide.caption)).toEqual(heroSlides.map((slide) => slide.caption));
  });
});

describe("the info pages' rule sentences", () => {
  it('state the rules from the same phrases, in Hindi word order in Hindi', async () => {
    const { ruleWords } = await import('@/features/tournaments/promises-hi');
    const { plainRich } = await import('./rich');
    const english = ruleWords('en');
    const hindi = ruleWords('hi');
    const digits = (text: string) => [...text.matchAll(/\d+(?:,\d+)*/g)].map((m) => m[0]).sort();
    const sentences = [
      (lang: typeof en) => lang.info.help.formats.rules,
      (lang: typeof en) => lang.info.help.disputes.dispute,
      (lang: typeof en) => lang.info.help.disputes.disconnection,
      (lang: typeof en) => lang.info.help.winnings.credited,
      (lang: typeof en) => lang.info.help.winnings.tax,
      (lang: typeof en) => lang.info.mission.trust,
      (lang: typeof en) => lang.info.contact.replyNote,
    ];
    for (const pick of sentences) {
      const inEnglish = plainRich(pick(en)(english));
      const inHindi = plainRich(pick(hi)(hindi));
      // The same numbers (windows, rates, amounts) in both, and the Hindi sentence is Hindi.
      expect(digits(inHindi), inHindi).toEqual(digits(inEnglish));
      expect(inHindi).toMatch(/[\u0900-\u097F]/);
      expect(inHindi).not.toMatch(/\b(?:minutes?|hours?|within|after|before)\b/);
    }
    // The Hindi phrase sits before the verb, where Hindi puts a time.
    expect(hi.info.help.disputes.dispute(hindi)).toContain(`स्टाफ़ ${hindi.DISPUTE_DEADLINES} फ़ैसला करता है`);
    expect(en.info.help.disputes.dispute(english)).toContain(`staff decide ${english.DISPUTE_DEADLINES}`);
    const fairPlay = (lang: typeof en, words: typeof english) => lang.info.about.differentiators(words)[3]?.toast ?? '';
    expect(fairPlay(hi, hindi)).toContain(hindi.DISPUTE_DEADLINES);
    expect(fairPlay(en, english)).toContain(english.DISPUTE_DEADLINES);
    expect(hi.info.help.start.list(13, 18)[0]).toBe(
      'आपकी आयु 13 साल या उससे ज़्यादा होनी चाहिए। 18 से कम हैं? पहले माता-पिता या अभिभावक की सहमति लें।',
    );
  });

  it('have as many cards, steps and list items in both languages', () => {
    const rules = {} as Parameters<typeof en.info.about.differentiators>[0];
    expect(hi.info.about.differentiators(rules)).toHaveLength(en.info.about.differentiators(rules).length);
    expect(hi.info.about.joinSteps(6, 20)).toHaveLength(en.info.about.joinSteps(6, 20).length);
    expect(hi.info.help.join.steps(6, 20)).toHaveLength(en.info.help.join.steps(6, 20).length);
    expect(hi.info.help.start.list(13, 18)).toHaveLength(en.info.help.start.list(13, 18).length);
    expect(hi.info.about.joinSteps(6, 20)[1]?.toast).toContain('6 से 20');
  });
});
