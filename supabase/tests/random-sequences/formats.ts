/**
 * The random sequences over every format: a fresh paid cup per sequence, played as one knockout, groups then a
 * knockout, Swiss or double elimination (the stages of the seeded demo-groups-cup, demo-swiss-cup and
 * demo-double-cup, at eight places), entered by six to eight players through the real payment path. The steps are
 * the money sequences' own (random-sequences/commands.ts) aimed at that cup, plus rounds played with level scores
 * and corrections that must be refused once a stage is closed. After every step the money invariants of
 * invariants.ts hold, and so do the fairness invariants of this file:
 *
 * - one_open_match_per_stage: no entry in two open matches of one stage (of one round, in groups, whose rounds are
 *   all open at once);
 * - group_tables_match_results: each group table counts the confirmed results (points = 3 W + D) and is ordered by
 *   points;
 * - swiss_pairs_fairly: no rematch, no pairing more than one win apart and no second bye, each while avoidable for
 *   the players the round paired;
 * - double_elimination_two_losses: nobody with two losses plays on (a void match puts both out); a finished cup has
 *   exactly one entry with fewer (none when the grand final is void);
 * - places_once: a finished cup's standings give each place once, as its bands say, the champion first;
 * - prizes_as_published: the prizes match the standings' bands and the published amounts, and total the pool when
 *   every paid place is taken;
 * - corrections_respect_closed_stages: a correction of a closed group stage or an earlier Swiss round is refused
 *   (stage_closed).
 */
import fc from 'fast-check';
import { hostileText } from '../hostile-text.ts';
import {
  Capture,
  Chat,
  CheckIn,
  CheckInAll,
  ClaimWalkover,
  CloseCheckIn,
  ConfirmMatch,
  CreateOrder,
  DecideHeldPrize,
  DisputeMatch,
  DueWork,
  JumpTo,
  type MatchRow,
  openMatch,
  playerOfEntry,
  Progress,
  Ready,
  type Real,
  Report,
  StaffCheck,
  StaffDisqualify,
  StaffReplay,
  StaffSettle,
  Step,
  Advance,
} from './commands.ts';
import { Finding } from './invariants.ts';
import type { Model } from './model.ts';
import { asFailure, isRefusal, type Session } from './world.ts';

export const FORMATS = ['knockout', 'groups_knockout', 'swiss', 'double_elimination'] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_INVARIANTS = [
  'one_open_match_per_stage',
  'group_tables_match_results',
  'swiss_pairs_fairly',
  'double_elimination_two_losses',
  'places_once',
  'prizes_as_published',
  'corrections_respect_closed_stages',
] as const;

/** The stages each format declares: the seeded cups' (supabase/seed.sql); a knockout declares none. */
const STAGES: Record<Format, unknown[] | null> = {
  knockout: null,
  groups_knockout: [
    { kind: 'groups', name: 'Groups', group_size: 4, advance: { per_group: 2, best_of_next: 0 } },
    { kind: 'knockout', name: 'Knockout', third_place: true },
  ],
  swiss: [{ kind: 'swiss', name: 'Swiss', rounds: 3 }],
  double_elimination: [{ kind: 'double_elimination', name: 'Double elimination' }],
};

/** ₹150 to enter, ₹600 to win: ₹300 to the winner, ₹150 to the runner-up, ₹150 shared by 3rd and 4th. */
const ENTRY_FEE_PAISE = 15_000;
const POOL_PAISE = 60_000;
const PRIZE_BANDS = [
  { from_place: 1, to_place: 1, amount_paise: 30_000 },
  { from_place: 2, to_place: 2, amount_paise: 15_000 },
  { from_place: 3, to_place: 4, amount_paise: 15_000 },
];

const OPEN = ['scheduled', 'ready', 'reported', 'disputed'];

/**
 * A fresh cup of `format` inside the sequence's transaction: registration open a day ahead, `players` of the world
 * ordering and paying (verified), then the clock at check-in's opening. Answers its id.
 */
