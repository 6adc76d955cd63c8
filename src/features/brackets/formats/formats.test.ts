/**
 * The format views read the contract's `format` and `stages` (docs/contract.md, Formats): groups with a
 * three-way tie, Swiss with a bye, double elimination with a grand-final reset. If these fail, a player sees
 * the wrong group first, a tie explained wrongly or not at all, a bye or the grand final's second match
 * missing, or a line above the bracket that says they are out after a draw.
 */
import { describe, expect, it } from 'vitest';
import { BracketWithStagesSchema as BracketSchema } from './stage-schema';
import { type Bracket, type BracketMatch, standingLine } from '../brackets';
import { doubleView } from './double';
import { groupCards, qualifierNotes, tieReason } from './groups';
import { formatStandingOf } from './standing';
import { formatViewOf, knockoutBracket, matchIndex, stageOfKind, thirdPlaceMatch } from './stages';
import { swissView, tieBreakFigure } from './swiss';
import { formatIntro } from './intro';
import { projectedPath } from './path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { GroupsView } from './GroupsView';

const T = '2027-01-10T13:00:00.000Z';
const e = (name: string) => ({ entry_id: `id-${name}`, in_game_name: name });
const active = (name: string) => ({ entry_id: `id-${name}`, status: 'active' });

type Extra = Partial<BracketMatch>;
function m(id: string, round: number, position: number, a: string | null, b: string | null, extra: Extra = {}): BracketMatch {
  return {
    id,
    round,
    position,
    entries: [a ? e(a) : null, b ? e(b) : null],
    score: null,
    winner_entry_id: null,
    status: a && b ? 'scheduled' : 'pending',
    scheduled_at: T,
    stage: 'knockout',
    group: null,
    bracket: null,
    ...extra,
  };
}
/** A confirmed result; a level score is a draw (no winner). */
const played = (a: number, b: number, winner: string | null): Extra => ({
  status: 'confirmed',
  score: [a, b],
  winner_entry_id: winner ? `id-${winner}` : null,
});
const g = (group: string, extra: Extra = {}): Extra => ({ stage: 'groups', group, ...extra });

function row(
  name: string,
  rank: number,
  record: [number, number, number, number, number],
  decided_by: string | null = null,
  qualified = false,
) {
  const [won, drawn, lost, goals_for, goals_against] = record;
  return {
    entry_id: `id-${name}`,
    in_game_name: name,
    played: won + drawn + lost,
    won,
    drawn,
    lost,
    goals_for,
    goals_against,
    goal_difference: goals_for - goals_against,
    points: 3 * won + drawn,
    rank,
    qualified,
    decided_by,
  };
}

const draw = { commitment: 'c'.repeat(64), secret: 's'.repeat(64), entry_ids: [], same_buyer: [], drawn_at: T, bracket_size: null };

/**
 * Group A: a, b and c beat each other in a circle (b 3-1 c, a 2-1 b, c 1-0 a) and all beat d: three-way tie on
 * 6 points, split by head-to-head goal difference (b +1, a 0, c -1). Group B (e, f, g, h) is still playing:
 * e and f drew 1-1, and f and g are level on everything, split by lots. demo `a` is the signed-in player.
 */
