import { describe, expect, it } from 'vitest';
import { type EmbedMatch, embedSections, roundName } from './embed-sections';

/**
 * The embed lays out every format from api_v1.matches: a plain knockout as before (rounds named from the
 * final), a group's matches under its letter, the knockout after the groups, and the brackets of a double
 * elimination or a Swiss stage in their own sections, each match exactly once.
 */
let n = 0;
const match = (round: number, position: number, extra: Partial<EmbedMatch> = {}): EmbedMatch => ({
  id: `m${++n}`,
  round,
  position,
  player_a: 'A',
  player_b: 'B',
  score_a: null,
  score_b: null,
  entry_a: 'a',
  entry_b: 'b',
  winner_entry_id: null,
  status: 'scheduled',
  stage_no: 1,
  stage: 'knockout',
  group_name: null,
  bracket: null,
  ...extra,
});
const shape = (matches: EmbedMatch[]) =>
  embedSections(matches).map((s) => ({ title: s.title, rounds: s.rounds.map((r) => `${r.name}:${r.matches.length}`) }));

describe('embedSections', () => {
  it('draws a plain knockout as one untitled section, rounds named from the final', () => {
    expect(shape([match(2, 1), match(1, 2), match(1, 1), match(3, 1)])).toEqual([
      { title: null, rounds: ['Quarter-finals:2', 'Semi-finals:1', 'Final:1'] },
    ]);
    expect([1, 2, 3, 4].map((r) => roundName(r, 4))).toEqual(['Round 1', 'Quarter-finals', 'Semi-finals', 'Final']);
  });

  it("puts each group's matches under its letter, then the knockout and its third-place match", () => {
    const groups = [1, 2, 3].flatMap((round) => [
      match(round, 1, { stage: 'groups', group_name: 'A' }),
      match(round, 2, { stage: 'groups', group_name: 'A' }),
      match(round, 3, { stage: 'groups', group_name: 'B' }),
      match(round, 4, { stage: 'groups', group_name: 'B' }),
    ]);
    const knockout = [
      match(4, 1, { stage_no: 2 }),
      match(4, 2, { stage_no: 2 }),
      match(5, 1, { stage_no: 2 }),
      match(5, 2, { stage_no: 2, bracket: 'third_place' }),
    ];
    const sections = embedSections([...knockout, ...groups]);
    expect(sections.map((s) => ({ title: s.title, group: s.group, rounds: s.rounds.map((r) => `${r.name}:${r.matches.length}`) }))).toEqual(
      [
        { title: 'Group A', group: 'A', rounds: ['Matchday 1:2', 'Matchday 2:2', 'Matchday 3:2'] },
        { title: 'Group B', group: 'B', rounds: ['Matchday 1:2', 'Matchday 2:2', 'Matchday 3:2'] },
        { title: 'Knockout', group: null, rounds: ['Semi-finals:2', 'Final:1'] },
        { title: 'Third place', group: null, rounds: ['Third place:1'] },
      ],
    );
    // Every match exactly once.
    const ids = sections.flatMap((s) => s.rounds.flatMap((r) => r.matches.map((m) => m.id)));
    expect(ids.sort()).toEqual([...knockout, ...groups].map((m) => m.id).sort());
  });

  it('gives a double elimination its winners, losers and grand final sections, and a Swiss stage its rounds', () => {
    const double = [
      match(1, 1, { stage: 'double_elimination', bracket: 'winners' }),
      match(1, 2, { stage: 'double_elimination', bracket: 'winners' }),
      match(2, 1, { stage: 'double_elimination', bracket: 'winners' }),
      match(2, 2, { stage: 'double_elimination', bracket: 'losers' }),
      match(3, 1, { stage: 'double_elimination', bracket: 'losers' }),
      match(4, 1, { stage: 'double_elimination', bracket: 'grand_final' }),
    ];
    expect(shape(double)).toEqual([
      { title: 'Winners bracket', rounds: ['Round 1:2', 'Round 2:1'] },
      { title: 'Losers bracket', rounds: ['Round 1:1', 'Round 2:1'] },
      { title: 'Grand final', rounds: ['Round 1:1'] },
    ]);
    const swiss = [1, 2, 3].flatMap((round) => [match(round, 1, { stage: 'swiss' }), match(round, 2, { stage: 'swiss' })]);
    expect(shape(swiss)).toEqual([{ title: 'Swiss', rounds: ['Round 1:2', 'Round 2:2', 'Round 3:2'] }]);
  });
});