export async function freshFormatCup(m: Model, r: Real, format: Format, players: number): Promise<string> {
  const id = `fuzz-${format.replaceAll('_', '-')}`;
  r.formatCup = id;
  const now = await r.s.now();
  await r.s.read(
    `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, winner_prize_paise, max_players,
                                     filled_slots, is_live, starts_at, stages, prize_formula)
     values ($1, $2, 'championship', $2, $3, $4, $5, 8, 0, true, $6, $7, $8)`,
    [
      id,
      `Fuzz ${format}`,
      ENTRY_FEE_PAISE,
      POOL_PAISE,
      PRIZE_BANDS[0]?.amount_paise,
      new Date(now.getTime() + 26 * 3600_000).toISOString(),
      STAGES[format] === null ? null : JSON.stringify(STAGES[format]),
      JSON.stringify(PRIZE_BANDS),
    ],
  );
  for (let p = 0; p < players; p++) {
    await new CreateOrder(p, 'format').act(m, r);
    await new Capture(m.orders.length - 1, true).act(m, r);
  }
  const [opens] = await r.s.read<{ at: Date }>(
    'select private.tournament_check_in_opens_at(t) as at from public.tournaments t where id = $1',
    [id],
  );
  await r.s.setClock(new Date(new Date(opens?.at as Date).getTime() + 60_000));
  return id;
}

// ---------------------------------------------------------------------------------------------------------
// Steps of the formats
// ---------------------------------------------------------------------------------------------------------

/**
 * The next round is played: the clock moves to the first open match's time when it is still ahead, and both players
 * of every match that can be played now press Ready and report the same result. Bit i of `draws` makes match i
 * level (a draw where draws stand, a shoot-out side a won otherwise), bit i of `winners` says whether side a won it.
 */
class PlayFormatRound extends Step {
  constructor(
    readonly winners: number,
    readonly draws: number,
  ) {
    super();
  }
  async act(m: Model, r: Real) {
    const [next] = await r.s.read<{ at: Date | null }>(
      `select min(scheduled_at) as at from public.matches
        where tournament_id = $1 and status in ('scheduled', 'ready') and entry_a is not null and entry_b is not null`,
      [r.formatCup],
    );
    if (next?.at && new Date(next.at) > (await r.s.now())) await r.s.setClock(new Date(new Date(next.at).getTime() + 60_000));
    const matches = await r.s.read<MatchRow>(
      `select id, entry_a, entry_b, status, round, position, winner_entry_id from public.matches
        where tournament_id = $1 and status in ('scheduled', 'ready') and entry_a is not null and entry_b is not null
          and scheduled_at - interval '5 minutes' <= private.clock_now()
        order by round, position`,
      [r.formatCup],
    );
    const results: string[] = [];
    for (const [i, match] of matches.entries()) {
      const level = ((this.draws >> i) & 1) === 1;
      const aWins = ((this.winners >> i) & 1) === 1;
      const [goalsA, goalsB] = level ? [1, 1] : aWins ? [2, 1] : [0, 3];
      for (const side of ['a', 'b'] as const) {
        const who = await playerOfEntry(r, side === 'a' ? match.entry_a : match.entry_b);
        if (!who) continue;
        try {
          await r.s.call(who.actor, 'public.set_ready($1)', [match.id]);
          const mine = side === 'a' ? goalsA : goalsB;
          const theirs = side === 'a' ? goalsB : goalsA;
          results.push((await new Report('format', 0, side, mine, theirs, false).onMatch(m, r, match, who)) ?? '');
        } catch (error) {
          const failure = asFailure(error);
          if (!isRefusal(failure)) throw error;
          results.push(`refused (${failure.hint})`);
        }
      }
    }
    return results.join('; ') || 'no match to play';
  }
  toString() {
    return `play-format-round(winners ${this.winners.toString(2)}, level ${this.draws.toString(2)})`;
  }
}

/**
 * A referee corrects a confirmed result (the other entry won). Where the rules close the stage (a group stage whose
 * knockout is filled, a Swiss round followed by another) the correction must be refused with stage_closed.
 */
