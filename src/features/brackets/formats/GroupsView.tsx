/**
 * Groups then a knockout: the group tables as cards (the player's own group first), each tie-break's reason
 * a tap away, each group's matches under its table, then the knockout as a tree with its third-place match.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $lang } from '@/stores/lang';
import { KnockoutView } from '../KnockoutView';
import { MatchCard } from '../MatchCard';
import type { StageViewProps } from './FormatStages';
import { type GroupCard, groupCards, qualifierNotes } from './groups';
import { MatchList } from './MatchList';
import { projectedPath } from './path';
import { knockoutBracket, matchIndex, stageOfKind, thirdPlaceMatch } from './stages';
import { useMessages } from '@/lib/i18n/use-messages';
import { BRACKET_WORDS } from '../bracket-words';
import { type FormatWords, FORMAT_WORDS } from './words';

export function GroupsView({ bracket, myEntryId, mine }: StageViewProps) {
  const lang = useStore($lang);
  const w = useMessages(FORMAT_WORDS);
  const { round: roundName } = useMessages(BRACKET_WORDS);
  const groups = stageOfKind(bracket, 'groups');
  const knockout = stageOfKind(bracket, 'knockout');
  if (!groups) return null;
  const index = matchIndex(bracket);
  const cards = groupCards(groups, index, myEntryId, w);
  const ko = knockout ? knockoutBracket(bracket, knockout, index) : null;
  const third = knockout ? thirdPlaceMatch(knockout, index) : null;
  const notes = qualifierNotes(groups, w);
  const later = groups.groups.filter((group) => group.later).length;
  // The player's own group (first when there is one): where its places lead in the knockout, until it is filled.
  const myCard = cards.find((card) => card.mine);
  const path =
    myCard && !groups.groups.some((g) => g.table.some((row) => row.qualified))
      ? projectedPath(knockout, myCard.name, groups.advance.per_group, lang)
      : null;
  return (
    <div className="space-y-6" data-format="groups_knockout">
      <section aria-labelledby="groups-heading">
        <h2 id="groups-heading" className="text-lg font-bold">
          {w.groupsHeading}
        </h2>
        <p className="mt-1 text-sm text-mist">
          {w.qualifyingLine(groups.advance.per_group)} {w.tieRule}
        </p>
        <div className="mt-3 grid items-start gap-4 lg:grid-cols-2">
          {cards.map((card) => (
            <GroupCardView key={card.name} card={card} myEntryId={myEntryId} mine={mine} path={card.mine ? path : null} />
          ))}
        </div>
        {later > 0 && (
          <p className="mt-3 text-sm text-mist" role="status" data-groups-loading>
            {w.otherGroupsLoading(later)}
          </p>
        )}
      </section>
      {ko && ko.rounds.length > 0 && (
        <section aria-labelledby="knockout-heading" className="space-y-4" data-knockout>
          <h2 id="knockout-heading" className="text-lg font-bold">
            {knockout?.name ? roundName(knockout.name) : w.knockoutHeading}
          </h2>
          <KnockoutView bracket={ko} myEntryId={myEntryId} mine={mine} notes={notes} />
          {third && (
            <div className="max-w-sm" data-third-place>
              <h3 className="pb-2 text-sm font-bold tracking-wider text-mist uppercase">{w.thirdPlace}</h3>
              <MatchCard match={third} myEntryId={myEntryId} onPath={mine.has(third.id)} notes={notes} />
            </div>
          )}
        </section>
      )}
    </div>
  );
}

const numberColumns = (columns: FormatWords['columns']) =>
  [
    ['played', columns.played],
    ['won', columns.won],
    ['drawn', columns.drawn],
    ['lost', columns.lost],
    ['goal_difference', columns.goalDifference],
    ['points', columns.points],
  ] as const;

function GroupCardView({
  card,
  myEntryId,
  mine,
  path,
}: {
  card: GroupCard;
  myEntryId: string | null;
  mine: ReadonlySet<string>;
  path: string | null;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const w = useMessages(FORMAT_WORDS);
  const NUMBER_COLUMNS = numberColumns(w.columns);
  return (
    <section
      className={`card p-3 sm:p-4 ${card.mine ? 'ring-1 ring-lime/60' : ''}`}
      aria-label={card.title}
      data-group={card.name}
      data-my-group={card.mine ? '' : undefined}
    >
      <h3 className="flex items-center justify-between gap-2 font-bold">
        {card.title}
        {card.mine && <span className="rounded-full bg-lime/15 px-2 py-0.5 text-xs text-lime">{w.yourGroup}</span>}
      </h3>
      {path && (
        <p className="mt-1 text-sm text-chalk" data-projected-path>
          {path}
        </p>
      )}
      <table className="mt-2 w-full table-fixed text-sm tabular-nums" data-group-table>
        <caption className="sr-only">{w.tableCaption(card.name)}</caption>
        <colgroup>
          <col className="w-6" />
          <col />
          <col className="w-6" />
          <col className="w-6" />
          <col className="w-6" />
          <col className="w-6" />
          <col className="w-8" />
          <col className="w-8" />
        </colgroup>
        <thead className="text-xs text-mist">
          <tr>
            <th scope="col" className="py-1 text-left font-semibold">
              <abbr title={w.columns.rank.long}>{w.columns.rank.short}</abbr>
            </th>
            <th scope="col" className="py-1 text-left font-semibold">
              {w.columns.player.short}
            </th>
            {NUMBER_COLUMNS.map(([key, words]) => (
              <th key={key} scope="col" className="py-1 text-right font-semibold">
                <abbr title={words.long} className="no-underline">
                  {words.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {card.rows.flatMap((view) => {
            const { row } = view;
            const reasonId = `why-${card.name}-${row.entry_id}`;
            const isOpen = open === row.entry_id;
            const line = view.lastQualifyingPlace ? 'border-b-2 border-dashed border-lime/50' : 'border-b border-line/60';
            const cells = (
              <tr
                key={row.entry_id}
                className={`${line} ${view.mine ? 'bg-lime/10' : ''}`}
                data-row={row.entry_id}
                data-qualified={view.qualified ? '' : undefined}
                data-decided-by={row.decided_by ?? undefined}
              >
                <td className={`py-2 font-bold ${view.qualified ? 'text-lime' : 'text-mist'}`}>{row.rank}</td>
                <td className="py-2 pr-1">
                  <span className="flex min-w-0 items-center gap-1">
                    {view.reason ? (
                      <button
                        type="button"
                        className="flex min-h-6 min-w-0 items-center gap-1 text-left underline decoration-dotted underline-offset-4"
                        aria-expanded={isOpen}
                        aria-controls={reasonId}
                        onClick={() => setOpen(isOpen ? null : row.entry_id)}
                        title={w.whyHere(view.name)}
                        data-tie-reason-toggle
                      >
                        <span className={`truncate ${view.mine ? 'font-bold text-lime' : ''}`}>{view.name}</span>
                        {/* A drawn circle: phones without a symbol font show a box for ⓘ. */}
                        <span
                          aria-hidden="true"
                          className="inline-grid size-4 shrink-0 place-items-center rounded-full border border-mist/70 text-[0.625rem] leading-none font-bold text-mist no-underline"
                        >
                          ?
                        </span>
                      </button>
                    ) : (
                      <span className={`truncate ${view.mine ? 'font-bold text-lime' : ''}`}>{view.name}</span>
                    )}
                    {view.mine && <span className="shrink-0 text-xs font-bold text-lime">{w.you}</span>}
                    {view.qualified && (
                      <abbr title={w.qualified} className="shrink-0 rounded bg-lime px-1 text-xs font-bold text-night no-underline">
                        {w.qualifiedMark}
                      </abbr>
                    )}
                  </span>
                </td>
                {NUMBER_COLUMNS.map(([key]) => (
                  <td key={key} className={`py-2 text-right ${key === 'points' ? 'font-bold' : ''}`}>
                    {key === 'goal_difference' && row[key] > 0 ? `+${row[key]}` : row[key]}
                  </td>
                ))}
              </tr>
            );
            if (!view.reason || !isOpen) return [cells];
            return [
              cells,
              <tr key={`${row.entry_id}-why`} id={reasonId} className="border-b border-line/60" data-tie-reason>
                <td />
                <td colSpan={7} className="pb-2 text-xs leading-relaxed text-chalk">
                  {view.reason}
                </td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
      {card.unplayed && <p className="mt-2 text-xs text-mist">{w.unplayed}</p>}
      {card.matches.length > 0 && (
        <details className="mt-3" open={card.mine || undefined} data-group-matches>
          <summary className="cursor-pointer text-sm font-semibold">
            {w.groupMatches} ({card.matches.length})
          </summary>
          <div className="mt-2">
            <MatchList matches={card.matches} myEntryId={myEntryId} mine={mine} />
          </div>
        </details>
      )}
    </section>
  );
}
