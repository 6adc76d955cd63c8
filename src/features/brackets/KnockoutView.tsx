/**
 * A knockout as a player reads it: round tabs on a phone (opening on their next match's round) and the
 * whole tree on a wide screen, their own path highlighted. The tournament's one bracket, or the knockout
 * stage after the groups. Only what the screen shows is rendered (progressive.ts): the tabs or the tree, and
 * a long round's cards a slice at a time.
 */
import { useState } from 'react';
import { useMessages } from '@/lib/i18n/use-messages';
import { BRACKET_WORDS } from './bracket-words';
import { type Bracket, defaultRoundIndex, showsTree, treePlacement } from './brackets';
import { MatchCard } from './MatchCard';
import { useShownCount, useWideScreen } from './progressive';

export type KnockoutViewProps = {
  bracket: Bracket;
  myEntryId: string | null;
  /** Ids of the matches on the player's own path. */
  mine: ReadonlySet<string>;
  notes?: ReadonlyMap<string, string>;
};

export function KnockoutView({ bracket, myEntryId, mine, notes }: KnockoutViewProps) {
  // The player's next match (or the current round) until they pick a round themselves; a new result
  // can move it while the page is open.
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? defaultRoundIndex(bracket, myEntryId);
  const tree = showsTree(bracket);
  const wide = useWideScreen();
  const round = bracket.rounds[selected] ?? bracket.rounds[0];
  const w = useMessages(BRACKET_WORDS);
  const shown = useShownCount(round?.matches.length ?? 0, round?.round ?? 0);
  return (
    <>
      {(!tree || !wide) && (
        <div className={tree ? 'md:hidden' : ''}>
          <div role="tablist" aria-label={w.rounds} className="no-scrollbar flex gap-1 overflow-x-auto">
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
                {w.round(r.name)}
              </button>
            ))}
          </div>
          {round && (
            // The panel wraps the list: a list cannot be a tab panel and keep its items.
            <div id="round-panel" role="tabpanel" aria-labelledby={`round-tab-${round.round}`} className="mt-4">
              <ol className="grid gap-3 sm:grid-cols-2" data-round-list>
                {round.matches.slice(0, shown).map((match) => (
                  <li key={match.id}>
                    <MatchCard match={match} myEntryId={myEntryId} onPath={mine.has(match.id)} notes={notes} />
                  </li>
                ))}
              </ol>
            </div>
          )}
        </div>
      )}
      {tree && wide && <Tree bracket={bracket} myEntryId={myEntryId} mine={mine} notes={notes} />}
    </>
  );
}

function Tree({ bracket, myEntryId, mine, notes }: KnockoutViewProps) {
  const rows = bracket.rounds[0]?.matches.length ?? 1;
  const columns = `repeat(${bracket.rounds.length}, minmax(12.5rem, 1fr))`;
  const w = useMessages(BRACKET_WORDS);
  return (
    <section className="hidden overflow-x-auto pb-2 md:block" aria-label={w.bracketTree} data-bracket-tree>
      <div className="grid min-w-max gap-x-6" style={{ gridTemplateColumns: columns }}>
        {bracket.rounds.map((round) => (
          <h3 key={round.round} className="pb-2 text-sm font-bold tracking-wider text-mist uppercase">
            {w.round(round.name)}
          </h3>
        ))}
      </div>
      <ol className="grid min-w-max gap-x-6 gap-y-2" style={{ gridTemplateColumns: columns, gridTemplateRows: `repeat(${rows}, auto)` }}>
        {bracket.rounds.flatMap((round, roundIndex) =>
          round.matches.map((match) => {
            const { rowStart, rowSpan } = treePlacement(roundIndex, match.position);
            return (
              <li key={match.id} className="self-center" style={{ gridColumn: roundIndex + 1, gridRow: `${rowStart} / span ${rowSpan}` }}>
                <MatchCard match={match} myEntryId={myEntryId} onPath={mine.has(match.id)} notes={notes} />
              </li>
            );
          }),
        )}
      </ol>
    </section>
  );
}
