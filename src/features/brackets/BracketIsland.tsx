/**
 * The bracket of one tournament (the Brackets tab of a tournament page, and the pod page): before the
 * draw, when it runs and the published commitment; after it, round tabs on a phone and the whole tree
 * on a wide screen, byes shown as "bye", the signed-in player's own path highlighted and one line that
 * says where they stand. Follows results live.
 */
import { useState } from 'react';
import { isPodId, matchHref, ROUTES } from '@/lib/routes';
import {
  type Bracket,
  type BracketMatch,
  defaultRoundIndex,
  hasMatchPage,
  isDrawn,
  matchResult,
  pathOf,
  scoreLabel,
  shortHash,
  showsTree,
  sideLabel,
  standingLine,
  standingOf,
  treePlacement,
} from './brackets';
import { whenIST } from '@/lib/format';
import { resultSentence } from '@/lib/score';
import { useBracket } from './use-bracket';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';

export type BracketIslandProps = {
  tournamentId: string;
  /** When check-in closes and the draw runs (the database's time); null while unknown. */
  drawAt: string | null;
};

export default function BracketIsland({ tournamentId, drawAt }: BracketIslandProps) {
  const { load } = useBracket(tournamentId);
  // The database's time wins over the build-time estimate (a postponement moves it).
  const state = useTournamentStates([tournamentId])[tournamentId];

  if (load.status === 'loading') {
    return (
      <div className="card mt-4 min-h-40 p-6" aria-busy="true" data-bracket="loading">
        <p className="text-mist">Loading the bracket…</p>
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className="card mt-4 p-6" data-bracket="error">
        <p className="font-semibold text-danger">The bracket could not be loaded.</p>
        <p className="mt-1 text-sm text-mist">{load.message}</p>
      </div>
    );
  }

  const { bracket, mine } = load;
  const myEntry = mine?.my_entry ?? null;
  // An open pod's times are its fill deadline: its draw runs shortly after it fills, at a time not known yet.
  const podFilling = isPodId(tournamentId) && (state === undefined || state.status === 'open');
  const closesAt = podFilling ? null : (mine?.check_in.closes_at ?? state?.check_in_closes_at ?? drawAt);
  const standing = standingOf(bracket, myEntry, closesAt);
  return (
    <div className="mt-4 space-y-4" data-bracket={isDrawn(bracket) ? 'drawn' : 'waiting'}>
      {standing && (
        <p className="rounded-2xl border border-lime/40 bg-lime/10 px-4 py-3 font-semibold" data-my-standing>
          {standing.kind === 'next' ? (
            <a
              href={matchHref(standing.matchId)}
              className="underline decoration-lime/60 underline-offset-4 hover:text-lime"
              data-my-match-link
            >
              {standingLine(standing)}
            </a>
          ) : (
            standingLine(standing)
          )}
        </p>
      )}
      {isDrawn(bracket) ? (
        <DrawnBracket bracket={bracket} myEntryId={myEntry?.entry_id ?? null} />
      ) : (
        <BeforeDraw bracket={bracket} drawAt={closesAt} />
      )}
    </div>
  );
}

function BeforeDraw({ bracket, drawAt }: { bracket: Bracket; drawAt: string | null }) {
  return (
    <div className="card p-6">
      <p className="text-lg font-bold">The draw has not run yet</p>
      <p className="mt-1 text-mist">
        {drawAt ? `It runs when check-in closes, at ${whenIST(drawAt)}.` : 'It runs when check-in closes.'} Every checked-in entry gets a
        random place; byes go to the highest seeds.
      </p>
      {bracket.draw.commitment && (
        <p className="mt-3 text-sm text-mist">
          Commitment (SHA-256 of the secret that decides it):{' '}
          <code className="break-all text-chalk" data-commitment>
            {bracket.draw.commitment}
          </code>
        </p>
      )}
      <VerifyLink />
    </div>
  );
}

function VerifyLink() {
  return (
    <p className="mt-3 text-sm">
      <a href={ROUTES.verifyDraw.path} className="underline hover:text-lime">
        How to verify a draw
      </a>
    </p>
  );
}

