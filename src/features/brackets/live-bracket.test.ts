import { describe, expect, it } from 'vitest';
import type { Bracket, BracketMatch } from './brackets';
import {
  applyMatchChange,
  bracketRowChange,
  type LiveBracket,
  liveBracketOf,
  matchRowOf,
  microseconds,
  withGroupTable,
} from './live-bracket';

const T = '2026-12-06T13:00:00+00:00';
const e = (name: string) => ({ entry_id: `id-${name}`, in_game_name: name });

function match(
  id: string,
  round: number,
  position: number,
  a: string | null,
  b: string | null,
  extra: Partial<BracketMatch> = {},
): BracketMatch {
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

/** Four players, two semi-finals and a final, as get_bracket answers for a knockout. */
function cup(): Bracket {
  return {
    format: 'knockout',
    draw: { commitment: 'c'.repeat(64), secret: 's', entry_ids: [], same_buyer: [], drawn_at: T, bracket_size: 4 },
    rounds: [
      { round: 1, name: 'Semi-finals', scheduled_at: T, matches: [match('s1', 1, 1, 'asha', 'bilal'), match('s2', 1, 2, 'chen', 'dev')] },
      {
        round: 2,
        name: 'Final',
        scheduled_at: '2026-12-06T14:00:00+00:00',
        matches: [match('f1', 2, 1, null, null, { scheduled_at: '2026-12-06T14:00:00+00:00' })],
      },
    ],
    stages: [
      {
        kind: 'knockout',
        name: 'Knockout',
        rounds: [
          { name: 'Semi-finals', matches: ['s1', 's2'] },
          { name: 'Final', matches: ['f1'] },
        ],
      },
    ],
  };
}

/** The `public.matches` row behind a match, as Realtime sends it in `new` (every column, personal ones none). */
function row(id: string, round: number, position: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    tournament_id: 'cup',
    round,
    position,
    entry_a: null,
    entry_b: null,
    winner_entry_id: null,
    score_a: null,
    score_b: null,
    status: 'pending',
    scheduled_at: T,
    updated_at: '2026-12-06T13:20:00.000001+00:00',
    group_name: null,
    bracket: null,
    stage_no: 1,
    ready_a_at: null,
    room_host: 'a',
    ...extra,
  };
}
const update = (newRow: unknown) => ({ eventType: 'UPDATE', new: newRow });

const confirmedSemi = (at = '2026-12-06T13:20:00.000001+00:00') =>
  update(
    row('s1', 1, 1, {
      entry_a: 'id-asha',
      entry_b: 'id-bilal',
      score_a: 2,
      score_b: 1,
      winner_entry_id: 'id-asha',
      status: 'confirmed',
      updated_at: at,
    }),
  );

function patched(live: LiveBracket, change: { eventType: string; new?: unknown }): LiveBracket {
  const outcome = applyMatchChange(live, change);
  if (outcome.kind !== 'patched') throw new Error(`expected a patch, got a refetch: ${outcome.reason}`);
  return outcome.live;
}
const find = (live: LiveBracket, id: string) => live.bracket.rounds.flatMap((r) => r.matches).find((m) => m.id === id);

