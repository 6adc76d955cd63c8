/**
 * The match page's island (`/match/?id=<match id>`): loads the match row, the bracket (names, the round's
 * name, the next match) and the viewer's side, keeps them fresh through Realtime, and shows one flow on a
 * phone: the two players, the time in IST with a countdown, who hosts, then the steps (room, Ready, report,
 * confirm or dispute, walkover) and the outcome. Spectators see players, time, status and score only; the
 * room is never fetched for them (the database refuses it anyway).
 *
 * Rendered on the server in its loading state, which is the readable page before JavaScript.
 */
import { useSession } from '@/stores/use-session';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { loginUrlFor } from '@/features/auth/auth';
import { formatDateIST, formatTimeIST } from '@/lib/format';
import { anyTournamentHref, matchHref, ROUTES } from '@/lib/routes';
import { isSignedIn } from '@/stores/session';
import type { Bracket, BracketMatch, MatchReports } from './matches.api';
import { countdown, type MatchRow, matchSituation, nextMatchPlace, reportBy, scoreLine, type Side } from './matchSteps';
import { MatchSteps } from './MatchSteps';

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; match: MatchRow; bracket: Bracket | null; title: string | null };

/** What only the two players and staff read: the reports on file, the dispute, the walkover claim. */
export interface PlayersView extends MatchReports {
  /** A short-lived link to the opponent's screenshot, when they reported. */
  opponentScreenshotUrl: string | null;
}

const NOTHING_ON_FILE: PlayersView = { reports: [], dispute: null, walkover: null, opponentScreenshotUrl: null };

const STATUS_WORDS: Record<MatchRow['status'], string> = {
  pending: 'Waiting for both players',
  bye: 'Bye: no match to play',
  scheduled: 'Scheduled',
  ready: 'Both players ready',
  reported: 'Result reported, awaiting confirmation',
  disputed: 'In dispute: staff decide',
  confirmed: 'Result confirmed',
  void: 'Void: neither player was ready',
};

