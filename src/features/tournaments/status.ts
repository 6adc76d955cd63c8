/**
 * A tournament's status as players read it: the database computes it (`get_tournament_state`), this
 * module gives every page and island the same words and colours for it, and a build-time estimate from
 * the catalog so a pre-rendered page starts with a sensible value before the live one arrives.
 *
 * The labels equal the SQL ones (`private.tournament_status_label`); supabase/tests/tournaments-status.test.ts
 * compares them.
 */
export const TOURNAMENT_STATUSES = ['scheduled', 'open', 'full', 'check-in', 'live', 'finished', 'settled', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

type StatusLook = {
  /** The words on every badge. */
  label: string;
  /** Tailwind classes of the badge (background and text colour). */
  badgeClass: string;
  /** Whether a player can pay for an entry now. */
  takesEntries: boolean;
};

export const STATUS_LOOK: Record<TournamentStatus, StatusLook> = {
  scheduled: { label: 'Coming soon', badgeClass: 'bg-pitch-800 text-mist', takesEntries: false },
  open: { label: 'Registration open', badgeClass: 'bg-lime/15 text-lime', takesEntries: true },
  full: { label: 'Full', badgeClass: 'bg-gold/15 text-gold', takesEntries: false },
  'check-in': { label: 'Check-in', badgeClass: 'bg-sky-400/15 text-sky-300', takesEntries: false },
  live: { label: 'Live', badgeClass: 'bg-red-500/20 text-red-300', takesEntries: false },
  finished: { label: 'Finished', badgeClass: 'bg-pitch-800 text-chalk', takesEntries: false },
  settled: { label: 'Prizes credited', badgeClass: 'bg-pitch-800 text-gold', takesEntries: false },
  cancelled: { label: 'Cancelled', badgeClass: 'bg-red-900/40 text-red-200', takesEntries: false },
};

export const statusLabel = (status: TournamentStatus): string => STATUS_LOOK[status].label;

/** What `get_tournament_state` answers (and each item of `get_tournament_states`, with its `id`). */
type TournamentState = {
  status: TournamentStatus;
  label: string;
  entries: number;
  capacity: number;
  registration_closes_at: string;
  check_in_opens_at: string;
  check_in_closes_at: string;
  starts_at: string;
  current_round: number | null;
  cancel_reason?: string | null;
  /** cancel_reason's code when the database wrote it (tournaments_cancel_reason_code_known); null: staff's own words. */
  cancel_reason_code?: string | null;
};
/** A list item: `id` is what was asked for; for a quick series, `pod_id` is the pod whose state it is. */
export type TournamentStateWithId = TournamentState & { id: string; pod_id?: string };

const isStatus = (value: unknown): value is TournamentStatus => TOURNAMENT_STATUSES.includes(value as TournamentStatus);

/**
 * The items of a `get_tournament_states` answer that have the contract's shape (checked by hand: this runs
 * on every public page, where a schema library would cost more than the page's own script).
 */
export function parseTournamentStates(data: unknown): TournamentStateWithId[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (item): item is TournamentStateWithId =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'string' &&
      isStatus(item.status) &&
      Number.isInteger(item.entries) &&
      Number.isInteger(item.capacity) &&
      typeof item.starts_at === 'string',
  );
}

/** "212 / 300 players": entries first, then capacity, always. */
export function entriesLabel(entries: number, capacity: number): string {
  return `${entries} / ${capacity} ${capacity === 1 ? 'player' : 'players'}`;
}

/** Before the live count arrives: the capacity only, with a neutral dash in place of the entries. */
export function pendingEntriesLabel(capacity: number): string {
  return `– / ${capacity} ${capacity === 1 ? 'player' : 'players'}`;
}

/** The database's count once it has answered, else the neutral dash over the known capacity. */
export function entriesOrPending(state: Pick<TournamentState, 'entries' | 'capacity'> | undefined, capacity: number): string {
  return state ? entriesLabel(state.entries, state.capacity) : pendingEntriesLabel(capacity);
}

const HOUR = 60 * 60 * 1000;

type CatalogTimes = {
  series: 'championship' | 'quick';
  isLive: boolean;
  startsAt: string;
  registrationClosesAt?: string | undefined;
};

/** Check-in opens (series default when the catalog does not say): championship 24 h, quick 60 min before. */
function checkInOpensAt(t: CatalogTimes): Date {
  return new Date(new Date(t.startsAt).getTime() - (t.series === 'championship' ? 24 * HOUR : HOUR));
}

/** Registration closes at its close time (default 1 h before the start) or when check-in opens, whichever is first. */
export function registrationClosesAt(t: CatalogTimes): Date {
  const close = t.registrationClosesAt ? new Date(t.registrationClosesAt) : new Date(new Date(t.startsAt).getTime() - HOUR);
  const checkIn = checkInOpensAt(t);
  return new Date(Math.min(close.getTime(), checkIn.getTime()));
}

/**
 * The status a pre-rendered page starts with, from the catalog's times alone (the same rule as the
 * database, without counters or staff markers): the island replaces it with the database's at once.
 */
export function buildTimeStatus(t: CatalogTimes, now = new Date()): TournamentStatus {
  // A quick series always has an open pod while it is active.
  if (t.series === 'quick') return t.isLive ? 'open' : 'scheduled';
  if (registrationClosesAt(t) <= now) return 'check-in';
  return t.isLive ? 'open' : 'scheduled';
}

type RoundState = 'upcoming' | 'live' | 'done';

export const ROUND_STATE_LOOK: Record<RoundState, { label: string; badgeClass: string }> = {
  upcoming: { label: 'Upcoming', badgeClass: 'bg-pitch-800 text-mist' },
  live: { label: 'Live', badgeClass: 'bg-red-500/20 text-red-300' },
  done: { label: 'Done', badgeClass: 'bg-lime/15 text-lime' },
};

/** How long the last round counts as live after its start (a match and its reports). */
const LAST_ROUND_LENGTH_MS = 90 * 60 * 1000;

/**
 * Each round of a schedule at `now`: upcoming before its start, live from its start until the next round
 * starts (the last one for 90 minutes), done after. The tournament's status, once known, has the last
 * word: nothing is live or done before the draw (or after a cancellation), and everything is done once the
 * final result is in.
 */
export function roundStates(schedule: readonly { startsAt: string }[], now = new Date(), status?: TournamentStatus): RoundState[] {
  return schedule.map((round, index) => {
    if (status === 'finished' || status === 'settled') return 'done';
    if (status !== undefined && status !== 'live') return 'upcoming';
    const start = new Date(round.startsAt).getTime();
    const next = schedule[index + 1];
    const end = next ? new Date(next.startsAt).getTime() : start + LAST_ROUND_LENGTH_MS;
    if (now.getTime() < start) return 'upcoming';
    return now.getTime() < end ? 'live' : 'done';
  });
}