function DrawnBracket({ bracket, myEntryId }: { bracket: Bracket; myEntryId: string | null }) {
  // The player's next match (or the current round) until they pick a round themselves; a new result
  // can move it while the page is open.
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? defaultRoundIndex(bracket, myEntryId);
  const mine = new Set(pathOf(bracket, myEntryId).map((match) => match.id));
  const tree = showsTree(bracket);
  const round = bracket.rounds[selected] ?? bracket.rounds[0];
  return (
    <>
      <div className={tree ? 'md:hidden' : ''}>
        <div role="tablist" aria-label="Rounds" className="no-scrollbar flex gap-1 overflow-x-auto">
          {bracket.rounds.map((r, index) => (
            <button
              key={r.round}
              type="button"
              role="tab"
              id={`round-tab-${r.round}`}
              aria-controls="round-panel"
              aria-selected={index === selected}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => setPicked(index)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + bracket.rounds.length) % bracket.rounds.length;
                setPicked(next);
                document.getElementById(`round-tab-${bracket.rounds[next]?.round}`)?.focus();
              }}
              className={`min-h-10 shrink-0 rounded-full px-4 text-sm font-bold ${index === selected ? 'bg-lime text-night' : 'border border-line text-mist hover:text-chalk'}`}
            >
              {r.name}
            </button>
          ))}
        </div>
        {round && (
          // The panel wraps the list: a list cannot be a tab panel and keep its items.
          <div id="round-panel" role="tabpanel" aria-labelledby={`round-tab-${round.round}`} className="mt-4">
            <ol className="grid gap-3 sm:grid-cols-2" data-round-list>
              {round.matches.map((match) => (
                <li key={match.id}>
                  <MatchCard match={match} myEntryId={myEntryId} onPath={mine.has(match.id)} />
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
      {tree && <Tree bracket={bracket} myEntryId={myEntryId} mine={mine} />}
      <DrawFacts bracket={bracket} />
    </>
  );
}

function Tree({ bracket, myEntryId, mine }: { bracket: Bracket; myEntryId: string | null; mine: Set<string> }) {
  const rows = bracket.rounds[0]?.matches.length ?? 1;
  const columns = `repeat(${bracket.rounds.length}, minmax(12.5rem, 1fr))`;
  return (
    <section className="hidden overflow-x-auto pb-2 md:block" aria-label="Bracket tree" data-bracket-tree>
      <div className="grid min-w-max gap-x-6" style={{ gridTemplateColumns: columns }}>
        {bracket.rounds.map((round) => (
          <h3 key={round.round} className="pb-2 text-sm font-bold tracking-wider text-mist uppercase">
            {round.name}
          </h3>
        ))}
      </div>
      <ol className="grid min-w-max gap-x-6 gap-y-2" style={{ gridTemplateColumns: columns, gridTemplateRows: `repeat(${rows}, auto)` }}>
        {bracket.rounds.flatMap((round, roundIndex) =>
          round.matches.map((match) => {
            const { rowStart, rowSpan } = treePlacement(roundIndex, match.position);
            return (
              <li key={match.id} className="self-center" style={{ gridColumn: roundIndex + 1, gridRow: `${rowStart} / span ${rowSpan}` }}>
                <MatchCard match={match} myEntryId={myEntryId} onPath={mine.has(match.id)} />
              </li>
            );
          }),
        )}
      </ol>
    </section>
  );
}

const STATUS_WORDS: Record<string, string> = {
  pending: 'Waiting',
  bye: 'Bye',
  scheduled: 'Scheduled',
  ready: 'Ready',
  reported: 'Reported',
  disputed: 'Disputed',
  confirmed: 'Final score',
  void: 'Void',
};

function MatchCard({ match, myEntryId, onPath }: { match: BracketMatch; myEntryId: string | null; onPath: boolean }) {
  const score = scoreLabel(match);
  const result = matchResult(match);
  const card = (
    <article
      className={`rounded-2xl border p-3 ${onPath ? 'border-lime bg-lime/10' : 'border-line bg-pitch-900'} ${hasMatchPage(match) ? 'transition-colors group-hover:border-lime group-focus-visible:border-lime' : ''}`}
      data-match={match.id}
      data-my-path={onPath ? '' : undefined}
      aria-label={`${sideLabel(match, 0)} against ${sideLabel(match, 1)}`}
    >
      <div className="flex items-center justify-between gap-2 text-xs text-mist">
        <span>{STATUS_WORDS[match.status] ?? match.status}</span>
        {match.scheduled_at && match.status !== 'bye' && <time dateTime={match.scheduled_at}>{whenIST(match.scheduled_at)}</time>}
      </div>
      <ul className="mt-2 space-y-1" role="list">
        {([0, 1] as const).map((side) => {
          const entry = match.entries[side];
          const isMe = entry !== null && entry.entry_id === myEntryId;
          const won = entry !== null && entry.entry_id === match.winner_entry_id;
          return (
            <li key={side} className="flex items-center justify-between gap-2" data-side={side === 0 ? 'a' : 'b'}>
              <span
                className={`truncate ${entry ? (won ? 'font-bold text-chalk' : 'text-chalk') : 'text-mist'} ${isMe ? 'text-lime' : ''}`}
              >
                {won && (
                  <span className="text-lime" aria-hidden="true">
                    ✓{' '}
                  </span>
                )}
                {sideLabel(match, side)}
                {isMe && <span className="text-xs font-bold"> (you)</span>}
              </span>
              {score && <span className="font-bold tabular-nums">{match.score?.[side]}</span>}
            </li>
          );
        })}
      </ul>
      {result && (
        <p className="mt-1 truncate text-xs text-mist" data-match-result title={resultSentence(result)}>
          {resultSentence({ ...result, loser: null })}
        </p>
      )}
    </article>
  );
  if (!hasMatchPage(match)) return card;
  // The whole card opens the match page: its room, Ready, the report and the result.
  return (
    <a href={matchHref(match.id)} className="group block rounded-2xl focus-visible:outline-2 focus-visible:outline-lime" data-match-link>
      {card}
    </a>
  );
}

function DrawFacts({ bracket }: { bracket: Bracket }) {
  const { draw } = bracket;
  return (
    <details className="card p-4 text-sm">
      <summary className="cursor-pointer font-semibold">
        How this draw was made{draw.drawn_at ? ` (${whenIST(draw.drawn_at)})` : ''}
      </summary>
      <dl className="mt-3 space-y-2 text-mist">
        <div>
          <dt className="font-semibold text-chalk">Commitment, published before the draw</dt>
          <dd className="break-all font-mono" title={draw.commitment ?? ''}>
            {draw.commitment ? shortHash(draw.commitment) : '–'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-chalk">Secret, revealed at the draw</dt>
          <dd className="break-all font-mono">{draw.secret ?? '–'}</dd>
        </div>
        <div>
          <dt className="font-semibold text-chalk">Entries drawn</dt>
          <dd>
            {draw.entry_ids.length}
            {draw.bracket_size ? ` in a bracket of ${draw.bracket_size}` : ''}
          </dd>
        </div>
      </dl>
      <VerifyLink />
    </details>
  );
}