class FormatCorrect extends Step {
  constructor(
    readonly match: number,
    readonly toDraw: boolean,
  ) {
    super();
  }
  async act(_m: Model, r: Real) {
    const match = await openMatch(r, 'format', this.match, ['confirmed']);
    if (!match) return 'no confirmed match';
    const [rule] = await r.s.read<{ closed: boolean; settled: boolean; draws: boolean }>(
      `select private.draws_allowed(m) as draws, (m.group_name is not null and s.closed_at is not null)
              or (s.kind = 'swiss' and exists (select 1 from public.matches l where l.tournament_id = m.tournament_id
                                                 and l.stage_no = m.stage_no and l.round > m.round)) as closed,
              t.settled_at is not null as settled
         from public.matches m join public.tournaments t on t.id = m.tournament_id
         left join public.tournament_stages s on s.tournament_id = m.tournament_id and s.stage_no = m.stage_no
        where m.id = $1`,
      [match.id],
    );
    // The other entry won 1-0, or (where draws stand) it was a 1-1 draw.
    const draw = this.toDraw && rule?.draws;
    const other = draw ? null : match.winner_entry_id === match.entry_a ? match.entry_b : match.entry_a;
    const score = draw ? [1, 1] : other === match.entry_a ? [1, 0] : [0, 1];
    try {
      const answer = await r.s.call<{ applied: boolean }>(
        r.world.admin.actor,
        `public.staff_correct_result($1, $2, $3, 'The referee saw the replay', true)`,
        [match.id, other, score],
      );
      if (rule?.closed && !r.skip.has('corrections_respect_closed_stages')) {
        throw new Finding(
          'corrections_respect_closed_stages',
          `round ${match.round} match ${match.position} was corrected after its stage closed`,
          r.trace,
        );
      }
      return answer.applied ? 'applied' : 'preview';
    } catch (error) {
      if (error instanceof Finding) throw error;
      const failure = asFailure(error);
      if (
        rule?.closed &&
        !rule.settled &&
        isRefusal(failure) &&
        failure.hint !== 'stage_closed' &&
        !r.skip.has('corrections_respect_closed_stages')
      ) {
        throw new Finding(
          'corrections_respect_closed_stages',
          `a correction of a closed stage was refused with ${failure.hint}, not stage_closed`,
          r.trace,
        );
      }
      throw error;
    }
  }
  toString() {
    return `format-correct(confirmed match#${this.match}${this.toDraw ? ', to a draw' : ''})`;
  }
}

const player = fc.nat({ max: 7 });
const small = fc.nat({ max: 11 });
const side = fc.constantFrom<'a' | 'b'>('a', 'b');
const goals = fc.nat({ max: 3 });