function groupsCup(options: { filled?: boolean } = {}): Bracket {
  const A = [
    m('a1', 1, 1, 'a', 'b', g('A', played(2, 1, 'a'))),
    m('a2', 1, 2, 'c', 'd', g('A', played(2, 0, 'c'))),
    m('a3', 2, 1, 'b', 'c', g('A', played(3, 1, 'b'))),
    m('a4', 2, 2, 'a', 'd', g('A', played(1, 0, 'a'))),
    m('a5', 3, 1, 'c', 'a', g('A', played(1, 0, 'c'))),
    m('a6', 3, 2, 'd', 'b', g('A', played(0, 2, 'b'))),
  ];
  const B = [
    m('b1', 1, 3, 'e', 'f', g('B', played(1, 1, null))),
    m('b2', 1, 4, 'g', 'h', g('B', played(2, 2, null))),
    m('b3', 2, 3, 'e', 'g', g('B', options.filled ? played(0, 0, null) : {})),
    m('b4', 2, 4, 'f', 'h', g('B', options.filled ? played(0, 0, null) : {})),
  ];
  const filled = options.filled ?? false;
  const qf = [m('q1', 4, 1, filled ? 'b' : null, filled ? 'f' : null), m('q2', 4, 2, filled ? 'e' : null, filled ? 'a' : null)];
  const sf = [m('s1', 5, 1, null, null)];
  const third = m('t1', 6, 1, null, null, { bracket: 'third_place' });
  const rounds = [
    { round: 1, name: 'Group matchday 1', matches: [A[0]!, A[1]!, B[0]!, B[1]!] },
    { round: 2, name: 'Group matchday 2', matches: [A[2]!, A[3]!, B[2]!, B[3]!] },
    { round: 3, name: 'Group matchday 3', matches: [A[4]!, A[5]!] },
    { round: 4, name: 'Semi-finals', matches: qf },
    { round: 5, name: 'Final', matches: sf },
    { round: 6, name: 'Third place', matches: [third] },
  ];
  return {
    format: 'groups_knockout',
    draw,
    rounds,
    stages: [
      {
        kind: 'groups',
        name: 'Groups',
        advance: { per_group: 2, best_of_next: 0 },
        groups: [
          {
            name: 'A',
            table: [
              row('b', 1, [2, 0, 1, 6, 3], 'head_to_head_goal_difference', filled),
              row('a', 2, [2, 0, 1, 3, 2], 'head_to_head_goal_difference', filled),
              row('c', 3, [2, 0, 1, 4, 3]),
              row('d', 4, [0, 0, 3, 0, 5]),
            ],
            matches: A.map((x) => x.id),
          },
          {
            name: 'B',
            table: [
              row('e', 1, [0, 1, 0, 1, 1], 'goal_difference', filled),
              row('f', 2, [0, 1, 0, 1, 1], 'lots', filled),
              row('g', 3, [0, 1, 0, 2, 2], 'head_to_head_points'),
              row('h', 4, [0, 1, 0, 2, 2]),
            ],
            matches: B.map((x) => x.id),
          },
        ],
      },
      {
        kind: 'knockout',
        name: 'Knockout',
        rounds: [
          { name: 'Semi-finals', matches: ['q1', 'q2'] },
          { name: 'Final', matches: ['s1'] },
          { name: 'Third place', matches: ['t1'] },
        ],
        third_place: 't1',
        // As get_bracket publishes them for two groups, top 2: A1 v B2, B1 v A2.
        feeds: [
          [
            { group: 'A', place: 1 },
            { group: 'B', place: 2 },
          ],
          [
            { group: 'B', place: 1 },
            { group: 'A', place: 2 },
          ],
        ],
      },
    ],
  };
}