export default function MatchIsland() {
  const session = useSession();
  const userId = isSignedIn(session) ? session.user.id : null;
  const [matchId, setMatchId] = useState<string | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [side, setSide] = useState<Side | null>(null);
  // Until the session and the viewer's entries are read, nobody is shown as a spectator.
  const [sideKnown, setSideKnown] = useState(false);
  const [playersView, setPlayersView] = useState<PlayersView>(NOTHING_ON_FILE);
  const [now, setNow] = useState(() => Date.now());
  const reloadTimer = useRef<number | undefined>(undefined);

  const match = load.status === 'ready' ? load.match : null;

  const reload = useCallback(async (id: string) => {
    try {
      const api = await import('./matches.api');
      const found = await api.fetchMatch(id);
      if (!found) {
        setLoad({ status: 'missing' });
        return;
      }
      const [bracket, title] = await Promise.all([
        api.fetchBracket(found.tournament_id).catch(() => null),
        api.fetchTournamentTitle(found.tournament_id).catch(() => null),
      ]);
      setLoad({ status: 'ready', match: found, bracket, title });
    } catch (error) {
      const { messageOf } = await import('./matches.api');
      // A failed refresh keeps the match on screen; only a first load that fails says so.
      setLoad((previous) => (previous.status === 'ready' ? previous : { status: 'error', message: messageOf(error) }));
    }
  }, []);

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('id')?.trim() ?? '';
    if (!id) {
      setLoad({ status: 'missing' });
      return;
    }
    setMatchId(id);
    void reload(id);
  }, [reload]);

  // Realtime: any change of the row (ready, room posted, a report, the result) reloads it and the bracket.
  useEffect(() => {
    if (!matchId || load.status !== 'ready') return;
    let stop = () => {};
    let stopped = false;
    void import('./matches.api').then((api) => {
      if (stopped) return;
      stop = api.watchMatch(matchId, () => {
        window.clearTimeout(reloadTimer.current);
        reloadTimer.current = window.setTimeout(() => void reload(matchId), 300);
      });
    });
    return () => {
      stopped = true;
      stop();
      window.clearTimeout(reloadTimer.current);
    };
  }, [matchId, load.status, reload]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  // The viewer's side: only a signed-in player can have one.
  const entryA = match?.entry_a ?? null;
  const entryB = match?.entry_b ?? null;
  useEffect(() => {
    if (session.status === 'loading') return;
    if (!userId || (!entryA && !entryB)) {
      setSide(null);
      setSideKnown(true);
      return;
    }
    let cancelled = false;
    import('./matches.api')
      .then((api) => api.fetchMySide({ entry_a: entryA, entry_b: entryB }, userId))
      .then((found) => {
        if (!cancelled) setSide(found);
      })
      .catch(() => {
        if (!cancelled) setSide(null);
      })
      .finally(() => {
        if (!cancelled) setSideKnown(true);
      });
    return () => {
      cancelled = true;
    };
  }, [session.status, userId, entryA, entryB]);

  // The reports, dispute and walkover claim, read again whenever the row changes (a report, a dispute, a claim).
  useEffect(() => {
    if (!match || !side) return;
    const opponentEntry = side === 'a' ? match.entry_b : match.entry_a;
    let cancelled = false;
    import('./matches.api')
      .then(async (api) => {
        const found = await api.fetchMatchReports(match.id);
        const opponentReport = reportBy(found.reports, opponentEntry);
        const opponentScreenshotUrl = opponentReport ? await api.screenshotUrl(opponentReport.screenshot_path) : null;
        if (!cancelled) setPlayersView({ ...found, opponentScreenshotUrl });
      })
      // The row still drives the steps; without the reports the page only lacks their details.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [match, side]);

  if (load.status === 'loading') return <MatchFallback />;
  if (load.status === 'missing' || load.status === 'error') {
    return (
      <div className="card p-6 text-center sm:p-8" data-match-missing>
        <h1 className="section-title text-3xl">Match</h1>
        <p className="mt-3 text-lg font-bold" role="alert">
          {load.status === 'missing' ? 'No match has this link.' : `The match could not be loaded: ${load.message}`}
        </p>
        <p className="mt-2 text-mist">
          <a href={ROUTES.tournaments.path} className="underline hover:text-lime">
            See every tournament
          </a>
        </p>
      </div>
    );
  }

  const { bracket, title } = load;
  const m = load.match;
  const found = findInBracket(bracket, m.id);
  const roundName = found?.roundName ?? `Round ${m.round}`;
  const [a, b] = found?.match.entries ?? [null, null];
  const nameA = a?.in_game_name ?? (m.entry_a ? 'A player' : 'To be decided');
  const nameB = b?.in_game_name ?? (m.entry_b ? 'A player' : 'To be decided');
  const iReported = reportBy(playersView.reports, side === 'a' ? m.entry_a : side === 'b' ? m.entry_b : null) !== null;
  const situation = matchSituation(m, { side, iReported }, now);
  const score = scoreLine(m, null);
  const winnerName = m.winner_entry_id === m.entry_a ? nameA : m.winner_entry_id === m.entry_b ? nameB : null;
  const next = nextMatchOf(bracket, m);
  const tournamentHref = anyTournamentHref(m.tournament_id);

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-5" data-match={m.id} data-match-status={m.status}>
      <header>
        <p className="text-sm text-mist">
          <a href={tournamentHref} className="underline-offset-2 hover:text-chalk hover:underline">
            {title ?? 'Tournament'}
          </a>{' '}
          · <span data-round-name>{roundName}</span>
        </p>
        <h1 className="section-title mt-2 text-3xl break-words normal-case sm:text-5xl">
          {nameA} <span className="text-mist">vs</span> {nameB}
        </h1>
      </header>

      <section aria-label="Players" className="card grid grid-cols-[1fr_auto_1fr] items-stretch gap-2 p-4 sm:p-6">
        <PlayerCard name={nameA} host you={side === 'a'} winner={m.winner_entry_id !== null && m.winner_entry_id === m.entry_a} />
        <div className="flex items-center justify-center text-center">
          {score ? (
            <p className="font-display text-3xl tabular-nums sm:text-4xl" data-match-score>
              {score}
            </p>
          ) : (
            <p className="text-sm font-bold text-mist">vs</p>
          )}
        </div>
        <PlayerCard name={nameB} you={side === 'b'} winner={m.winner_entry_id !== null && m.winner_entry_id === m.entry_b} />
      </section>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Match time" wide>
          <span data-match-time>
            {formatDateIST(m.scheduled_at)}, {formatTimeIST(m.scheduled_at)}
          </span>
          {!situation.over && <span className="block text-sm font-normal text-mist">{countdown(situation.at, now)}</span>}
        </Fact>
        <Fact label="Host">
          {nameA}
          <span className="block text-sm font-normal text-mist">creates the friend-match room</span>
        </Fact>
        <Fact label="Status">
          <span data-match-status-words>{STATUS_WORDS[m.status]}</span>
        </Fact>
      </dl>

      {!sideKnown || situation.over || situation.role === 'spectator' ? null : (
        <MatchSteps
          match={m}
          situation={situation}
          now={now}
          userId={userId ?? ''}
          names={{ me: side === 'a' ? nameA : nameB, opponent: side === 'a' ? nameB : nameA }}
          entryNames={{ a: nameA, b: nameB }}
          playersView={playersView}
          onChanged={() => void reload(m.id)}
        />
      )}

      {sideKnown && situation.role === 'spectator' && !situation.over && (
        <p className="text-sm text-mist" data-spectator-note>
          {userId ? (
            'You are watching this match: only its two players and staff see the room.'
          ) : (
            <>
              Playing this match?{' '}
              <a className="underline hover:text-lime" href={loginUrlFor(matchHref(m.id))}>
                Log in
              </a>{' '}
              to see the room and report the result.
            </>
          )}
        </p>
      )}

      {situation.over && (
        <section className="card border-lime/60 p-5" aria-labelledby="match-outcome" data-match-outcome>
          <h2 id="match-outcome" className="text-lg font-bold">
            {m.status === 'void' ? 'Match void' : 'Result confirmed'}
          </h2>
          {m.status === 'void' ? (
            <p className="mt-1 text-mist">Neither player was ready in time, so both are out.</p>
          ) : (
            <p className="mt-1">
              <strong data-match-winner>{winnerName ?? 'The winner'}</strong> goes through
              {score ? ` (${score})` : m.walkover_entry_id ? ' on a walkover' : ''}.
              {side !== null && (m.winner_entry_id === (side === 'a' ? m.entry_a : m.entry_b) ? ' Well played!' : ' Thanks for playing.')}
            </p>
          )}
          <p className="mt-3 flex flex-wrap gap-3">
            {next && (
              <a className="btn btn-primary" href={matchHref(next.match.id)} data-next-match>
                {side !== null && m.winner_entry_id !== (side === 'a' ? m.entry_a : m.entry_b) ? 'Follow the' : 'Next match:'}{' '}
                {next.roundName}
              </a>
            )}
            <a className="btn btn-ghost" href={tournamentHref}>
              The tournament
            </a>
          </p>
        </section>
      )}
    </article>
  );
}

/** The island's server-rendered state: what the page says before (or without) JavaScript. */
function MatchFallback() {
  return (
    <div className="mx-auto w-full max-w-2xl" aria-busy="true" data-match-loading>
      <h1 className="section-title text-3xl sm:text-5xl">Match</h1>
      <p className="mt-3 text-mist">Loading the match: its two players, time, room and result…</p>
      <p className="mt-3 text-sm text-mist">
        This page needs JavaScript to show the match and let its players post the room, press Ready and report the result.{' '}
        <a href={ROUTES.tournaments.path} className="underline hover:text-lime">
          See every tournament
        </a>
        .
      </p>
    </div>
  );
}

function PlayerCard({ name, host = false, you, winner }: { name: string; host?: boolean; you: boolean; winner: boolean }) {
  return (
    <div
      className={`flex min-w-0 flex-col justify-center rounded-2xl border p-3 text-center ${you ? 'border-lime bg-lime/10' : 'border-line bg-night/60'}`}
      data-player={name}
      data-you={you ? '' : undefined}
    >
      <p className="truncate font-bold" title={name}>
        {name}
      </p>
      <p className="mt-1 flex flex-wrap justify-center gap-1 text-[0.7rem] font-bold tracking-wider uppercase">
        {you && <span className="rounded-full bg-lime px-2 py-0.5 text-night">You</span>}
        {host && <span className="rounded-full border border-line px-2 py-0.5 text-mist">Host</span>}
        {winner && <span className="rounded-full bg-gold px-2 py-0.5 text-night">Through</span>}
      </p>
    </div>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`rounded-2xl bg-night/60 p-3 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-xs font-bold tracking-wider text-mist uppercase">{label}</dt>
      <dd className="mt-1 font-bold">{children}</dd>
    </div>
  );
}

function findInBracket(bracket: Bracket | null, matchId: string): { match: BracketMatch; roundName: string } | null {
  for (const round of bracket?.rounds ?? []) {
    const match = round.matches.find((candidate) => candidate.id === matchId);
    if (match) return { match, roundName: round.name };
  }
  return null;
}

/** The match the winner plays next (null after the final, or before a winner). */
function nextMatchOf(bracket: Bracket | null, match: MatchRow): { match: BracketMatch; roundName: string } | null {
  if (match.status !== 'confirmed') return null;
  const place = nextMatchPlace(match.round, match.position);
  const round = bracket?.rounds.find((candidate) => candidate.round === place.round);
  const next = round?.matches.find((candidate) => candidate.position === place.position);
  return round && next ? { match: next, roundName: round.name } : null;
}