describe('a live bracket patched by match rows', () => {
  it('shows a confirmed result: status, score and winner, leaving the rest of the bracket as it was', () => {
    const before = liveBracketOf(cup());
    const after = patched(before, confirmedSemi());
    expect(find(after, 's1')).toMatchObject({
      status: 'confirmed',
      score: [2, 1],
      winner_entry_id: 'id-asha',
      entries: [e('asha'), e('bilal')],
    });
    // The untouched round is the same object (React keeps its cards), the held bracket is not mutated.
    expect(after.bracket.rounds[1]).toBe(before.bracket.rounds[1]);
    expect(find(before, 's1')?.status).toBe('scheduled');
  });

  it('puts the winner into the next match with the name the bracket already holds, then schedules it', () => {
    let live = patched(liveBracketOf(cup()), confirmedSemi());
    live = patched(
      live,
      update(
        row('f1', 2, 1, { entry_a: 'id-asha', scheduled_at: '2026-12-06T14:00:00+00:00', updated_at: '2026-12-06T13:20:00.000001+00:00' }),
      ),
    );
    expect(find(live, 'f1')?.entries).toEqual([e('asha'), null]);
    // The other semi-final, then the same transaction's second row of the final (same updated_at): both applied.
    live = patched(
      live,
      update(
        row('s2', 1, 2, {
          entry_a: 'id-chen',
          entry_b: 'id-dev',
          score_a: 0,
          score_b: 3,
          winner_entry_id: 'id-dev',
          status: 'confirmed',
          updated_at: '2026-12-06T13:40:00+00:00',
        }),
      ),
    );
    live = patched(
      live,
      update(
        row('f1', 2, 1, {
          entry_a: 'id-asha',
          entry_b: 'id-dev',
          updated_at: '2026-12-06T13:40:00+00:00',
          scheduled_at: '2026-12-06T14:00:00+00:00',
        }),
      ),
    );
    live = patched(
      live,
      update(
        row('f1', 2, 1, {
          entry_a: 'id-asha',
          entry_b: 'id-dev',
          status: 'scheduled',
          updated_at: '2026-12-06T13:40:00+00:00',
          scheduled_at: '2026-12-06T14:10:00+00:00',
        }),
      ),
    );
    expect(find(live, 'f1')).toMatchObject({
      entries: [e('asha'), e('dev')],
      status: 'scheduled',
      scheduled_at: '2026-12-06T14:10:00+00:00',
    });
    // The round's time follows its earliest match, as get_bracket computes it.
    expect(live.bracket.rounds[1]?.scheduled_at).toBe('2026-12-06T14:10:00+00:00');
  });

  it('applies a correction that clears a result (a replay): scores and winner back to none', () => {
    let live = patched(liveBracketOf(cup()), confirmedSemi());
    live = patched(
      live,
      update(row('s1', 1, 1, { entry_a: 'id-asha', entry_b: 'id-bilal', status: 'scheduled', updated_at: '2026-12-06T13:30:00+00:00' })),
    );
    expect(find(live, 's1')).toMatchObject({ status: 'scheduled', score: null, winner_entry_id: null });
  });

  it('reads the whole bracket again when a row arrives older than one already applied', () => {
    const live = patched(liveBracketOf(cup()), confirmedSemi('2026-12-06T13:30:00.000002+00:00'));
    // One microsecond older: milliseconds alone would call it the same time.
    const older = update(
      row('s1', 1, 1, { entry_a: 'id-asha', entry_b: 'id-bilal', status: 'reported', updated_at: '2026-12-06T13:30:00.000001+00:00' }),
    );
    expect(applyMatchChange(live, older)).toEqual({ kind: 'refetch', reason: 'a match row older than one already applied' });
  });

  it('reads the whole bracket again for a match it does not hold, an added or removed match, or a moved one', () => {
    const live = liveBracketOf(cup());
    expect(applyMatchChange(live, update(row('x9', 1, 3, { status: 'scheduled' })))).toMatchObject({ kind: 'refetch' });
    expect(applyMatchChange(live, { eventType: 'INSERT', new: row('g2', 3, 1) })).toMatchObject({ kind: 'refetch' });
    expect(applyMatchChange(live, { eventType: 'DELETE', new: {} })).toMatchObject({ kind: 'refetch' });
    expect(applyMatchChange(live, update(row('s1', 2, 1)))).toMatchObject({ kind: 'refetch', reason: 'a match moved' });
  });

  it('reads the whole bracket again for a player it does not know', () => {
    const change = update(row('f1', 2, 1, { entry_a: 'id-stranger' }));
    expect(applyMatchChange(liveBracketOf(cup()), change)).toEqual({ kind: 'refetch', reason: 'a player the bracket does not know' });
  });

  it('refuses rows of another shape instead of guessing (hostile or changed payloads)', () => {
    const live = liveBracketOf(cup());
    const shapes: unknown[] = [
      null,
      's1',
      [],
      { id: 's1' },
      row('s1', 1, 1, { score_a: '2' }),
      row('s1', 1, 1, { score_a: 1.5 }),
      row('s1', 1, 1, { status: 7 }),
      row('s1', 1, 1, { round: '1' }),
      row('s1', 1, 1, { entry_a: { entry_id: 'id-asha' } }),
      row('s1', 1, 1, { updated_at: 'yesterday' }),
      row('s1', 1, 1, { updated_at: undefined }),
    ];
    for (const shape of shapes) expect(applyMatchChange(live, update(shape)), JSON.stringify(shape)).toMatchObject({ kind: 'refetch' });
    // A name never comes from the row: an extra column cannot rename a player.
    const renamed = patched(
      live,
      update(row('s1', 1, 1, { entry_a: 'id-asha', entry_b: 'id-bilal', in_game_name: '<img src=x>', status: 'ready' })),
    );
    expect(find(renamed, 's1')?.entries).toEqual([e('asha'), e('bilal')]);
  });

  it('patches a group result and asks for that group’s table alone; reads the bracket again for a knockout filled from the groups or a Swiss result', () => {
    const groups: Bracket = {
      format: 'groups_knockout',
      draw: cup().draw,
      rounds: [
        { round: 1, name: 'Group matchday 1', matches: [match('a1', 1, 1, 'asha', 'bilal', { stage: 'groups', group: 'A' })] },
        { round: 2, name: 'Final', matches: [match('k1', 2, 1, null, null)] },
      ],
      stages: [
        { kind: 'groups', name: 'Groups', advance: { per_group: 1, best_of_next: 0 }, groups: [{ name: 'A', table: [], matches: ['a1'] }] },
        { kind: 'knockout', name: 'Knockout', rounds: [{ name: 'Final', matches: ['k1'] }] },
      ],
    };
    const live = liveBracketOf(groups);
    const result = update(
      row('a1', 1, 1, {
        entry_a: 'id-asha',
        entry_b: 'id-bilal',
        group_name: 'A',
        status: 'confirmed',
        score_a: 1,
        score_b: 0,
        winner_entry_id: 'id-asha',
      }),
    );
    const outcome = applyMatchChange(live, result);
    expect(outcome).toMatchObject({ kind: 'patched', table: 'A' });
    const patchedLive = (outcome as { live: LiveBracket }).live;
    expect(find(patchedLive, 'a1')).toMatchObject({ status: 'confirmed', score: [1, 0] });
    // The group's table as get_group_table answers it goes in; another group's name changes nothing.
    const tableRow = {
      entry_id: 'id-asha',
      in_game_name: 'asha',
      played: 1,
      won: 1,
      drawn: 0,
      lost: 0,
      goals_for: 1,
      goals_against: 0,
      goal_difference: 1,
      points: 3,
      rank: 1,
      qualified: false,
      decided_by: null,
    };
    const withTable = withGroupTable(patchedLive, 'A', [tableRow]);
    expect(withTable?.bracket.stages?.[0]).toMatchObject({ kind: 'groups', groups: [{ name: 'A', table: [tableRow], matches: ['a1'] }] });
    expect(withTable?.bracket.stages?.[1]).toBe(groups.stages?.[1]);
    expect(withGroupTable(patchedLive, 'Q', [tableRow])).toBeNull();
    // A player getting ready in a group match changes no table: patched, nothing to read.
    const ready = applyMatchChange(
      live,
      update(row('a1', 1, 1, { entry_a: 'id-asha', entry_b: 'id-bilal', group_name: 'A', status: 'ready' })),
    );
    expect(ready.kind === 'patched' && ready.table).toBe(undefined);
    // A row that moves the match to another group: the whole bracket.
    expect(
      applyMatchChange(
        live,
        update(
          row('a1', 1, 1, {
            entry_a: 'id-asha',
            entry_b: 'id-bilal',
            group_name: 'B',
            status: 'confirmed',
            score_a: 1,
            score_b: 0,
            winner_entry_id: 'id-asha',
          }),
        ),
      ).kind,
    ).toBe('refetch');
    expect(applyMatchChange(live, update(row('k1', 2, 1, { entry_a: 'id-asha' })))).toEqual({
      kind: 'refetch',
      reason: 'the knockout filled from the groups',
    });
    // Swiss: every player's tie-breaks move with one result.
    const swiss: Bracket = {
      ...cup(),
      format: 'swiss',
      stages: [{ kind: 'swiss', name: 'Swiss', rounds: [{ name: 'Round 1', matches: ['s1', 's2'] }], table: [] }],
    };
    expect(applyMatchChange(liveBracketOf(swiss), confirmedSemi())).toEqual({
      kind: 'refetch',
      reason: 'a result that moves a whole table',
    });
  });
});

