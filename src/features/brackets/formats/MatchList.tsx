/** A round's matches as a list of cards: one column on a phone, two or more on wider screens. */
import type { BracketMatch } from '../brackets';
import { MatchCard } from '../MatchCard';

export function MatchList({
  matches,
  myEntryId,
  mine,
  columns = 'sm:grid-cols-2',
}: {
  matches: BracketMatch[];
  myEntryId: string | null;
  mine: ReadonlySet<string>;
  columns?: string;
}) {
  return (
    <ol className={`grid gap-3 ${columns}`}>
      {matches.map((match) => (
        <li key={match.id}>
          <MatchCard match={match} myEntryId={myEntryId} onPath={mine.has(match.id)} />
        </li>
      ))}
    </ol>
  );
}
