/** Swiss: the table with its tie-break columns explained, then every round's pairings (a bye without an opponent). */
import type { StageViewProps } from './FormatStages';
import { MatchList } from './MatchList';
import { matchIndex, stageOfKind } from './stages';
import { swissView, tieBreakFigure } from './swiss';
import { useMessages } from '@/lib/i18n/use-messages';
import { BRACKET_WORDS } from '../bracket-words';
import { FORMAT_WORDS } from './words';

export function SwissView({ bracket, myEntryId, mine }: StageViewProps) {
  const w = useMessages(FORMAT_WORDS);
  const C = w.columns;
  const { round: roundName } = useMessages(BRACKET_WORDS);
  const stage = stageOfKind(bracket, 'swiss');
  if (!stage) return null;
  const view = swissView(stage, matchIndex(bracket), myEntryId);
  const head = (words: { short: string; long: string }, align = 'text-right') => (
    <th scope="col" className={`px-1 py-1 font-semibold ${align}`}>
      <abbr title={words.long} className="no-underline">
        {words.short}
      </abbr>
    </th>
  );
  return (
    <div className="space-y-6" data-format="swiss">
      <section className="card p-3 sm:p-4 lg:max-w-3xl" aria-labelledby="swiss-table-heading">
        <h2 id="swiss-table-heading" className="text-lg font-bold">
          {w.swissTable}
        </h2>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[19rem] text-sm tabular-nums" data-swiss-table>
            <thead className="text-xs text-mist">
              <tr>
                {head(C.rank, 'text-left')}
                {head(C.player, 'text-left')}
                {head(C.played)}
                {head(C.won)}
                {head(C.drawn)}
                {head(C.lost)}
                {head(C.points)}
                {head(C.medianBuchholz)}
                {head(C.buchholz)}
              </tr>
            </thead>
            <tbody>
              {view.rows.map(({ row, name, mine: isMe }) => (
                <tr key={row.entry_id} className={`border-b border-line/60 ${isMe ? 'bg-lime/10' : ''}`} data-row={row.entry_id}>
                  <td className="px-1 py-2 font-bold text-mist">{row.rank}</td>
                  <td className="max-w-[7rem] truncate px-1 py-2">
                    <span className={isMe ? 'font-bold text-lime' : ''}>{name}</span>
                    {isMe && <span className="text-xs font-bold text-lime"> {w.you}</span>}
                  </td>
                  <td className="px-1 py-2 text-right">{row.played}</td>
                  <td className="px-1 py-2 text-right">{row.won}</td>
                  <td className="px-1 py-2 text-right">{row.drawn}</td>
                  <td className="px-1 py-2 text-right">{row.lost}</td>
                  <td className="px-1 py-2 text-right font-bold">{row.points}</td>
                  <td className="px-1 py-2 text-right">{tieBreakFigure(row.median_buchholz)}</td>
                  <td className="px-1 py-2 text-right">{tieBreakFigure(row.buchholz)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-xs leading-relaxed text-mist" data-swiss-explain>
          {w.swissExplain}
        </p>
      </section>
      <section aria-labelledby="swiss-rounds-heading" className="space-y-4">
        <h2 id="swiss-rounds-heading" className="text-lg font-bold">
          {w.swissHeading}
        </h2>
        {view.rounds.map((round, i) => (
          <details key={round.name} open={i === view.currentRound || undefined} className="card p-3 sm:p-4" data-swiss-round={i + 1}>
            <summary className="cursor-pointer font-semibold">{round.name ? roundName(round.name) : w.swissRound(i + 1)}</summary>
            <div className="mt-3">
              {round.matches.length > 0 ? (
                <MatchList matches={round.matches} myEntryId={myEntryId} mine={mine} columns="sm:grid-cols-2 lg:grid-cols-4" />
              ) : (
                <p className="text-sm text-mist">{w.swissNotPaired}</p>
              )}
            </div>
          </details>
        ))}
      </section>
    </div>
  );
}
