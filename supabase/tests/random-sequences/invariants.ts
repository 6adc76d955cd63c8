/**
 * What must hold after every step, whatever came before: the ledger balances, every rupee Razorpay
 * received is held, refunded or accounted for, no balance is negative, prizes stay within the pool and
 * go to the places played, a payout ends in one final state that the balance agrees with, a revealed
 * draw secret hashes to the commitment published first, and statuses move only along their machines.
 */
import { createHash } from 'node:crypto';
import type { Real } from './commands.ts';
import type { Model } from './model.ts';
import type { Session } from './world.ts';

/** An invariant that does not hold: its name, what broke, and the steps that led there. */
export class Finding extends Error {
  constructor(
    readonly invariant: string,
    detail: string,
    trace: string[] = [],
  ) {
    super(`[${invariant}] ${detail}${trace.length ? `\n  after:\n    ${trace.join('\n    ')}` : ''}`);
    this.name = 'Finding';
  }
}

export const INVARIANTS = [
  'never_a_500',
  'ledger_balances',
  'no_negative_balance',
  'money_accounted',
  'chargeback_accounted',
  'capacity_holds',
  'prizes_within_pool',
  'prizes_to_places_played',
  'prizes_to_entries_still_in',
  'payout_final_state',
  'payout_reversal_kept',
  'tax_on_net_winnings',
  'tax_within_credited',
  'draw_secret_matches_commitment',
  'deadlines_hold',
  'refunds_owed_are_made',
  'declared_transitions',
  'due_work_succeeds',
  'erasure_leaves_others_alone',
] as const;

// ---------------------------------------------------------------------------------------------------------
// Statuses and the machines they move along
// ---------------------------------------------------------------------------------------------------------

const PAYOUT_LIVE = ['approved', 'queued', 'pending', 'scheduled', 'processing'];
const PAYOUT_RETURNED = ['reversed', 'cancelled', 'rejected', 'failed'];
const rank = (status: string) => ['approved', 'queued', 'pending', 'scheduled', 'processing', 'processed'].indexOf(status);

/**
 * The moves the code declares today, read from its functions (until the database declares its machines in
 * private.status_transitions). `from` → allowed `to`s, per table.
 */
const DECLARED: Record<string, Record<string, string[]>> = {
  payments: {
    created: ['failed', 'abandoned', 'paid', 'refund_pending'],
    failed: ['abandoned', 'paid', 'refund_pending'],
    abandoned: ['refund_pending'],
    // A cancelled tournament refunds its paid entries.
    paid: ['refund_pending', 'refunded'],
    refund_pending: ['refunded'],
  },
  tournament_registrations: {
    upcoming: ['ongoing', 'completed', 'cancelled'],
    ongoing: ['completed', 'cancelled'],
    completed: ['cancelled'],
  },
  entries: { active: ['withdrawn', 'cancelled'], withdrawn: ['cancelled'] },
  matches: {
    // A match whose other side was void or a no-show goes to the one entry left.
    pending: ['scheduled', 'bye', 'void', 'confirmed'],
    scheduled: ['ready', 'reported', 'disputed', 'confirmed', 'void', 'pending'],
    ready: ['reported', 'disputed', 'confirmed', 'void', 'scheduled', 'pending'],
    reported: ['disputed', 'confirmed', 'scheduled', 'pending'],
    disputed: ['confirmed', 'scheduled', 'pending', 'void'],
    // A correction resets the later matches of the changed path.
    confirmed: ['pending', 'scheduled'],
    void: ['pending', 'scheduled'],
    bye: ['pending', 'scheduled'],
  },
  match_disputes: { open: ['result_set', 'replay', 'disqualified'] },
  // What a payment counts as refunded only grows.
  refunds: { none: ['partial', 'full'], partial: ['full'] },
  payouts: {
    awaiting_approval: ['approved', 'rejected', 'queued'],
    ...Object.fromEntries(
      PAYOUT_LIVE.map((from) => [
        from,
        [...PAYOUT_LIVE.filter((to) => rank(to) > rank(from)), 'processed', 'cancelled', 'rejected', 'failed'],
      ]),
    ),
    processed: ['reversed'],
  },
  // A verified player's new UPI id that the bank refuses rejects the record.
  kyc_records: { pending: ['verified', 'rejected'], rejected: ['pending'], verified: ['pending', 'rejected'] },
  prize_awards: { held: ['credited', 'forfeited'] },
  waitlist_places: { waiting: ['promoted', 'refunded', 'released'] },
  // A refund call a lost chargeback made impossible is cancelled, waiting or given up.
  outbox: { pending: ['done', 'gave_up', 'cancelled'], gave_up: ['cancelled'] },
  'tournaments.drawn_at': { unset: ['set'] },
  'tournaments.finished_at': { unset: ['set'], set: ['unset'] },
  'tournaments.settled_at': { unset: ['set'] },
  'tournaments.cancelled_at': { unset: ['set'] },
};

