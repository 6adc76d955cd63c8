/** The player's next match in one tournament: round, opponent and time, linking to its match page. */
import { whenIST } from '@/lib/format';
import { matchHref } from '@/lib/routes';
import { type NextMatch, nextMatchLine } from './home';

export function NextMatchLink({ next, label = 'Your next match' }: { next: NextMatch; label?: string }) {
  return (
    <a
      href={matchHref(next.match_id)}
      className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-lime/60 bg-lime/10 p-4 hover:border-lime"
      data-next-match={next.match_id}
    >
      <span className="min-w-0">
        <span className="block text-xs font-bold tracking-wider text-lime uppercase">{label}</span>
        <span className="block font-semibold break-words">{nextMatchLine(next)}</span>
        <time className="block text-sm text-mist" dateTime={next.scheduled_at}>
          {whenIST(next.scheduled_at)}
        </time>
      </span>
      <span className="btn btn-primary shrink-0">Open match</span>
    </a>
  );
}
