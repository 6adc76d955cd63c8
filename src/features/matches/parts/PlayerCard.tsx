/** One of the two players: their name and badges (You, Host, Through). No name yet: a blank card of the same size. */
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_PAGE_WORDS } from '../match-page-words';

export function PlayerCard({
  name,
  host = false,
  you = false,
  winner = false,
}: {
  name: string | null;
  host?: boolean;
  you?: boolean;
  winner?: boolean;
}) {
  const w = useMessages(MATCH_PAGE_WORDS).players;
  return (
    <div
      className={`flex min-w-0 flex-col justify-center rounded-2xl border p-3 text-center ${you ? 'border-lime bg-lime/10' : 'border-line bg-night/60'}`}
      data-player={name ?? undefined}
      data-you={you ? '' : undefined}
    >
      <p className={`truncate font-bold ${name === null ? 'invisible' : ''}`} title={name ?? undefined}>
        {name ?? w.placeholder}
      </p>
      <p
        className={`mt-1 flex flex-wrap justify-center gap-1 text-[0.7rem] font-bold tracking-wider uppercase ${name === null ? 'invisible' : ''}`}
      >
        {you && <span className="rounded-full bg-lime px-2 py-0.5 text-night">{w.you}</span>}
        {host && <span className="rounded-full border border-line px-2 py-0.5 text-mist">{w.host}</span>}
        {winner && <span className="rounded-full bg-gold px-2 py-0.5 text-night">{w.through}</span>}
      </p>
    </div>
  );
}
