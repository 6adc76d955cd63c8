/**
 * The pod page (`/pod/?id=…`): one quick-format tournament (or a cup set up by hand, in any format) with the database's status, "2 / 4 players",
 * its times, the same pay panel as every tournament page, check-in for a player with an entry, the
 * bracket and, once played, the standings. An unknown id says so on the page (the shell never 404s).
 *
 * The page composes four areas (tournaments, payments, brackets, standings), which is why it lives here and
 * not in any of them. Its first render, the server's, is the page's frame: every block the pod fills in
 * has its place and size already, so nothing moves when the data arrives (also on a 360 px phone). The pod
 * and its bracket are public and read with plain requests, without waiting for supabase-js.
 */
import { useStore } from '@nanostores/react';
import { formatTimeIST } from '@/lib/format';
import { formatDateIn, whenIn } from '@/lib/i18n/format';
import { type Lang, localePath } from '@/lib/i18n/lang';
import { ROUTES, tournamentHref } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { POD_WORDS, type PodWords } from './pod-words';
import PayPanelIsland from '@/features/payments/PayPanelIsland';
import BracketIsland from '@/features/brackets/BracketIsland';
import CheckInIsland from '@/features/brackets/CheckInIsland';
import WaitlistIsland from '@/features/seasons/WaitlistIsland';
import StandingsIsland from '@/features/standings/StandingsIsland';
import PayoutRecordIsland from '@/features/standings/PayoutRecordIsland';
import StatusPill from '@/features/tournaments/StatusPill';
import type { TournamentStateWithId } from '@/features/tournaments/status';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import { usePod } from '@/features/tournaments/use-pods';

/**
 * The pay panel's tallest state, reserved before the pod and its status are known: slots to choose and the
 * Pay button, or for a signed-in player who holds slots, what they hold. A shorter state leaves room below.
 */
const PAY_PANEL_ROOM = 'min-h-[30rem] in-data-[auth=signed-in]:min-h-[34rem]';

