/**
 * One tournament on My Tournaments: its title and how the player holds it, a refund or their final place,
 * the tournament's status, the next match (opponent, time, a link to its page) once drawn, and for a live
 * entry the check-in and the extra slots to hand on.
 */
import { Badge } from '@/components/ui/Badge';
import { CheckIn } from '@/features/brackets/CheckIn';
import type { MyEntries } from '@/features/brackets/entries';
import { ExtraSlots } from '@/features/brackets/ExtraSlots';
import type { MyPlace } from '@/features/standings/standings';
import StatusPill from '@/features/tournaments/StatusPill';
import type { TournamentStatus } from '@/features/tournaments/status';
import { useStore } from '@nanostores/react';
import { formatDateIn } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/lang';
import { anyTournamentHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { type Registration, registrationStatusTone } from './account';
import { MY_TOURNAMENTS_WORDS } from './my-tournaments-words';
import type { NextMatch } from './home';
import { NextMatchLink } from './NextMatchLink';

export function MyTournamentCard({
  row,
  mine,
  refund,
  place,
  status,
  next,
  onCheckedIn,
}: {
  row: Registration;
  mine: MyEntries | undefined;
  /** "Refund of ₹100.00 on its way", when the tournament was paid back. */
  refund: string | null;
  place: MyPlace | undefined;
  /** The tournament's own status, once read. */
  status: TournamentStatus | undefined;
  /** The player's next match here, once the draw has placed them. */
  next?: NextMatch | undefined;
  onCheckedIn: (at: string) => void;
}) {
  const lang = useStore($lang);
  const w = MY_TOURNAMENTS_WORDS[lang];
  return (
    <li className="card p-5" data-my-tournament={row.tournament_id}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <a href={localePath(anyTournamentHref(row.tournament_id), lang)} className="text-lg font-bold leading-snug hover:text-lime">
            {row.tournament_title}
          </a>
          <p className="mt-1 text-sm text-mist">
            {row.registered_at ? w.registeredOn(formatDateIn(lang, row.registered_at)) : w.fromInvitation}
          </p>
          {row.slots > 1 && <p className="mt-1 text-sm text-mist">{w.entries(row.slots)}</p>}
          {refund && (
            <p className="mt-1 text-sm font-semibold text-gold" data-refund-note>
              {refund}
            </p>
          )}
          {place && (
            <p className="mt-2 font-semibold" data-my-place>
              {w.yourPlace} <span className={place.from === 1 ? 'text-gold' : 'text-lime'}>{w.place(place.place)}</span>
            </p>
          )}
        </div>
        {row.status === 'cancelled' ? (
          <Badge tone={registrationStatusTone(row.status)}>{w.cancelled}</Badge>
        ) : status ? (
          <StatusPill tournamentId={row.tournament_id} status={status} live />
        ) : (
          <span className="inline-block min-w-24 rounded-full bg-pitch-800 px-2.5 py-1 text-xs text-transparent" aria-hidden="true">
            …
          </span>
        )}
      </div>
      {next && <NextMatchLink next={next} />}
      {mine?.my_entry && row.status !== 'cancelled' && (
        <div className="mt-4">
          <CheckIn entries={mine} onCheckedIn={onCheckedIn} />
        </div>
      )}
      {mine && <ExtraSlots slots={mine.bought} checkInClosesAt={mine.check_in.closes_at} />}
    </li>
  );
}