/** The steps of a format sequence, weighted so that most cups are played to their prizes. */
export const formatStepArbitraries: Array<fc.Arbitrary<fc.AsyncCommand<Model, Real>>> = [
  player.map((p) => new CheckIn(p, 'format')),
  fc.constant(new CheckInAll('format')),
  fc.tuple(player, fc.boolean()).map(([p, b]) => new StaffCheck(p, 'format', b)),
  fc.constant(new CloseCheckIn('format')),
  fc.constantFrom(1, 6, 11, 16, 31, 61, 24 * 60 + 1).map((min) => new Advance(min)),
  fc
    .tuple(fc.constantFrom('cup-check-in-closes', 'next-match', 'next-match', 'challenge-window-ends'), fc.constantFrom(-4, 1, 11, 16, 46))
    .map(([ms, off]) => new JumpTo(ms as 'next-match', off)),
  fc.constant(new DueWork()),
  fc.tuple(small, side).map(([n, s]) => new Ready('format', n, s)),
  fc.tuple(small, side, goals, goals, fc.boolean()).map(([n, s, a, b, agree]) => new Report('format', n, s, a, b, agree)),
  fc.tuple(small, side, goals).map(([n, s, g]) => new Report('format', n, s, g, g, false)),
  fc.tuple(small, side).map(([n, s]) => new ConfirmMatch('format', n, s)),
  fc.tuple(small, side, hostileText).map(([n, s, text]) => new DisputeMatch('format', n, s, text)),
  fc.tuple(small, side, hostileText).map(([n, s, text]) => new Chat('format', n, s, text)),
  fc.tuple(small, side).map(([n, s]) => new ClaimWalkover('format', n, s)),
  fc.tuple(small, side, hostileText).map(([n, s, text]) => new StaffSettle('format', n, s, text)),
  fc.tuple(small, side, hostileText).map(([n, s, text]) => new StaffReplay('format', n, s, text)),
  fc.tuple(small, side, hostileText).map(([n, s, text]) => new StaffDisqualify('format', n, s, text)),
  fc.tuple(small, fc.boolean()).map(([n, d]) => new FormatCorrect(n, d)),
  fc.tuple(small, fc.boolean()).map(([n, d]) => new FormatCorrect(n, d)),
  fc.tuple(small, fc.boolean()).map(([n, pay]) => new DecideHeldPrize(n, pay)),
  ...Array.from({ length: 10 }, () =>
    fc.tuple(fc.nat({ max: 255 }), fc.nat({ max: 255 })).map(([w, d]) => new PlayFormatRound(w, d & (d >> 2))),
  ),
  ...Array.from({ length: 6 }, () => fc.nat({ max: 11 }).map((c) => new Progress('format', c))),
];

// ---------------------------------------------------------------------------------------------------------
// The fairness invariants
// ---------------------------------------------------------------------------------------------------------

type Match = {
  id: string;
  stage_no: number;
  kind: string | null;
  round: number;
  position: number;
  group_name: string | null;
  bracket: string | null;
  entry_a: string | null;
  entry_b: string | null;
  status: string;
  winner_entry_id: string | null;
  score_a: number | null;
  score_b: number | null;
};
type TableRow = {
  entry_id: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  points: number;
  rank: number;
};
type Band = { place: string; from: number; to: number; entries: Array<{ entry_id: string }> };
type Award = { entry_id: string; place_label: string; status: string; amount_paise: string; entry_status: string };