describe('the row shape and its times', () => {
  it('reads a row with every column it needs; a row from before stages has no group', () => {
    const { group_name: _, ...old } = row('s1', 1, 1);
    expect(matchRowOf(old)?.group_name).toBeNull();
  });

  it('reads times to the microsecond in JSON and text forms', () => {
    expect(microseconds('2026-12-06T13:00:00.000001+00:00')! - microseconds('2026-12-06T13:00:00+00:00')!).toBe(1);
    expect(microseconds('2026-12-06 18:30:00.5+05:30')).toBe(microseconds('2026-12-06T13:00:00.5Z'));
    expect(microseconds('2026-12-06 13:00:00+00')).toBe(Date.parse('2026-12-06T13:00:00Z') * 1000);
    expect(microseconds('13:00 today')).toBeNull();
  });
});

describe('a bracket_rows change as the match change it stands for', () => {
  it('reads its first row (an INSERT there) and later ones as updates of the match, and a removal as a reason to read again', () => {
    const matchRow = row('s1', 1, 1, { status: 'ready' });
    const { id: _, tournament_id: __, ...shown } = matchRow;
    const own = { match_id: 's1', tournament_id: 'cup' };
    expect(bracketRowChange({ eventType: 'INSERT', new: { ...own, row: shown } })).toEqual(update(matchRow));
    expect(bracketRowChange({ eventType: 'UPDATE', new: { ...own, row: JSON.stringify(shown) } })).toEqual(update(matchRow));
    // A row naming another match inside it cannot move the change there: the row's own columns decide.
    expect(bracketRowChange({ eventType: 'UPDATE', new: { ...own, row: { ...shown, id: 's2' } } }).new).toMatchObject({ id: 's1' });
    expect(bracketRowChange({ eventType: 'DELETE', new: {} }).eventType).toBe('DELETE');
    // Text that is not JSON, or no row at all: a change of an unknown shape, which reads the bracket again.
    const live = liveBracketOf(cup());
    expect(applyMatchChange(live, bracketRowChange({ eventType: 'UPDATE', new: { row: '{oops' } })).kind).toBe('refetch');
    expect(applyMatchChange(live, bracketRowChange({ eventType: 'UPDATE', new: {} })).kind).toBe('refetch');
  });
});