describe('the bracket schema', () => {
  it('still reads a knockout served before formats existed, as the one tree', () => {
    const bracket = BracketSchema.parse({
      draw,
      rounds: [
        { round: 1, name: 'Final', matches: [{ ...m('f', 1, 1, 'a', 'b'), stage: undefined, group: undefined, bracket: undefined }] },
      ],
    });
    expect(bracket.stages).toBeUndefined();
    expect(formatViewOf(bracket)).toBeNull();
  });

  it('reads groups then a knockout as the contract shapes it, and a stage it does not know as "other" instead of failing', () => {
    const cup = groupsCup();
    const parsed = BracketSchema.parse(
      JSON.parse(JSON.stringify({ ...cup, stages: [...(cup.stages ?? []), { kind: 'league', name: 'Later' }] })),
    );
    expect(parsed.format).toBe('groups_knockout');
    expect(parsed.stages?.map((s) => s.kind)).toEqual(['groups', 'knockout', 'other']);
    expect(formatViewOf(parsed)).toBe('groups_knockout');
  });

  it('falls back to the tree when the format says Swiss but its stage has no details yet', () => {
    const bracket = BracketSchema.parse({ format: 'swiss', draw, rounds: [], stages: [{ kind: 'swiss', name: 'Swiss' }] });
    expect(bracket.stages?.[0]?.kind).toBe('other');
    expect(formatViewOf(bracket)).toBeNull();
  });

  it('refuses a table row without its points (a broken answer is an error, not a wrong table)', () => {
    const cup = JSON.parse(JSON.stringify(groupsCup()));
    delete cup.stages[0].groups[0].table[0].points;
    const parsed = BracketSchema.parse(cup);
    // The groups stage no longer matches its shape: it is not drawn as a table with a hole in it.
    expect(parsed.stages?.[0]?.kind).toBe('other');
    expect(formatViewOf(parsed)).toBeNull();
  });
});

