/**
 * A tournament's standings: once it is finished, the places by band (1st, 2nd, 3rd–4th ...) from
 * get_standings. Before that it says when they appear. Follows the tournament's live status, so a page
 * left open on the final shows the standings as soon as the result is confirmed.
 */
import { useMessages } from '@/lib/i18n/use-messages';
import { BRACKET_WORDS } from '@/features/brackets/bracket-words';
import { bandTone } from './standings';
import { STANDINGS_WORDS } from './standings-words';
import { useStandings } from './use-standings';

/** The podium's colours: the band's card and its place. */
const TONE_CARD = {
  gold: 'border-gold/60 bg-gold/10',
  silver: 'border-chalk/40 bg-chalk/5',
  bronze: 'border-[#d08a4f]/60 bg-[#d08a4f]/10',
} as const;
const TONE_PLACE = { gold: 'text-gold', silver: 'text-chalk', bronze: 'text-[#e3a06a]' } as const;

export default function StandingsIsland({ tournamentId }: { tournamentId: string }) {
  const { status, standings: load, finalResult } = useStandings(tournamentId);
  const w = useMessages(STANDINGS_WORDS);
  const { result } = useMessages(BRACKET_WORDS);

  if (!load) {
    return (
      <p className="card mt-4 p-5 text-mist" data-standings="waiting">
        {status === 'cancelled' ? w.cancelled : w.appearLater}
      </p>
    );
  }
  if (load.status === 'loading') return <p className="mt-4 text-mist">{w.loading}</p>;
  if (load.status === 'error') return <p className="mt-4 font-semibold text-danger">{load.message}</p>;

  return (
    <>
      {finalResult && (
        <p className="mt-4 font-semibold" data-final-result>
          {w.final} {result(finalResult)}
        </p>
      )}
      <ol role="list" className="mt-4 grid gap-3" data-standings="final">
        {load.value.map((band) => {
          const tone = bandTone(band);
          return (
            <li
              key={band.place}
              className={`card grid grid-cols-[5.5rem_minmax(0,1fr)] items-center gap-3 p-4 sm:grid-cols-[7rem_minmax(0,1fr)] ${tone ? TONE_CARD[tone] : ''}`}
              data-band={band.place}
            >
              <div>
                <p className={`font-display text-2xl leading-none sm:text-3xl ${tone ? TONE_PLACE[tone] : 'text-chalk'}`}>
                  {w.place(band.place)}
                </p>
                <p className="mt-1 text-xs text-mist">{w.bandTitle(band)}</p>
              </div>
              <ul role="list" className="flex flex-wrap gap-x-4 gap-y-1 font-semibold">
                {band.entries.map((entry) => (
                  <li key={entry.entry_id} className="break-all" data-standing-player>
                    {entry.in_game_name ?? w.aPlayer}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </>
  );
}
