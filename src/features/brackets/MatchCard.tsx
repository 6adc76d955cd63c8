/**
 * One match as a card: its status and time, both sides with their goals, the winner marked, the signed-in
 * player's side marked, and the result in words (a draw, in groups and Swiss, reads as one). The whole card
 * opens the match page once both players are known.
 */
import { useStore } from '@nanostores/react';
import { whenIn } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/lang';
import { matchHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { BRACKET_WORDS } from './bracket-words';
import { type BracketMatch, hasMatchPage, matchResult, scoreLabel, sideLabel } from './brackets';

export type MatchCardProps = {
  match: BracketMatch;
  myEntryId: string | null;
  onPath: boolean;
  /** A few words under a player's name, by entry id ("winner of group A"). */
  notes?: ReadonlyMap<string, string>;
};

/** A confirmed match with a level score and no winner: a draw (groups and Swiss). */
const isDraw = (match: BracketMatch) =>
  match.status === 'confirmed' && match.winner_entry_id === null && match.score !== null && match.score[0] === match.score[1];

export function MatchCard({ match, myEntryId, onPath, notes }: MatchCardProps) {
  const score = scoreLabel(match);
  const result = matchResult(match);
  const lang = useStore($lang);
  const w = BRACKET_WORDS[lang];
  const side = (index: 0 | 1) => sideLabel(match, index, w);
  const card = (
    <article
      className={`rounded-2xl border p-3 ${onPath ? 'border-lime bg-lime/10' : 'border-line bg-pitch-900'} ${hasMatchPage(match) ? 'transition-colors group-hover:border-lime group-focus-visible:border-lime' : ''}`}
      data-match={match.id}
      data-my-path={onPath ? '' : undefined}
      aria-label={w.against(side(0), side(1))}
    >
      <div className="flex items-center justify-between gap-2 text-xs text-mist">
        <span>{w.status[match.status] ?? match.status}</span>
        {match.scheduled_at && match.status !== 'bye' && <time dateTime={match.scheduled_at}>{whenIn(lang, match.scheduled_at)}</time>}
      </div>
      <ul className="mt-2 space-y-1" role="list">
        {([0, 1] as const).map((index) => {
          const entry = match.entries[index];
          const isMe = entry !== null && entry.entry_id === myEntryId;
          const won = entry !== null && entry.entry_id === match.winner_entry_id;
          const note = entry ? notes?.get(entry.entry_id) : undefined;
          return (
            <li key={index} className="flex items-center justify-between gap-2" data-side={index === 0 ? 'a' : 'b'}>
              <span
                className={`min-w-0 truncate ${entry ? (won ? 'font-bold text-chalk' : 'text-chalk') : 'text-mist'} ${isMe ? 'text-lime' : ''}`}
              >
                {won && (
                  <span className="text-lime" aria-hidden="true">
                    ✓{' '}
                  </span>
                )}
                {side(index)}
                {isMe && <span className="text-xs font-bold"> {w.you}</span>}
                {note && <span className="text-xs font-normal text-mist"> · {note}</span>}
              </span>
              {score && <span className="font-bold tabular-nums">{match.score?.[index]}</span>}
            </li>
          );
        })}
      </ul>
      {result && (
        <p className="mt-1 truncate text-xs text-mist" data-match-result title={w.result(result)}>
          {w.result({ ...result, loser: null })}
        </p>
      )}
      {isDraw(match) && (
        <p className="mt-1 text-xs text-mist" data-match-result>
          {w.draw(score ?? '')}
        </p>
      )}
    </article>
  );
  if (!hasMatchPage(match)) return card;
  // The whole card opens the match page: its room, Ready, the report and the result.
  return (
    <a
      href={localePath(matchHref(match.id), lang)}
      className="group block rounded-2xl focus-visible:outline-2 focus-visible:outline-lime"
      data-match-link
    >
      {card}
    </a>
  );
}