describe('group tables', () => {
  const cup = groupsCup();
  const stage = stageOfKind(cup, 'groups')!;

  it('puts the player’s own group first, and keeps the draw’s order for everyone else', () => {
    expect(groupCards(stage, matchIndex(cup), 'id-e').map((c) => [c.name, c.mine])).toEqual([
      ['B', true],
      ['A', false],
    ]);
    expect(groupCards(stage, matchIndex(cup), null).map((c) => c.name)).toEqual(['A', 'B']);
  });

  it('leaves out the groups the first read left for later, until the whole bracket brings them', () => {
    const partial = { ...stage, groups: stage.groups.map((g) => (g.name === 'A' ? { ...g, table: [], matches: [], later: true } : g)) };
    expect(groupCards(partial, matchIndex(cup), 'id-e').map((c) => c.name)).toEqual(['B']);
  });

  it('explains a three-way tie row by row, naming the player below, and says nothing where points decided', () => {
    const [a] = groupCards(stage, matchIndex(cup), 'id-a');
    expect(a!.rows.map((r) => [r.name, r.mine, r.reason !== null])).toEqual([
      ['b', false, true],
      ['a', true, true],
      ['c', false, false],
      ['d', false, false],
    ]);
    expect(a!.rows[0]!.reason).toMatch(/^Ahead of a on head-to-head goal difference/);
    expect(a!.rows[1]!.reason).toMatch(/^Ahead of c on head-to-head goal difference/);
    expect(a!.rows.map((r) => r.lastQualifyingPlace)).toEqual([false, true, false, false]);
    // The group's matches in play order, looked up from the ids the stage names.
    expect(a!.matches.map((x) => x.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('says lots were drawn from the revealed secret, and how to check them', () => {
    const b = groupCards(stage, matchIndex(cup), null)[1]!;
    expect(b.rows[1]!.reason).toContain('Level with g on everything the table counts, so lots decided');
    expect(b.rows[1]!.reason).toContain('npm run verify-draw');
    expect(b.rows[0]!.reason).toMatch(/^Ahead of f on goal difference/);
  });

  it('skips a match id the rounds do not hold, and keeps rows in rank order whatever order they came in', () => {
    const shuffled = {
      ...stage,
      groups: [{ ...stage.groups[0]!, table: [...stage.groups[0]!.table].reverse(), matches: ['a1', 'no-such-match', 'a2'] }],
    };
    const [a] = groupCards(shuffled, matchIndex(cup), null);
    expect(a!.matches.map((x) => x.id)).toEqual(['a1', 'a2']);
    expect(a!.rows.map((r) => r.row.rank)).toEqual([1, 2, 3, 4]);
    expect(a!.rows[0]!.reason).toMatch(/^Ahead of a on head-to-head goal difference/);
  });

  it('words a tie-break step it does not know rather than hiding it, and needs a row below to explain', () => {
    const top = row('x', 1, [1, 0, 0, 1, 0], 'fair_play');
    expect(tieReason(top, row('y', 2, [1, 0, 0, 1, 0]))).toBe('Ahead of y on fair play.');
    expect(tieReason(top, undefined)).toBeNull();
    expect(tieReason({ ...top, in_game_name: '<b>x</b>' }, { ...top, in_game_name: '<img src=x onerror=alert(1)>' })).toContain(
      '<img src=x onerror=alert(1)>',
    );
  });

  it('before a ball is kicked, says once that the order is the lots, not a reason on every row', () => {
    const fresh = row('a', 1, [0, 0, 0, 0, 0], 'lots');
    const cards = groupCards(
      {
        ...stage,
        groups: [{ name: 'A', table: [fresh, row('b', 2, [0, 0, 0, 0, 0], 'lots'), row('c', 3, [0, 0, 0, 0, 0])], matches: [] }],
      },
      matchIndex(cup),
      null,
    );
    expect(cards[0]!.unplayed).toBe(true);
    expect(cards[0]!.rows.map((r) => r.reason)).toEqual([null, null, null]);
    expect(groupCards(stage, matchIndex(cup), null).map((c) => c.unplayed)).toEqual([false, false]);
  });

  it('marks the qualified and notes where each qualifier comes from once the knockout is filled', () => {
    const filled = groupsCup({ filled: true });
    const groups = stageOfKind(filled, 'groups')!;
    const cards = groupCards(groups, matchIndex(filled), null);
    expect(cards[0]!.rows.map((r) => r.qualified)).toEqual([true, true, false, false]);
    expect(Object.fromEntries(qualifierNotes(groups))).toEqual({
      'id-b': 'winner of group A',
      'id-a': 'runner-up of group A',
      'id-e': 'winner of group B',
      'id-f': 'runner-up of group B',
    });
    expect(qualifierNotes(stageOfKind(groupsCup(), 'groups')!).size).toBe(0);
  });

  it('draws the knockout after the groups as a tree of its own, the third-place match beside it', () => {
    const index = matchIndex(cup);
    const knockout = stageOfKind(cup, 'knockout')!;
    const tree = knockoutBracket(cup, knockout, index);
    expect(tree.rounds.map((r) => [r.name, r.round, r.matches.map((x) => x.id)])).toEqual([
      ['Semi-finals', 4, ['q1', 'q2']],
      ['Final', 5, ['s1']],
    ]);
    expect(thirdPlaceMatch(knockout, index)?.id).toBe('t1');
  });
});

describe('the line above a bracket of stages', () => {
  it('names the next group match with its group, and never calls a draw a defeat', () => {
    const cup = groupsCup();
    expect(standingLine(formatStandingOf(cup, active('e'), null)!, new Date(T))).toBe(
      'Your next match: Group B, matchday 2 vs g, 6:30 pm IST',
    );
    expect(standingLine(formatStandingOf(cup, active('a'), null)!)).toBe(
      'Your group matches are done: 2nd in group A so far. The knockout is filled when every group has finished',
    );
  });

  it('follows a qualifier into the knockout, and tells a player who did not go through', () => {
    const cup = groupsCup({ filled: true });
    expect(formatStandingOf(cup, active('a'), null)).toMatchObject({ kind: 'next', round: 'Semi-finals', opponent: 'e' });
    expect(standingLine(formatStandingOf(cup, active('c'), null)!)).toBe("You're out: 3rd in group A");
  });

  it('gives the third-place match’s winner third place and the final’s winner the title', () => {
    const cup = groupsCup({ filled: true });
    const third = cup.rounds.at(-1)!.matches[0]!;
    Object.assign(third, { entries: [e('b'), e('e')], ...played(2, 0, 'b') });
    const final = cup.rounds.at(-2)!.matches[0]!;
    Object.assign(final, { entries: [e('a'), e('f')], ...played(1, 0, 'a') });
    for (const x of cup.rounds.at(-3)!.matches) x.status = 'confirmed';
    expect(standingLine(formatStandingOf(cup, active('b'), null)!)).toBe('You finished 3rd');
    expect(standingLine(formatStandingOf(cup, active('e'), null)!)).toBe('You finished 4th');
    expect(formatStandingOf(cup, active('a'), null)).toEqual({ kind: 'champion' });
    expect(formatStandingOf(cup, active('f'), null)).toEqual({ kind: 'out', round: 'Final' });
  });

  it('keeps a knockout’s own line for a knockout', () => {
    const knockout: Bracket = { draw, rounds: [{ round: 1, name: 'Final', matches: [m('f', 1, 1, 'a', 'b')] }] };
    expect(formatStandingOf(knockout, active('a'), null)).toMatchObject({ kind: 'next', round: 'Final', opponent: 'b' });
  });
});

/** Five players, three rounds: round 1 played with e's bye, round 2 half played (c's bye), round 3 not paired. */
function swissCup(): Bracket {
  const s = (extra: Extra = {}): Extra => ({ stage: 'swiss', ...extra });
  const r1 = [
    m('r1-1', 1, 1, 'a', 'b', s(played(2, 0, 'a'))),
    m('r1-2', 1, 2, 'c', 'd', s(played(1, 1, null))),
    m('r1-3', 1, 3, 'e', null, s({ status: 'bye', winner_entry_id: 'id-e' })),
  ];
  const r2 = [
    m('r2-1', 2, 1, 'a', 'e', s(played(0, 1, 'e'))),
    m('r2-2', 2, 2, 'd', 'b', s()),
    m('r2-3', 2, 3, 'c', null, s({ status: 'bye', winner_entry_id: 'id-c' })),
  ];
  const swissRow = (
    name: string,
    rank: number,
    p: number,
    w: number,
    d: number,
    l: number,
    pts: number,
    mbh: number,
    bh: number,
    byes = 0,
  ) => ({
    entry_id: `id-${name}`,
    in_game_name: name,
    played: p,
    won: w,
    drawn: d,
    lost: l,
    points: pts,
    median_buchholz: mbh,
    buchholz: bh,
    goal_difference: 0,
    byes,
    rank,
  });
  return {
    format: 'swiss',
    draw,
    rounds: [
      { round: 1, name: 'Round 1', matches: r1 },
      { round: 2, name: 'Round 2', matches: r2 },
    ],
    stages: [
      {
        kind: 'swiss',
        name: 'Swiss',
        rounds: [
          { name: 'Round 1', matches: r1.map((x) => x.id) },
          { name: 'Round 2', matches: r2.map((x) => x.id) },
          { name: 'Round 3', matches: [] },
        ],
        table: [
          swissRow('e', 1, 2, 2, 0, 0, 6, 3, 3, 1),
          swissRow('c', 2, 2, 1, 1, 0, 4, 1, 1, 1),
          swissRow('a', 3, 2, 1, 0, 1, 3, 6, 6),
          swissRow('d', 4, 1, 0, 1, 0, 1, 4, 4),
          swissRow('b', 5, 1, 0, 0, 1, 0, 3, 3),
        ],
      },
    ],
  };
}

describe('Swiss', () => {
  it('lists every round with its bye as a match without an opponent, opening on the round still being played', () => {
    const cup = swissCup();
    const view = swissView(stageOfKind(cup, 'swiss')!, matchIndex(cup), 'id-a');
    expect(view.rounds.map((r) => [r.name, r.matches.length])).toEqual([
      ['Round 1', 3],
      ['Round 2', 3],
      ['Round 3', 0],
    ]);
    expect(view.rounds[0]!.matches[2]).toMatchObject({ status: 'bye', entries: [e('e'), null] });
    expect(view.currentRound).toBe(1);
    expect(view.rows.map((r) => [r.name, r.row.rank, r.mine])).toEqual([
      ['e', 1, false],
      ['c', 2, false],
      ['a', 3, true],
      ['d', 4, false],
      ['b', 5, false],
    ]);
  });

  it('prints tie-break figures plainly and halves to one decimal', () => {
    expect(tieBreakFigure(6)).toBe('6');
    expect(tieBreakFigure(4.5)).toBe('4.5');
  });

  it('tells a player between rounds their place, and one still playing their opponent', () => {
    const cup = swissCup();
    expect(standingLine(formatStandingOf(cup, active('a'), null)!)).toBe("You're 3rd of 5 in the table");
    expect(formatStandingOf(cup, active('d'), null)).toMatchObject({ kind: 'next', round: 'Round 2', opponent: 'b' });
    // c's bye is a win, not a match to wait for.
    expect(formatStandingOf(cup, active('c'), null)).toMatchObject({ kind: 'table', rank: 2 });
  });
});

/** Four players: a wins the winners' bracket, b wins the losers' bracket and the first grand final (a reset). */
function doubleCup(reset: boolean): Bracket {
  const d = (bracket: string, extra: Extra = {}): Extra => ({ stage: 'double_elimination', bracket, ...extra });
  const w1 = [m('w1-1', 1, 1, 'a', 'd', d('winners', played(2, 0, 'a'))), m('w1-2', 1, 2, 'b', 'c', d('winners', played(1, 0, 'b')))];
  const w2 = [m('w2-1', 2, 1, 'a', 'b', d('winners', played(3, 1, 'a')))];
  const l1 = [m('l1-1', 3, 1, 'd', 'c', d('losers', played(0, 2, 'c')))];
  const l2 = [m('l2-1', 4, 1, 'b', 'c', d('losers', played(2, 1, 'b')))];
  const gf1 = m('gf-1', 5, 1, 'a', 'b', d('grand_final', reset ? played(0, 1, 'b') : {}));
  const gf2 = m('gf-2', 6, 1, 'a', 'b', d('grand_final'));
  const gf = reset ? [gf1, gf2] : [gf1];
  return {
    format: 'double_elimination',
    draw,
    rounds: [
      { round: 1, name: 'Winners round 1', matches: w1 },
      { round: 2, name: 'Winners final', matches: w2 },
      { round: 3, name: 'Losers round 1', matches: l1 },
      { round: 4, name: 'Losers final', matches: l2 },
      ...gf.map((x, i) => ({ round: 5 + i, name: 'Grand final', matches: [x] })),
    ],
    stages: [
      {
        kind: 'double_elimination',
        name: 'Double elimination',
        winners: [
          { name: 'Winners round 1', matches: ['w1-1', 'w1-2'] },
          { name: 'Winners final', matches: ['w2-1'] },
        ],
        losers: [
          { name: 'Losers round 1', matches: ['l1-1'] },
          { name: 'Losers final', matches: ['l2-1'] },
        ],
        grand_final: gf.map((x) => x.id),
      },
    ],
  };
}

describe('double elimination', () => {
  it('shows one grand final, and its second match only once the losers’ bracket winner has won the first', () => {
    const one = doubleCup(false);
    expect(doubleView(stageOfKind(one, 'double_elimination')!, matchIndex(one)).grandFinal.map((x) => x.name)).toEqual(['Grand final']);
    const two = doubleCup(true);
    const view = doubleView(stageOfKind(two, 'double_elimination')!, matchIndex(two));
    expect(view.winners.map((r) => [r.name, r.matches.map((x) => x.id)])).toEqual([
      ['Winners round 1', ['w1-1', 'w1-2']],
      ['Winners final', ['w2-1']],
    ]);
    expect(view.losers.map((r) => r.name)).toEqual(['Losers round 1', 'Losers final']);
    expect(view.grandFinal.map((x) => [x.name, x.match.id])).toEqual([
      ['Grand final', 'gf-1'],
      ['Grand final, second match', 'gf-2'],
    ]);
  });

  it('keeps a player who lost once in the tournament, and crowns the grand final’s winner', () => {
    const cup = doubleCup(true);
    expect(formatStandingOf(cup, active('a'), null)).toMatchObject({ kind: 'next', round: 'Grand final', opponent: 'b' });
    expect(standingLine(formatStandingOf(cup, active('d'), null)!)).toBe("You're out: knocked out in the Losers round 1");
    Object.assign(cup.rounds.at(-1)!.matches[0]!, played(2, 0, 'b'));
    expect(formatStandingOf(cup, active('b'), null)).toEqual({ kind: 'champion' });
    expect(formatStandingOf(cup, active('a'), null)).toEqual({ kind: 'out', round: 'Grand final' });
  });
});

describe('the format in one sentence', () => {
  it('follows the declared stages, a tournament without them being one knockout', () => {
    expect(formatIntro(null)).toBe('Single elimination: lose once and you are out.');
    expect(formatIntro(['knockout'])).toBe('Single elimination: lose once and you are out.');
    expect(formatIntro(['groups', 'knockout'])).toMatch(/^Groups then a knockout: /);
    expect(formatIntro(['swiss'])).toMatch(/^Swiss: /);
    expect(formatIntro(['double_elimination'])).toMatch(/^Double elimination: lose once and you drop into the losers’ bracket/);
  });
});

describe('the projected knockout path', () => {
  const knockout = stageOfKind(groupsCup(), 'knockout');

  it('says in one sentence whom each place that goes through meets first, from the knockout’s feeds', () => {
    expect(projectedPath(knockout, 'A', 2)).toBe(
      'Win group A and you meet the runner-up of group B; finish second and you meet the winner of group B.',
    );
    expect(projectedPath(knockout, 'B', 1)).toBe('Win group B and you meet the runner-up of group A.');
    expect(projectedPath(knockout, 'A', 2, 'hi')).toBe(
      'ग्रुप A जीतें तो नॉकआउट में आपका मुक़ाबला ग्रुप B के रनर-अप से होगा; दूसरे स्थान पर रहें तो नॉकआउट में आपका मुक़ाबला ग्रुप B के विजेता से होगा।',
    );
  });

  it('names the best runners-up as a pool and a bye as a straight way on, and says nothing without feeds', () => {
    const wide = {
      ...knockout!,
      feeds: [
        [{ group: 'A', place: 1 }, null],
        [
          { group: 'B', place: 1 },
          { place: 2, best: 1 },
        ],
      ] as NonNullable<typeof knockout>['feeds'],
    };
    expect(projectedPath(wide, 'B', 1)).toBe('Win group B and you meet one of the best runners-up.');
    expect(projectedPath(wide, 'A', 1)).toBe('Win group A and you go straight into the second knockout round.');
    expect(projectedPath(wide, 'B', 1, 'hi')).toBe('ग्रुप B जीतें तो नॉकआउट में आपका मुक़ाबला सबसे अच्छे रनर-अप में से किसी एक से होगा।');
    expect(projectedPath({ ...knockout!, feeds: undefined }, 'A', 2)).toBeNull();
    expect(projectedPath(wide, 'Z', 1)).toBeNull();
  });

  it('shows the sentence on the player’s own group card until the knockout is filled', () => {
    const html = (bracket: Bracket, me: string | null) =>
      renderToStaticMarkup(createElement(GroupsView, { bracket, myEntryId: me, mine: new Set<string>() }));
    const open = html(groupsCup(), 'id-e');
    expect(open).toContain('data-projected-path');
    expect(open).toContain('Win group B and you meet the runner-up of group A; finish second and you meet the winner of group A.');
    // Exactly once, inside group B's card.
    expect(open.split('data-projected-path').length).toBe(2);
    expect(open.indexOf('data-group="B"')).toBeLessThan(open.indexOf('data-projected-path'));
    expect(html(groupsCup(), null)).not.toContain('data-projected-path');
    expect(html(groupsCup({ filled: true }), 'id-e')).not.toContain('data-projected-path');
  });
});
