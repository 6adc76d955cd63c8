import { describe, expect, it } from 'vitest';
import { formatRules, formatRulesHi, swissRoundsFor } from './format-rules';
import { TournamentSchema } from './tournaments';

const stagesOf = (stages: unknown) => TournamentSchema.shape.stages.parse(stages);

describe('the rules text of a format', () => {
  // Fails -> a knockout's rules gain a paragraph about groups, or a format's rules go missing.
  it('says nothing for one knockout, and one paragraph per format otherwise', () => {
    expect(formatRules(undefined, 64)).toEqual([]);
    expect(formatRules(stagesOf([{ kind: 'knockout', thirdPlace: true }]), 8)).toEqual([]);
    expect(formatRules(stagesOf([{ kind: 'double_elimination' }]), 16)).toHaveLength(1);
  });

  // Fails -> a player reads a tie-break order, a points rule or who goes on that the tables do not apply.
  it('words groups then a knockout with the points, the whole ladder and who goes on', () => {
    const [groups] = formatRules(
      stagesOf([
        { kind: 'groups', advance: { perGroup: 1, bestOfNext: 53 } },
        { kind: 'knockout', thirdPlace: true },
      ]),
      300,
    );
    expect(groups).toContain('Groups of 4 (of 3 when check-in leaves fewer)');
    expect(groups).toContain('3 points a win, 1 a draw; a draw stands, with no extra time or penalties');
    expect(groups).toContain(
      'points in the matches between the tied players, then goal difference in those matches, then goals scored in those matches, then goal difference in all group matches, then goals scored in all group matches, then wins, then lots drawn from the revealed draw secret',
    );
    expect(groups).toContain('The group winners and the 53 best of the next place across groups');
    expect(groups).toContain('with a match for third place');
    const [topTwo] = formatRules(stagesOf([{ kind: 'groups', advance: { perGroup: 2 } }, { kind: 'knockout' }]), 16);
    expect(topTwo).toContain('The top 2 of each group go on to the knockout, where');
  });

  // Fails -> the Swiss rules promise a number of rounds the pairing does not play.
  it('gives a Swiss cup the rounds its full field plays, or the catalog’s own', () => {
    expect(swissRoundsFor(64)).toBe(6);
    expect(swissRoundsFor(65)).toBe(7);
    expect(swissRoundsFor(8, 5)).toBe(5);
    expect(formatRules(stagesOf([{ kind: 'swiss' }]), 64)[0]).toMatch(/^Swiss, 6 rounds with all 64 places taken/);
    expect(formatRules(stagesOf([{ kind: 'swiss', rounds: 5 }]), 8)[0]).toMatch(/^Swiss, 5 rounds: nobody is knocked out/);
  });

  // Fails -> a Hindi reader gets another format's rule, or a number the English (and the database) does not say.
  it('says the same rules in Hindi, from the same numbers', () => {
    const declared = stagesOf([
      { kind: 'groups', advance: { perGroup: 1, bestOfNext: 53 } },
      { kind: 'knockout', thirdPlace: true },
    ]);
    const [groups] = formatRulesHi(declared, 300);
    expect(groups).toContain('जीत पर 3 पॉइंट, ड्रॉ पर 1');
    expect(groups).toContain('53 सबसे अच्छे');
    expect(groups).toContain('तीसरे स्थान के मैच');
    expect(formatRulesHi(stagesOf([{ kind: 'swiss' }]), 64)[0]).toMatch(/^स्विस, सभी 64 जगहें भरने पर 6 राउंड/);
    expect(formatRulesHi(undefined, 8)).toEqual([]);
    for (const stages of [declared, stagesOf([{ kind: 'swiss' }]), stagesOf([{ kind: 'double_elimination' }])]) {
      expect(formatRulesHi(stages, 64)).toHaveLength(formatRules(stages, 64).length);
    }
  });
});

describe('groups drawn in pots by rating', () => {
  it('says so in both languages only where the series seeds by rating', () => {
    const stages = (seeding: 'random' | 'rating') => [
      { kind: 'groups' as const, groupSize: 4 as const, seeding, advance: { perGroup: 2, bestOfNext: 0 } },
      { kind: 'knockout' as const, thirdPlace: false },
    ];
    expect(formatRules(stages('rating'), 16)[0]).toContain('drawn in pots by rating: each group takes one player from each quarter');
    expect(formatRulesHi(stages('rating'), 16)[0]).toContain('रेटिंग के पॉट');
    expect(formatRules(stages('random'), 16)[0]).not.toContain('pots');
    expect(formatRulesHi(stages('random'), 16)[0]).not.toContain('पॉट');
  });
});
