/**
 * The signed-in part of the dashboard: "Check in now" for every entry whose check-in is open, "Your next
 * matches" (opponent, time, the match page), "On a waitlist" (each place's position, its check-in window
 * and a button to leave it) and "My entries" with their live status. The data is My Tournaments' own
 * (useMyTournaments), so both pages agree and update together.
 */
import { CheckIn } from '@/features/brackets/CheckIn';
import { checkInView } from '@/features/brackets/entries';
import { MyWaitlistPlaces } from '@/features/seasons/MyWaitlistPlaces';
import StatusPill from '@/features/tournaments/StatusPill';
import { useStore } from '@nanostores/react';
import { localePath } from '@/lib/i18n/lang';
import { anyTournamentHref, ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import type { Registration } from './account';
import { isCurrentEntry } from './home';
import { NextMatchLink } from './NextMatchLink';
import { HOME_WORDS } from './home-words';
import { useMyTournaments } from './use-my-tournaments';

export default function SignedInHome({ userId }: { userId: string }) {
  const mine = useMyTournaments(userId);
  const lang = useStore($lang);
  const w = HOME_WORDS[lang];
  const current = mine.rows.filter((row) => isCurrentEntry(row, mine.states[row.tournament_id]?.status));
  const due = current.filter((row) => {
    const entries = mine.entries[row.tournament_id];
    return entries !== undefined && checkInView(entries)?.kind === 'open';
  });
  const nexts = current.flatMap((row) => {
    const next = mine.nextMatches[row.tournament_id];
    return next ? [{ row, next }] : [];
  });

  return (
    <div className="mt-8 grid gap-8" data-dashboard-home>
      {due.length > 0 && (
        <section aria-labelledby="due-heading" data-check-ins-due>
          <h2 id="due-heading" className="section-title text-3xl">
            {w.checkInNow}
          </h2>
          <p className="mt-1 text-sm text-mist">{w.checkInRule}</p>
          <ul role="list" className="mt-4 grid gap-3 sm:grid-cols-2">
            {due.map((row) => {
              const entries = mine.entries[row.tournament_id];
              return (
                <li key={row.tournament_id} className="card p-4" data-due={row.tournament_id}>
                  <a href={localePath(anyTournamentHref(row.tournament_id), lang)} className="font-bold hover:text-lime">
                    {row.tournament_title}
                  </a>
                  {entries && (
                    <div className="mt-3">
                      <CheckIn entries={entries} onCheckedIn={(at) => mine.checkedIn(row.tournament_id, at)} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {nexts.length > 0 && (
        <section aria-labelledby="next-heading">
          <h2 id="next-heading" className="section-title text-3xl">
            {w.nextMatches(nexts.length)}
          </h2>
          <ul role="list" className="mt-2 grid gap-3 sm:grid-cols-2">
            {nexts.map(({ row, next }) => (
              <li key={next.match_id}>
                <NextMatchLink next={next} label={row.tournament_title} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <MyWaitlistPlaces places={mine.waitlist} onLeft={mine.leftWaitlist} onCheckedIn={mine.reloadWaitlist} />

      <section aria-labelledby="entries-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="entries-heading" className="section-title text-3xl">
            {w.myEntries}
          </h2>
          <a href={localePath(ROUTES.myTournaments.path, lang)} className="font-semibold text-lime underline-offset-4 hover:underline">
            {w.allMine}
          </a>
        </div>
        {mine.status === 'loading' ? (
          <p className="mt-3 text-mist">{w.loadingEntries}</p>
        ) : mine.status === 'error' ? (
          <p className="mt-3 font-semibold text-danger">{w.entriesFailed}</p>
        ) : current.length === 0 ? (
          <p className="card mt-3 p-5 text-mist">
            {w.noEntries}{' '}
            <a href={localePath(ROUTES.tournaments.path, lang)} className="font-semibold text-lime underline-offset-4 hover:underline">
              {w.findTournament}
            </a>
          </p>
        ) : (
          <ul role="list" className="mt-3 grid gap-3 sm:grid-cols-2">
            {current.map((row) => (
              <EntryRow
                key={row.tournament_id}
                row={row}
                status={mine.states[row.tournament_id]?.status}
                entries={due.includes(row) ? undefined : mine.entries[row.tournament_id]}
                onCheckedIn={(at) => mine.checkedIn(row.tournament_id, at)}
              />
            ))}
          </ul>
        )}
        <p className="mt-4 text-sm text-mist">
          <a href={localePath(ROUTES.trade.path, lang)} className="font-semibold text-lime underline-offset-4 hover:underline">
            {w.tradeCenter}
          </a>{' '}
          {w.tradeSoon}
        </p>
      </section>
    </div>
  );
}

function EntryRow({
  row,
  status,
  entries,
  onCheckedIn,
}: {
  row: Registration;
  status: Parameters<typeof StatusPill>[0]['status'] | undefined;
  /** Shown with its check-in state, unless "Check in now" above already holds it. */
  entries: Parameters<typeof CheckIn>[0]['entries'] | undefined;
  onCheckedIn: (at: string) => void;
}) {
  const lang = useStore($lang);
  return (
    <li className="card p-4" data-home-entry={row.tournament_id}>
      <div className="flex items-start justify-between gap-3">
        <a href={localePath(anyTournamentHref(row.tournament_id), lang)} className="min-w-0 font-bold break-words hover:text-lime">
          {row.tournament_title}
        </a>
        {status && <StatusPill tournamentId={row.tournament_id} status={status} live />}
      </div>
      {entries?.my_entry && (
        <div className="mt-3">
          <CheckIn entries={entries} onCheckedIn={onCheckedIn} />
        </div>
      )}
    </li>
  );
}
