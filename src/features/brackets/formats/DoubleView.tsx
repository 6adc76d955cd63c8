/**
 * Double elimination: the winners' bracket, the losers' bracket and the grand final, each a section of its
 * own. On a phone the rounds stack and the page scrolls down; on a wide screen a bracket's rounds sit side by
 * side and scroll across.
 */
import { MatchCard } from '../MatchCard';
import type { StageViewProps } from './FormatStages';
import { doubleView } from './double';
import { MatchList } from './MatchList';
import { matchIndex, type RoundView, stageOfKind } from './stages';
import { useMessages } from '@/lib/i18n/use-messages';
import { BRACKET_WORDS } from '../bracket-words';
import { FORMAT_WORDS } from './words';

export function DoubleView({ bracket, myEntryId, mine }: StageViewProps) {
  const w = useMessages(FORMAT_WORDS);
  const stage = stageOfKind(bracket, 'double_elimination');
  if (!stage) return null;
  const view = doubleView(stage, matchIndex(bracket), w);
  return (
    <div className="space-y-6" data-format="double_elimination">
      <p className="text-sm text-mist">{w.doubleExplain}</p>
      <BracketSection id="winners" title={w.winnersBracket} rounds={view.winners} myEntryId={myEntryId} mine={mine} />
      <BracketSection id="losers" title={w.losersBracket} rounds={view.losers} myEntryId={myEntryId} mine={mine} />
      <section aria-labelledby="grand-final-heading" data-grand-final>
        <h2 id="grand-final-heading" className="text-lg font-bold">
          {w.grandFinal}
        </h2>
        {view.grandFinal.length === 0 ? (
          <p className="mt-2 text-sm text-mist">{w.grandFinalWaiting}</p>
        ) : (
          <ol className="mt-3 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
            {view.grandFinal.map(({ name, match }) => (
              <li key={match.id} data-grand-final-match>
                <h3 className="pb-2 text-sm font-bold tracking-wider text-mist uppercase">{name}</h3>
                <MatchCard match={match} myEntryId={myEntryId} onPath={mine.has(match.id)} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function BracketSection({
  id,
  title,
  rounds,
  myEntryId,
  mine,
}: {
  id: string;
  title: string;
  rounds: RoundView[];
  myEntryId: string | null;
  mine: ReadonlySet<string>;
}) {
  const w = useMessages(FORMAT_WORDS);
  const { round: roundName } = useMessages(BRACKET_WORDS);
  return (
    <section aria-labelledby={`${id}-heading`} data-bracket-section={id}>
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      {rounds.length === 0 ? (
        <p className="mt-2 text-sm text-mist">{w.noMatchesYet}</p>
      ) : (
        <div className="mt-3 overflow-x-auto pb-2">
          <div className="grid gap-4 md:min-w-max md:auto-cols-[minmax(12.5rem,1fr)] md:grid-flow-col">
            {rounds.map((round) => (
              <div key={round.name}>
                <h3 className="pb-2 text-sm font-bold tracking-wider text-mist uppercase">{roundName(round.name)}</h3>
                <MatchList matches={round.matches} myEntryId={myEntryId} mine={mine} columns="" />
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