/** What the fairness checks remember between steps of one sequence: the Swiss rounds already judged. */
export class FormatMemory {
  swissRoundsChecked = new Set<string>();
  creditedWhileActive = new Set<string>();
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Points of each entry in a Swiss stage from its matches before `round` (3 a win or a bye, 1 a draw), who met whom, who had a bye. */
function swissPoints(matches: Match[], round: number) {
  const points = new Map<string, number>();
  const met = new Set<string>();
  const byes = new Set<string>();
  const add = (e: string, n: number) => points.set(e, (points.get(e) ?? 0) + n);
  for (const x of matches) {
    if (x.round >= round) continue;
    for (const e of [x.entry_a, x.entry_b]) if (e) add(e, 0);
    if (x.status === 'bye' && x.entry_a) {
      byes.add(x.entry_a);
      add(x.entry_a, 3);
    }
    // Only a played result is a meeting: a void match (neither ready) counts as not played, as the table says.
    if (x.status !== 'confirmed' || !x.entry_a || !x.entry_b) continue;
    met.add(pairKey(x.entry_a, x.entry_b));
    if (x.winner_entry_id) add(x.winner_entry_id, 3);
    else {
      add(x.entry_a, 1);
      add(x.entry_b, 1);
    }
  }
  return { points, met, byes };
}

/**
 * Whether the players can be paired (one bye, to someone who has had none, when they are odd) with no rematch and,
 * when `gap` is given, no pair more than `gap` points apart. A search over at most eight players.
 */
function pairable(players: string[], ok: (a: string, b: string) => boolean, byeOk: (a: string) => boolean): boolean {
  if (players.length === 0) return true;
  if (players.length % 2 === 1) {
    return players.some(
      (p) =>
        byeOk(p) &&
        pairable(
          players.filter((q) => q !== p),
          ok,
          () => false,
        ),
    );
  }
  const [first, ...rest] = players as [string, ...string[]];
  return rest.some(
    (other) =>
      ok(first, other) &&
      pairable(
        rest.filter((q) => q !== other),
        ok,
        byeOk,
      ),
  );
}

export async function checkFormatInvariants(r: Real, memory: FormatMemory): Promise<void> {
  const cup = r.formatCup;
  if (!cup) return;
  const fail = (invariant: string, detail: string) => {
    if (r.skip.has(invariant)) return;
    throw new Finding(invariant, `${cup}: ${detail}`, r.trace);
  };
  const s: Session = r.s;
  const [tournament] = await s.read<{ finished: boolean; settled: boolean; bracket: { stages?: unknown[] }; standings: Band[] }>(
    `select t.finished_at is not null as finished, t.settled_at is not null as settled,
            case when exists (select 1 from public.tournament_stages s where s.tournament_id = t.id and s.kind = 'groups')
                 then public.get_bracket(t.id) else '{}'::jsonb end as bracket,
            case when t.finished_at is not null then public.get_standings(t.id) end as standings
       from public.tournaments t where t.id = $1`,
    [cup],
  );
  if (!tournament) return;
  const matches = await s.read<Match>(
    `select m.id, m.stage_no, s.kind, m.round, m.position, m.group_name, m.bracket, m.entry_a, m.entry_b, m.status, m.winner_entry_id,
            m.score_a, m.score_b
       from public.matches m left join public.tournament_stages s on s.tournament_id = m.tournament_id and s.stage_no = m.stage_no
      where m.tournament_id = $1 order by m.stage_no, m.round, m.position`,
    [cup],
  );
  const entries = new Map(
    (await s.read<{ id: string; status: string }>('select id, status from public.entries where tournament_id = $1', [cup])).map((e) => [
      e.id,
      e.status,
    ]),
  );

  // No entry in two open matches of one stage (of one round, in groups).
  const open = new Map<string, string>();
  for (const x of matches.filter((x) => OPEN.includes(x.status))) {
    for (const e of [x.entry_a, x.entry_b]) {
      if (!e) continue;
      const key = `${x.stage_no}/${x.kind === 'groups' ? x.round : ''}/${e}`;
      const other = open.get(key);
      if (other) fail('one_open_match_per_stage', `an entry plays two open matches of stage ${x.stage_no}: ${other} and ${x.id}`);
      open.set(key, x.id);
    }
  }

  // Group tables: what the confirmed results say, ordered by points.
  for (const stage of (tournament.bracket.stages ?? []) as Array<{ kind: string; groups?: Array<{ name: string; table: TableRow[] }> }>) {
    if (stage.kind !== 'groups') continue;
    for (const group of stage.groups ?? []) {
      const played = matches.filter((x) => x.kind === 'groups' && x.group_name === group.name && x.status === 'confirmed');
      for (const row of group.table) {
        const mine = played.filter((x) => x.entry_a === row.entry_id || x.entry_b === row.entry_id);
        const won = mine.filter((x) => x.winner_entry_id === row.entry_id).length;
        const drawn = mine.filter((x) => x.winner_entry_id === null).length;
        const goalsFor = mine.reduce((n, x) => n + Number((x.entry_a === row.entry_id ? x.score_a : x.score_b) ?? 0), 0);
        const goalsAgainst = mine.reduce((n, x) => n + Number((x.entry_a === row.entry_id ? x.score_b : x.score_a) ?? 0), 0);
        const expected = { played: mine.length, won, drawn, lost: mine.length - won - drawn, points: 3 * won + drawn };
        const shown = { played: row.played, won: row.won, drawn: row.drawn, lost: row.lost, points: row.points };
        if (JSON.stringify(expected) !== JSON.stringify(shown) || goalsFor !== row.goals_for || goalsAgainst !== row.goals_against) {
          fail(
            'group_tables_match_results',
            `group ${group.name} shows ${JSON.stringify({ ...shown, gf: row.goals_for, ga: row.goals_against })} for an entry whose confirmed results are ${JSON.stringify({ ...expected, gf: goalsFor, ga: goalsAgainst })}`,
          );
        }
      }
      const ranked = [...group.table].sort((a, b) => a.rank - b.rank);
      for (let i = 1; i < ranked.length; i++) {
        if ((ranked[i]?.points ?? 0) > (ranked[i - 1]?.points ?? 0)) {
          fail('group_tables_match_results', `group ${group.name} ranks ${ranked[i - 1]?.points} points above ${ranked[i]?.points}`);
        }
      }
      if (new Set(group.table.map((row) => row.entry_id)).size !== group.table.length) {
        fail('group_tables_match_results', `group ${group.name} lists an entry twice`);
      }
    }
  }

  // Swiss: each round judged once, when it appears, against the results it was paired from.
  const swiss = matches.filter((x) => x.kind === 'swiss');
  for (const round of new Set(swiss.map((x) => x.round))) {
    const key = `${cup}/${round}`;
    if (round === Math.min(...swiss.map((x) => x.round)) || memory.swissRoundsChecked.has(key)) continue;
    memory.swissRoundsChecked.add(key);
    const { points, met, byes } = swissPoints(swiss, round);
    const paired = swiss.filter((x) => x.round === round);
    const players = paired.flatMap((x) => [x.entry_a, x.entry_b]).filter((e): e is string => e !== null);
    const gapOf = (a: string, b: string) => Math.abs((points.get(a) ?? 0) - (points.get(b) ?? 0));
    const rematches = paired.filter((x) => x.entry_a && x.entry_b && met.has(pairKey(x.entry_a, x.entry_b)));
    const noRematch = (a: string, b: string) => !met.has(pairKey(a, b));
    const freshBye = (a: string) => !byes.has(a);
    if (rematches.length > 0 && pairable(players, noRematch, freshBye)) {
      fail('swiss_pairs_fairly', `round ${round} pairs a rematch that a pairing of the same players avoids`);
    }
    const wide = paired.filter((x) => x.entry_a && x.entry_b && gapOf(x.entry_a, x.entry_b) > 3);
    if (wide.length > 0 && pairable(players, (a, b) => noRematch(a, b) && gapOf(a, b) <= 3, freshBye)) {
      fail(
        'swiss_pairs_fairly',
        `round ${round} pairs players ${gapOf(wide[0]?.entry_a as string, wide[0]?.entry_b as string)} points apart; a pairing within a win exists`,
      );
    }
    const bye = paired.find((x) => x.status === 'bye' || (x.entry_b === null && x.entry_a));
    if (bye?.entry_a && byes.has(bye.entry_a) && pairable(players, noRematch, freshBye)) {
      fail('swiss_pairs_fairly', `round ${round} gives a second bye to one player`);
    }
  }

  // Double elimination: two losses and out; one entry left with fewer at the end.
  const double = matches.filter((x) => x.kind === 'double_elimination');
  if (double.length > 0) {
    const losses = new Map<string, number>();
    // A void match (neither player ready) puts both out, as if each had lost twice.
    for (const x of double) {
      if (x.status === 'void') for (const e of [x.entry_a, x.entry_b]) if (e) losses.set(e, (losses.get(e) ?? 0) + 2);
      if (x.status !== 'confirmed' || !x.entry_a || !x.entry_b || !x.winner_entry_id) continue;
      const loser = x.winner_entry_id === x.entry_a ? x.entry_b : x.entry_a;
      losses.set(loser, (losses.get(loser) ?? 0) + 1);
    }
    for (const x of double.filter((x) => OPEN.includes(x.status))) {
      for (const e of [x.entry_a, x.entry_b]) {
        if (e && (losses.get(e) ?? 0) >= 2) {
          fail('double_elimination_two_losses', `an entry with two losses plays on (${x.bracket} round ${x.round} match ${x.position})`);
        }
      }
    }
    if (tournament.finished) {
      const alive = [...new Set(double.flatMap((x) => [x.entry_a, x.entry_b]))].filter(
        (e): e is string => e !== null && (losses.get(e) ?? 0) < 2 && entries.get(e) === 'active',
      );
      const grandFinal = double.filter((x) => x.bracket === 'grand_final').sort((a, b) => b.round - a.round)[0];
      if (alive.length !== (grandFinal?.status === 'void' ? 0 : 1)) {
        fail(
          'double_elimination_two_losses',
          `the finished cup has ${alive.length} entries with fewer than two losses (${double.map((x) => `${x.bracket} ${x.round}.${x.position} ${x.status} ${x.entry_a?.slice(0, 4)}${entries.get(x.entry_a ?? '') === 'active' ? '' : '(out)'}-${x.entry_b?.slice(0, 4)}${entries.get(x.entry_b ?? '') === 'active' ? '' : '(out)'} won ${x.winner_entry_id?.slice(0, 4)}`).join(', ')})`,
        );
      }
      const first = tournament.standings?.find((b) => b.from === 1);
      if (alive.length === 1 && first?.entries[0]?.entry_id !== alive[0]) {
        fail('places_once', 'the standings name a 1st who is not the one entry left with fewer than two losses');
      }
    }
  }

  // A finished cup's places: each once, as the bands say, the champion first, and every active entry that played
  // placed. A match neither player showed up for (void) puts both out in its round: they share its band (one more
  // entry than places), a void final leaves nobody 1st, and the places its winner would have reached further up are
  // nobody's (the final's loser where a void semi-final sent nobody on, a round whose two matches were both void,
  // ...). So a place is left empty, or a band holds more entries than places, only where a match was void; and a
  // player is never simply missing.
  if (tournament.finished && tournament.standings) {
    const bands = tournament.standings.map((b) => `${b.place}: ${b.entries.map((e) => e.entry_id.slice(0, 8)).join(' ')}`).join('; ');
    const placeFail = (detail: string) =>
      fail(
        'places_once',
        `${detail} (standings ${bands}; matches ${matches.map((x) => `${x.round}.${x.position} ${x.status} ${x.entry_a?.slice(0, 8)}-${x.entry_b?.slice(0, 8)} won ${x.winner_entry_id?.slice(0, 8)}`).join(', ')})`,
      );
    const anyVoid = matches.some((x) => x.status === 'void');
    const voided = new Set(matches.filter((x) => x.status === 'void').flatMap((x) => [x.entry_a, x.entry_b]));
    const seen = new Set<string>();
    let next = 1;
    for (const band of tournament.standings) {
      if (band.from < next || band.to < band.from) placeFail(`a band runs ${band.from}–${band.to} after place ${next - 1}`);
      if (band.from > next && !anyVoid) placeFail(`places ${next}–${band.from - 1} are nobody's, though no match was void`);
      if (band.entries.length === 0) placeFail(`the band ${band.place} is empty`);
      if (band.entries.length > band.to - band.from + 1 && !band.entries.some((e) => voided.has(e.entry_id))) {
        placeFail(`the band ${band.place} (${band.from}–${band.to}) holds ${band.entries.length} entries, none of a void match`);
      }
      for (const e of band.entries) {
        if (seen.has(e.entry_id)) placeFail(`an entry is placed twice (again ${band.place})`);
        seen.add(e.entry_id);
      }
      next = band.to + 1;
    }
    const played = new Set(matches.flatMap((x) => [x.entry_a, x.entry_b]).filter((e): e is string => e !== null));
    const missing = [...played].filter((e) => entries.get(e) === 'active' && !seen.has(e));
    if (missing.length > 0)
      placeFail(`${missing.length} active entries that played are in no band (${missing.map((e) => e.slice(0, 8)).join(' ')})`);
    const first = tournament.standings[0];
    const lastStage = Math.max(...matches.map((x) => x.stage_no));
    const knockout = matches.filter(
      (x) => x.stage_no === lastStage && (x.kind === null || x.kind === 'knockout') && x.bracket !== 'third_place',
    );
    const final = knockout.sort((a, b) => b.round - a.round)[0];
    const grandFinal = matches.filter((x) => x.bracket === 'grand_final').sort((a, b) => b.round - a.round)[0];
    const noWinner = final?.status === 'void' || grandFinal?.status === 'void';
    if (!noWinner && (first?.from !== 1 || first.to !== 1 || first.entries.length !== 1)) placeFail('the cup has no single 1st');
    const champion = first?.from === 1 ? first.entries[0]?.entry_id : undefined;
    if (final?.status === 'confirmed' && final.winner_entry_id && champion !== final.winner_entry_id) {
      placeFail('the standings name a 1st who did not win the final');
    }
    if (swiss.length > 0 && champion) {
      const { points } = swissPoints(swiss, Number.POSITIVE_INFINITY);
      const best = Math.max(...[...points.entries()].filter(([e]) => entries.get(e) === 'active').map(([, p]) => p));
      if ((points.get(champion) ?? 0) < best) placeFail(`the Swiss 1st has ${points.get(champion)} points, another active entry ${best}`);
    }
  }

  // Prizes: the published amounts of the bands the standings give, whole, to the entries in them.
  if (tournament.settled && tournament.standings) {
    const awards = await s.read<Award>(
      `select a.entry_id, a.place_label, a.status, a.amount_paise, e.status as entry_status
         from private.prize_awards a join public.entries e on e.id = a.entry_id where a.tournament_id = $1`,
      [cup],
    );
    const amounts = await s.read<{ place: number; amount_paise: string }>(
      'select a.place, a.amount_paise from public.tournaments t cross join lateral private.place_amounts(t) a where t.id = $1',
      [cup],
    );
    const pays = (from: number, to: number) =>
      amounts.filter((a) => a.place >= from && a.place <= to).reduce((n, a) => n + Number(a.amount_paise), 0);
    if (pays(1, 1000) !== POOL_PAISE) fail('prizes_as_published', `the places pay ${pays(1, 1000)} paise of a pool of ${POOL_PAISE}`);
    let total = 0;
    for (const band of tournament.standings) {
      const owed = pays(band.from, band.to);
      const mine = awards.filter((a) => band.entries.some((e) => e.entry_id === a.entry_id));
      const paid = mine.reduce((n, a) => n + Number(a.amount_paise), 0);
      if (mine.some((a) => a.place_label !== band.place))
        fail('prizes_as_published', `a prize of the band ${band.place} is labelled otherwise`);
      if (paid !== owed) fail('prizes_as_published', `the band ${band.place} was awarded ${paid} paise; its places pay ${owed}`);
      const shares = mine.map((a) => Number(a.amount_paise));
      if (shares.length > 0 && Math.max(...shares) - Math.min(...shares) > 1) {
        fail('prizes_as_published', `the band ${band.place} is shared unevenly: ${shares.join(', ')}`);
      }
      total += paid;
    }
    if (awards.some((a) => !tournament.standings.some((b) => b.entries.some((e) => e.entry_id === a.entry_id)))) {
      fail('prizes_as_published', 'a prize went to an entry the standings do not place');
    }
    // Every paid place inside a band somebody finished in: the whole pool is paid out.
    const paidPlaces = Math.max(...PRIZE_BANDS.map((b) => b.to_place));
    const covered = (place: number) => tournament.standings?.some((b) => b.from <= place && place <= b.to && b.entries.length > 0);
    if (Array.from({ length: paidPlaces }, (_, i) => i + 1).every(covered) && total !== POOL_PAISE) {
      fail('prizes_as_published', `every paid place is taken but the prizes total ${total} paise of ${POOL_PAISE}`);
    }
    for (const a of awards.filter((x) => x.status === 'credited')) {
      if (a.entry_status === 'active') memory.creditedWhileActive.add(a.entry_id);
      else if (!memory.creditedWhileActive.has(a.entry_id))
        fail('prizes_as_published', `a prize was credited to an entry that is ${a.entry_status}`);
    }
  }
}
