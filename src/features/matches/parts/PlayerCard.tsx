/** One of the two players: their name and badges (You, Host, Through). No name yet: a blank card of the same size. */
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
  return (
    <div
      className={`flex min-w-0 flex-col justify-center rounded-2xl border p-3 text-center ${you ? 'border-lime bg-lime/10' : 'border-line bg-night/60'}`}
      data-player={name ?? undefined}
      data-you={you ? '' : undefined}
    >
      <p className={`truncate font-bold ${name === null ? 'invisible' : ''}`} title={name ?? undefined}>
        {name ?? 'Player'}
      </p>
      <p
        className={`mt-1 flex flex-wrap justify-center gap-1 text-[0.7rem] font-bold tracking-wider uppercase ${name === null ? 'invisible' : ''}`}
      >
        {you && <span className="rounded-full bg-lime px-2 py-0.5 text-night">You</span>}
        {host && <span className="rounded-full border border-line px-2 py-0.5 text-mist">Host</span>}
        {winner && <span className="rounded-full bg-gold px-2 py-0.5 text-night">Through</span>}
      </p>
    </div>
  );
}