export default function PodIsland({ productName, checkoutUrl }: { productName: string; checkoutUrl: string }) {
  const load = usePod();
  const pod = load.status === 'ready' ? load.pod : null;
  const state = useTournamentStates(pod ? [pod.id] : [])[pod?.id ?? ''];
  const lang = useStore($lang);
  const w = POD_WORDS[lang];

  if (load.status === 'missing' || load.status === 'error') {
    return (
      <div className="card p-8 text-center" data-pod-missing>
        <p className="text-lg font-bold">{load.status === 'missing' ? w.missing : w.loadFailed}</p>
        <p className="mt-2 text-mist">
          <a href={localePath(ROUTES.tournaments.path, lang)} className="underline hover:text-lime">
            {w.seeAll}
          </a>
        </p>
      </div>
    );
  }
  const finished = state?.status === 'finished' || state?.status === 'settled';
  return (
    <div aria-busy={pod ? undefined : true} data-pod={pod?.id} data-pod-frame={pod ? undefined : 'loading'}>
      {/* minmax(0, 1fr) columns and min-w-0: a long title truncates instead of widening the page on a phone. */}
      <div className="grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <p className="h-5 text-sm text-mist">
            {pod ? (
              <>
                {pod.series_id ? (
                  <a href={localePath(tournamentHref(pod.series_id), lang)} className="hover:text-chalk">
                    {w.formatName(pod.format)}
                  </a>
                ) : (
                  w.formatName(pod.format)
                )}
                {pod.pod_number !== null && w.pod(pod.pod_number)}
              </>
            ) : (
              <span className="inline-block h-4 w-32 rounded bg-chalk/10 align-middle" />
            )}
          </p>
          <p className="mt-4 h-6">{pod && state && <StatusPill tournamentId={pod.id} status={state.status} live />}</p>
          {/* One line on a phone too (a pod's title is "<series> #<n>"), so the title never moves what follows. */}
          <h1 className="section-title mt-3 truncate text-3xl sm:text-4xl md:text-6xl">{pod?.title ?? w.title}</h1>
          <p className="mt-3 max-w-2xl text-mist">
            {/* A cup shown on this page (no pod number) is not one of the quick formats' pods. */}
            {w.lead(!(pod && pod.pod_number === null))}
          </p>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Fact label={w.entries} entries>
              {pod ? w.entriesValue(state, pod.max_players) : '–'}
            </Fact>
            <Fact label={w.prizePool} valueClass="text-gold">
              {pod ? w.prizePoolValue(pod.prize_pool_paise / 100) : '–'}
            </Fact>
            {/* Both columns on a phone: a date and time stay on one line. */}
            <Fact label={w.starts} className="col-span-2 sm:col-span-1">
              {startsLabel(state, pod?.pod_number != null, w, lang)}
            </Fact>
          </dl>
          <p className="mt-4 min-h-10 text-sm text-mist">{noticeOf(state, pod?.pod_number != null, w, lang)}</p>
        </div>
        <div className="min-w-0">
          <div className={`grid items-start ${PAY_PANEL_ROOM}`}>
            {pod ? (
              <PayPanelIsland
                tournamentId={pod.id}
                tournamentTitle={pod.title}
                entryFeeRupees={pod.entry_fee_paise / 100}
                maxPlayers={pod.max_players}
                initialStatus={state?.status ?? 'scheduled'}
                productName={productName}
                checkoutUrl={checkoutUrl}
                promises={w.promises({
                  series: 'quick',
                  entryFeeRupees: pod.entry_fee_paise / 100,
                  prizePoolRupees: pod.prize_pool_paise / 100,
                  maxPlayers: pod.max_players,
                })}
              >
                <WaitlistIsland tournamentId={pod.id} tournamentTitle={pod.title} productName={productName} checkoutUrl={checkoutUrl} />
              </PayPanelIsland>
            ) : (
              <div className="card self-stretch" />
            )}
          </div>
          <CheckInIsland tournamentId={pod?.id ?? null} />
        </div>
      </div>
      <section className="mt-10" aria-labelledby="bracket-heading">
        <h2 id="bracket-heading" className="text-xl font-bold">
          {w.bracket}
        </h2>
        <p className="mt-2 max-w-3xl text-mist">
          {w.format(pod?.stages?.map((stage) => stage.kind) ?? null)} {w.drawRuns}
        </p>
        {pod ? (
          <BracketIsland tournamentId={pod.id} drawAt={state?.check_in_closes_at ?? null} />
        ) : (
          <div className="card mt-4 min-h-40 p-6">
            <p className="text-mist">{w.loadingBracket}</p>
          </div>
        )}
      </section>
      {pod && finished && (
        <section className="mt-10" aria-labelledby="standings-heading">
          <h2 id="standings-heading" className="text-xl font-bold">
            {w.standings}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-mist">{w.standingsLead}</p>
          <StandingsIsland tournamentId={pod.id} />
        </section>
      )}
      {pod && <PayoutRecordIsland tournamentId={pod.id} />}
    </div>
  );
}

function Fact({
  label,
  children,
  className = '',
  valueClass = '',
  entries = false,
}: {
  label: string;
  children: string;
  className?: string;
  valueClass?: string;
  /** The live entries count (tests and styles find it by `data-pod-entries`). */
  entries?: boolean;
}) {
  return (
    <div className={`rounded-2xl bg-night/60 p-3 ${className}`}>
      <dt className="text-xs font-bold tracking-wider text-mist uppercase">{label}</dt>
      <dd className={`mt-1 truncate font-bold tabular-nums ${valueClass}`} data-pod-entries={entries ? '' : undefined}>
        {children}
      </dd>
    </div>
  );
}

/** `isPod`: a pod of a series starts when it fills; a cup set up by hand keeps its published start. */
function startsLabel(state: TournamentStateWithId | undefined, isPod: boolean, w: PodWords, lang: Lang): string {
  if (!state) return '–';
  if (isPod && (state.status === 'open' || state.status === 'cancelled')) return w.afterItFills;
  return whenIn(lang, state.starts_at);
}

/** The one line under the facts: what happens to an open pod that does not fill, or why it was cancelled. */
function noticeOf(state: TournamentStateWithId | undefined, isPod: boolean, w: PodWords, lang: Lang): string {
  if (state?.status === 'open' && isPod) {
    const closes = state.registration_closes_at;
    return w.notFullBy(`${formatDateIn(lang, closes)}, ${formatTimeIST(closes)}`);
  }
  // The database's reason in the page's language (a Hindi page words its code).
  if (state?.status === 'cancelled') return w.cancelledBecause(state.cancel_reason, state.cancel_reason_code);
  return '';
}