/** The machine names the database may use for a table in private.status_transitions. */
const MACHINE_OF: Record<string, string[]> = {
  payments: ['payment', 'payments'],
  tournament_registrations: ['registration', 'tournament_registrations'],
  entries: ['entry', 'entries'],
  matches: ['match', 'matches'],
  match_disputes: ['dispute', 'match_disputes'],
  payouts: ['payout', 'payouts'],
  kyc_records: ['kyc', 'kyc_records'],
  prize_awards: ['prize_award', 'prize', 'prize_awards'],
  refunds: ['refund', 'refunds'],
  waitlist_places: ['waitlist_place', 'waitlist_places'],
};

type Transitions = Map<string, Set<string>>;
let declaredInDatabase: Transitions | null | undefined;

/**
 * The database's own machines when it declares them: private.status_transitions, whatever its exact column
 * names (a machine or table column, a from and a to column). Null when it has none.
 */
async function databaseTransitions(s: Session): Promise<Transitions | null> {
  if (declaredInDatabase === undefined) declaredInDatabase = await readDatabaseTransitions(s);
  return declaredInDatabase;
}

async function readDatabaseTransitions(s: Session): Promise<Transitions | null> {
  const [exists] = await s.read<{ t: string | null }>(`select to_regclass('private.status_transitions')::text as t`);
  if (!exists?.t) return null;
  const rows = await s.read<Record<string, unknown>>('select * from private.status_transitions');
  const columns = Object.keys(rows[0] ?? {});
  const find = (...names: string[]) => columns.find((c) => names.includes(c));
  const machine = find('machine', 'table_name', 'kind', 'entity', 'tbl', 'relation');
  const from = find('from_status', 'from_state', 'from', 'old_status');
  const to = find('to_status', 'to_state', 'to', 'new_status');
  if (!machine || !from || !to) return null;
  const map: Transitions = new Map();
  for (const row of rows) {
    const key = String(row[machine]);
    if (!map.has(key)) map.set(key, new Set());
    map.get(key)?.add(`${String(row[from])}>${String(row[to])}`);
  }
  return map;
}

async function checkTransitions(m: Model, r: Real, step: string, before: Map<string, string>, after: Map<string, string>) {
  const database = await databaseTransitions(r.s);
  for (const [key, to] of after) {
    const from = before.get(key);
    if (from === undefined || from === to) continue;
    const table = key.slice(0, key.indexOf(':'));
    const move = `${table}:${from}>${to}`;
    if (!m.moves.has(move)) m.moves.set(move, step);
    const machines = MACHINE_OF[table] ?? [];
    const inDatabase = database && machines.find((name) => database.has(name));
    const allowed = inDatabase
      ? (database.get(inDatabase)?.has(`${from}>${to}`) ?? false)
      : (DECLARED[table]?.[from]?.includes(to) ?? false);
    if (!allowed && r.survey && !r.skip.has('declared_transitions')) {
      const known = r.survey.get(`declared_transitions ${move}`);
      if (!known || known.trace.length > r.trace.length) r.survey.set(`declared_transitions ${move}`, { detail: key, trace: [...r.trace] });
    } else if (!allowed && !r.skip.has('declared_transitions')) {
      throw new Finding('declared_transitions', `${key} moved ${from} -> ${to}, a move its machine does not declare`, r.trace);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Places played
// ---------------------------------------------------------------------------------------------------------

type PlayedMatch = { round: number; entry_a: string | null; entry_b: string | null; winner_entry_id: string | null; status: string };

/** The band of places (first, last) each entry finished in by the matches as they stand. */
function placesPlayed(matches: PlayedMatch[]): Map<string, [number, number]> {
  const rounds = Math.max(0, ...matches.map((x) => x.round));
  const places = new Map<string, [number, number]>();
  for (const match of matches) {
    const band: [number, number] = [2 ** (rounds - match.round) + 1, 2 ** (rounds - match.round + 1)];
    const entries = [match.entry_a, match.entry_b].filter((e): e is string => e !== null);
    if (match.status === 'void') for (const e of entries) places.set(e, band);
    if (match.status === 'confirmed' && match.winner_entry_id) {
      for (const e of entries) if (e !== match.winner_entry_id) places.set(e, band);
      if (match.round === rounds) places.set(match.winner_entry_id, [1, 1]);
    }
  }
  return places;
}

// ---------------------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------------------

const num = (v: unknown) => Number(v ?? 0);

const STATUSES_SQL = `select 'payments:' || id as k, status as v from public.payments
     union all select 'tournament_registrations:' || id, status from public.tournament_registrations
     union all select 'entries:' || id, status from public.entries
     union all select 'matches:' || id, status from public.matches
     union all select 'match_disputes:' || id, case when settled_at is null then 'open' else coalesce(outcome, 'settled') end
                 from public.match_disputes
     union all select 'refunds:' || id, case when refunded_paise = 0 then 'none' when refunded_paise < amount_paise then 'partial' else 'full' end
                 from public.payments
     union all select 'payouts:' || id, status from public.payouts
     union all select 'kyc_records:' || user_id, status from public.kyc_records
     union all select 'prize_awards:' || tournament_id || '/' || entry_id, status from private.prize_awards
     union all select 'waitlist_places:' || id, status from public.waitlist_places
     union all select 'outbox:' || id, status from private.outbox
     union all select 'tournaments.' || m.col || ':' || t.id, case when m.at is null then 'unset' else 'set' end
                 from public.tournaments t
                 cross join lateral (values ('drawn_at', t.drawn_at), ('finished_at', t.finished_at),
                                            ('settled_at', t.settled_at), ('cancelled_at', t.cancelled_at)) as m (col, at)`;

/** Every stateful row's status now (tournament milestones as set/unset), keyed `table:id`. */
export async function readStatuses(s: Session): Promise<Map<string, string>> {
  const rows = await s.read<{ k: string; v: string }>(STATUSES_SQL);
  return new Map(rows.map((r) => [r.k, r.v]));
}

/** Everything the invariants read, in one round trip. */
const READS = [
  // 0: journals that do not balance
  `select j.id, j.kind, j.reference, coalesce(sum(l.amount_paise), 0) as total, count(l.id) as lines
     from private.ledger_journal j left join private.ledger_lines l on l.journal_id = j.id
    group by j.id having coalesce(sum(l.amount_paise), 0) <> 0 or count(l.id) < 2`,
  // 1: negative balances
  `select account, sum(amount_paise) as balance from private.ledger_lines where account like 'player:%'
    group by account having sum(amount_paise) < 0`,
  // 2: payments and what the ledger holds of each
  `select p.id, p.razorpay_payment_id, p.status, p.amount_paise, p.refunded_paise,
          -coalesce((select sum(l.amount_paise) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                      where l.account = 'razorpay:clearing' and (j.reference = 'payment:' || p.id or j.reference like 'payment:' || p.id || ':%'
                            or j.reference in (select 'chargeback:' || c.razorpay_dispute_id from private.chargebacks c
                                                where c.payment_id = p.id))), 0) as held
     from public.payments p`,
  // 3: refund calls
  `select idempotency_key as key from private.outbox where kind = 'razorpay_refund'`,
  // 4: capacity
  `select t.id, t.filled_slots, t.max_players, t.drawn_at is not null or t.cancelled_at is not null as drawn,
          (select coalesce(sum(r.slots), 0) from public.tournament_registrations r where r.tournament_id = t.id and r.status <> 'cancelled') as registered,
          (select count(*) from public.entries e where e.tournament_id = t.id and e.status = 'active') as playing,
          (select count(*) from public.waitlist_places w where w.tournament_id = t.id and w.status = 'waiting') as waiting
     from public.tournaments t`,
  // 5: prizes credited per tournament
  `select t.id as tournament_id, t.prize_pool_paise as pool,
          coalesce((select sum(l.amount_paise) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                     where j.kind = 'prize' and j.reference like 'prize:' || t.id || ':%' and l.account like 'player:%'), 0) as credited
     from public.tournaments t`,
  // 6: credited awards, in tournaments of one knockout (no declared stages): their places are the round each entry went
  // out in. The places of other formats come from their tables (random-sequences/formats.ts checks those).
  `select a.tournament_id, a.entry_id, a.player_id, a.place_label, a.status, a.amount_paise, e.status as entry_status, e.player_id as entry_player
     from private.prize_awards a join public.entries e on e.id = a.entry_id join public.tournaments t on t.id = a.tournament_id
    where a.status = 'credited' and t.stages is null`,
  // 7: the matches of tournaments with credited awards
  `select tournament_id, round, entry_a, entry_b, winner_entry_id, status from public.matches
    where tournament_id in (select tournament_id from private.prize_awards where status = 'credited')`,
  // 8: payouts and their journals
  `select p.id, p.status, p.gross_paise, p.net_paise,
          coalesce((select sum(l.amount_paise) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                     where j.reference = 'payout:' || p.id and l.account like 'player:%'), 0) as player_effect,
          coalesce((select sum(l.amount_paise) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
                     where j.reference = 'payout:' || p.id and j.kind = 'payout_sent' and l.account = 'bank:payouts'), 0) as sent
     from public.payouts p`,
  // 9: draws
  `select t.id, t.draw_commitment as published, d.secret from public.tournaments t left join public.draws d on d.tournament_id = t.id`,
  // 10: statuses
  STATUSES_SQL,
  // 11: disputes a player opened after their window closed (a lone report stands after 10 minutes, a walkover claim after 5)
  `select d.id, m.round, m.position, d.opened_at,
          (select min(r.reported_at) from private.match_reports r
            where r.match_id = d.match_id and r.entry_id <> d.opened_by_entry_id and r.reported_at <= d.opened_at
              and (r.superseded_at is null or r.superseded_at > d.opened_at)) as lone_report_at,
          case when m.walkover_entry_id is not null and m.walkover_entry_id <> d.opened_by_entry_id then m.walkover_claimed_at end as walkover_at
     from public.match_disputes d join public.matches m on m.id = d.match_id
    where d.opened_by_entry_id is not null
      and not exists (select 1 from private.match_reports own where own.match_id = d.match_id and own.entry_id = d.opened_by_entry_id
                         and own.reported_at <= d.opened_at)`,
  // 12: what each place pays, in tournaments with credited awards
  `select t.id as tournament_id, a.place, a.amount_paise from public.tournaments t cross join lateral private.place_amounts(t) a
    where t.id in (select tournament_id from private.prize_awards where status = 'credited')`,
  // 13: each withdrawal's tax with the rule's parts of its financial year, read from the ledger and the
  // withholdings themselves (not from the tax functions): A the year's counted withdrawals up to it, B the entry
  // fees paid in the year up to it (less refunds), C the balance on 1 April less last year's year-end tax, D what
  // earlier withdrawals that year counted. Reversed withholdings (payouts that came back) count for nothing.
  `with w as (select w.*, make_timestamp(w.financial_year, 4, 1, 0, 0, 0) at time zone 'Asia/Kolkata' as year_start
                from private.tax_withholdings w where w.kind = 'withdrawal' and w.reversed_at is null)
   select w.id, w.gross_paise, w.tax_paise, w.net_winnings_paise,
          (select coalesce(sum(e.gross_paise), 0) from private.tax_withholdings e
            where e.user_id = w.user_id and e.financial_year = w.financial_year and e.kind = 'withdrawal'
              and e.reversed_at is null and e.id <= w.id) as withdrawn,
          (select coalesce(sum(e.net_winnings_paise), 0) from private.tax_withholdings e
            where e.user_id = w.user_id and e.financial_year = w.financial_year and e.kind = 'withdrawal'
              and e.reversed_at is null and e.id < w.id) as counted,
          (select coalesce(sum(l.amount_paise), 0) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
            where l.account = 'platform:fees' and l.user_id = w.user_id and j.kind in ('entry_fee', 'refund')
              and j.created_at >= w.year_start and j.created_at <= w.at) as fees,
          (select coalesce(sum(l.amount_paise), 0) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
            where l.account = 'player:' || w.user_id || ':winnings' and j.created_at < w.year_start)
          - (select coalesce(sum(e.tax_paise), 0) from private.tax_withholdings e
              where e.user_id = w.user_id and e.financial_year = w.financial_year - 1 and e.kind = 'year_end'
                and e.reversed_at is null) as opening
     from w`,
  // 14: per player, what was credited and what left the balance as withdrawals (tax included) and year-end tax
  `select u.user_id,
          (select coalesce(sum(l.amount_paise), 0) from private.ledger_lines l join private.ledger_journal j on j.id = l.journal_id
            where l.account = 'player:' || u.user_id || ':winnings' and j.kind = 'prize') as credited,
          (select coalesce(sum(p.gross_paise), 0) from public.payouts p
            where p.user_id = u.user_id and p.status not in ('reversed', 'cancelled', 'rejected', 'failed')) as withdrawn,
          (select coalesce(sum(w.tax_paise), 0) from private.tax_withholdings w
            where w.user_id = u.user_id and w.kind = 'year_end' and w.reversed_at is null) as year_end_tax
     from (select user_id from public.payouts union select user_id from private.tax_withholdings) u`,
];

/** 30% of net winnings, rounded to the paisa as SQL's round() does (half away from zero). */
const thirtyPercentOf = (paise: number) => Math.floor((3 * Math.max(paise, 0) + 5) / 10);

/** The label of each band of places, as the database words it (1st, 2nd, 3rd–4th, ...). */
const LABELS_SQL = `select lo, hi, private.place_label(int4range(lo, hi, '[]')) as label
                      from (values (1, 1), (2, 2), (3, 4), (5, 8), (9, 16)) as b (lo, hi)`;
let labels: Map<string, string> | undefined;

type Row = Record<string, unknown>;

export async function checkInvariants(m: Model, r: Real, step: string, before: Map<string, string>): Promise<Map<string, string>> {
  const { s } = r;
  const fail = (invariant: string, detail: string) => {
    if (r.skip.has(invariant)) return;
    if (!r.survey) throw new Finding(invariant, detail, r.trace);
    const known = r.survey.get(invariant);
    if (!known || known.trace.length > r.trace.length) r.survey.set(invariant, { detail, trace: [...r.trace] });
  };
  labels ??= new Map((await s.read<{ lo: number; hi: number; label: string }>(LABELS_SQL)).map((b) => [`${b.lo}-${b.hi}`, b.label]));
  const [
    unbalanced,
    negative,
    payments,
    refundKeys,
    capacity,
    prizes,
    awards,
    awardMatches,
    payouts,
    draws,
    statuses,
    lateDisputes,
    placeAmounts,
    withholdings,
    outflows,
  ] = (await s.readMany(READS)) as [
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    Row[],
    { k: string; v: string }[],
    Row[],
    Row[],
    Row[],
    Row[],
  ];

  // The ledger balances, journal by journal (a journal's lines sum to zero, so the total does too).
  if (unbalanced.length > 0) fail('ledger_balances', `journal ${JSON.stringify(unbalanced[0])} does not balance`);

  // No balance is negative.
  if (negative.length > 0) fail('no_negative_balance', `${negative[0]?.account} holds ${negative[0]?.balance} paise`);

  // Every rupee received is held, refunded or accounted for.
  const byPayId = new Map(payments.filter((p) => p.razorpay_payment_id).map((p) => [String(p.razorpay_payment_id), p]));
  const refundCalls = new Set(refundKeys.map((x) => String(x.key)));
  for (const capture of m.captures) {
    const row = byPayId.get(capture.payId);
    if (row) {
      const refunded = num(row.refunded_paise);
      const amount = num(row.amount_paise);
      if (refunded > capture.refunded) {
        fail('money_accounted', `${capture.payId}: the database counts ${refunded} paise refunded, Razorpay refunded ${capture.refunded}`);
      }
      const lost = m.toldLost.get(capture.payId) ?? 0;
      const status = String(row.status);
      const kept = ['paid', 'refund_pending', 'refunded'].includes(status) ? amount - refunded : 0;
      const expected = Math.max(0, kept - lost);
      if (num(row.held) !== expected) {
        fail(
          num(row.held) === kept ? 'chargeback_accounted' : 'money_accounted',
          `${capture.payId} (${status}, ${amount} paid, ${refunded} refunded${lost ? `, a chargeback of ${lost} lost` : ''}): the ledger holds ${String(row.held)} paise of it, expected ${expected}`,
        );
      }
    } else if (m.toldCaptures.has(capture.payId) && capture.refunded < capture.amount && !refundCalls.has(`refund-${capture.payId}`)) {
      fail('money_accounted', `${capture.payId} was captured and reported, but no payment holds it and no refund is queued`);
    }
  }

  // Capacity: never more players than places, and (before the draw) the count is the registrations'. At the
  // draw the waitlist's players take the places of no-shows, whose registrations stay: from then on the
  // places are counted by the entries still playing. A waitlist holds at most a tenth of the places, rounded up.
  for (const t of capacity) {
    const registered = num(t.registered);
    if (num(t.waiting) > Math.ceil(num(t.max_players) / 10)) {
      fail('capacity_holds', `${String(t.id)} has ${String(t.waiting)} waiting for ${String(t.max_players)} places`);
    }
    if (num(t.filled_slots) > num(t.max_players) || num(t.playing) > num(t.max_players) || (!t.drawn && registered > num(t.max_players))) {
      fail(
        'capacity_holds',
        `${String(t.id)} holds ${String(t.filled_slots)} (registered ${registered}) of ${String(t.max_players)} places`,
      );
    } else if (!t.drawn && registered !== num(t.filled_slots)) {
      fail('capacity_holds', `${String(t.id)} counts ${String(t.filled_slots)} places taken but has ${registered} registered`);
    }
  }

  // Prizes: within the pool, and only to entries that finished in that place and are still in.
  for (const t of prizes) {
    if (num(t.credited) > num(t.pool)) {
      fail('prizes_within_pool', `${String(t.tournament_id)} credited ${String(t.credited)} paise from a pool of ${String(t.pool)}`);
    }
  }
  for (const tournament of new Set(awards.map((a) => String(a.tournament_id)))) {
    const places = placesPlayed(awardMatches.filter((x) => x.tournament_id === tournament) as unknown as PlayedMatch[]);
    for (const award of awards.filter((a) => a.tournament_id === tournament)) {
      const band = places.get(String(award.entry_id));
      const label = band ? labels.get(`${band[0]}-${band[1]}`) : undefined;
      if (!band || label !== award.place_label) {
        fail(
          'prizes_to_places_played',
          `${tournament}: ${String(award.place_label)} credited to an entry that finished ${label ?? 'nowhere'}`,
        );
      } else {
        const key = `${tournament}/${String(award.entry_id)}`;
        if (award.entry_status === 'active') {
          m.creditedWhileActive.add(key);
        } else if (!m.creditedWhileActive.has(key)) {
          // Credited to an entry already out. (An entry refunded or withdrawn after its prize was credited keeps
          // it: the credit was right when it was made.)
          fail(
            'prizes_to_entries_still_in',
            `${tournament}: ${String(award.place_label)} credited to an entry that is ${String(award.entry_status)}`,
          );
        }
        if (award.entry_player !== award.player_id) {
          fail('prizes_to_places_played', `${tournament}: ${String(award.place_label)} credited to someone who does not play the entry`);
        }
      }
    }
  }

  // A band of places is paid at most what its places pay: an empty place's money goes to nobody below it.
  for (const tournament of new Set(awards.map((a) => String(a.tournament_id)))) {
    const places = placesPlayed(awardMatches.filter((x) => x.tournament_id === tournament) as unknown as PlayedMatch[]);
    const paid = new Map<string, number>();
    for (const award of awards.filter((a) => a.tournament_id === tournament)) {
      const band = places.get(String(award.entry_id));
      if (band) paid.set(`${band[0]}-${band[1]}`, (paid.get(`${band[0]}-${band[1]}`) ?? 0) + num(award.amount_paise));
    }
    for (const [band, total] of paid) {
      const [lo, hi] = band.split('-').map(Number) as [number, number];
      const pays = placeAmounts
        .filter((p) => p.tournament_id === tournament && num(p.place) >= lo && num(p.place) <= hi)
        .reduce((sum, p) => sum + num(p.amount_paise), 0);
      if (total > pays) {
        fail(
          'prizes_to_places_played',
          `${tournament}: entries that finished ${labels.get(band) ?? band} were credited ${total} paise; those places pay ${pays}`,
        );
      }
    }
  }

  // Payouts: one final state, and the balance agrees with it.
  for (const payout of payouts) {
    const id = String(payout.id);
    const status = String(payout.status);
    const returned = PAYOUT_RETURNED.includes(status);
    const expected = returned ? 0 : -num(payout.gross_paise);
    if (num(payout.player_effect) !== expected) {
      fail(
        'payout_final_state',
        `payout ${id} is ${status} but moved ${String(payout.player_effect)} paise of the balance (expected ${expected})`,
      );
    }
    const sent = num(payout.sent) > 0;
    if (status === 'processed' ? !sent : status !== 'reversed' && sent) {
      fail('payout_final_state', `payout ${id} is ${status} and the ledger ${sent ? 'sent' : 'never sent'} it`);
    }
    const atProvider = m.payouts.get(id);
    if (returned && atProvider?.status === 'processed') {
      fail('payout_final_state', `payout ${id} is ${status} (money back in the balance) but RazorpayX paid it`);
    }
    if ((m.toldPayout.get(id) ?? []).includes('reversed') && status !== 'reversed') {
      fail('payout_reversal_kept', `RazorpayX said payout ${id} was reversed, but it is ${status}: the player's money is lost`);
    }
  }

  // Tax: each withdrawal's tax is at most 30% of its net winnings as the rule defines them, A − (B + C + D), when it
  // is withheld (a later refund or payout that comes back does not rewrite a withholding made before it), and
  // never more than the withdrawal.
  for (const w of withholdings) {
    const id = String(w.id);
    if (m.taxChecked.has(id)) continue;
    m.taxChecked.add(id);
    const net = Math.max(0, num(w.withdrawn) - (num(w.fees) + num(w.opening) + num(w.counted)));
    if (num(w.tax_paise) > thirtyPercentOf(net) || num(w.tax_paise) > num(w.gross_paise)) {
      fail(
        'tax_on_net_winnings',
        `a withdrawal of ${String(w.gross_paise)} paise withheld ${String(w.tax_paise)}: its net winnings are ${String(w.withdrawn)} withdrawn this year − (${String(w.fees)} entry fees + ${String(w.opening)} opening + ${String(w.counted)} counted) = ${net}`,
      );
    }
  }
  // Withdrawals (their tax included) and year-end tax never take more than was credited.
  for (const u of outflows) {
    if (num(u.withdrawn) + num(u.year_end_tax) > num(u.credited)) {
      fail(
        'tax_within_credited',
        `player ${String(u.user_id)} withdrew ${String(u.withdrawn)} and was taxed ${String(u.year_end_tax)} at a year end, of ${String(u.credited)} credited`,
      );
    }
  }

  // A revealed draw secret hashes to the commitment published first.
  for (const d of draws) {
    const id = String(d.id);
    if (d.published && !m.commitments.has(id)) m.commitments.set(id, String(d.published));
    const first = m.commitments.get(id);
    if (d.secret && first && createHash('sha256').update(String(d.secret), 'utf8').digest('hex') !== first) {
      fail('draw_secret_matches_commitment', `${id}: the revealed secret does not hash to the commitment published first`);
    }
  }

  // Deadlines hold when a player acts, not only when the periodic job runs.
  for (const d of lateDisputes) {
    const opened = new Date(String(d.opened_at)).getTime();
    const lone = d.lone_report_at ? new Date(String(d.lone_report_at)).getTime() + 10 * 60_000 : Infinity;
    const walkover = d.walkover_at ? new Date(String(d.walkover_at)).getTime() + 5 * 60_000 : Infinity;
    if (opened > lone || opened > walkover) {
      fail(
        'deadlines_hold',
        `round ${String(d.round)} match ${String(d.position)}: a dispute was accepted ${Math.round((opened - Math.min(lone, walkover)) / 60_000)} min after the ${opened > lone ? 'lone report stood' : 'walkover stood'}`,
      );
    }
  }

  const after = new Map(statuses.map((x) => [x.k, x.v]));
  await checkTransitions(m, r, step, before, after);
  return after;
}
