/**
 * The edition page's island: an edition of a recurring series the database made after the site was built.
 * It reads `?id=` and loads the edition's row and status; the series' description and rules come from the
 * build (they are the catalog's). An unknown id says so on the page.
 */
import CheckInIsland from '@/features/brackets/CheckInIsland';
import PayPanelIsland from '@/features/payments/PayPanelIsland';
import { payPanelPromises } from '@/features/tournaments/promises';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import { formatDateTimeIST, formatEntryFee, formatPrizePool } from '@/lib/format';
import { ROUTES, tournamentHref } from '@/lib/routes';
import { describeRule, editionTournament, type RecurringSeries } from '@/features/tournaments/recurrence';
import { useEdition } from './use-calendar';

type Props = { series: RecurringSeries[]; builtIds: string[]; productName: string; checkoutUrl: string };

export default function EditionIsland({ series, builtIds, productName, checkoutUrl }: Props) {
  const loaded = useEdition();
  const states = useTournamentStates(loaded.status === 'ready' ? [loaded.edition.id] : []);

  if (loaded.status === 'loading') {
    return (
      <div className="card min-h-64 p-6" aria-busy="true">
        <p className="text-mist">Loading the edition…</p>
      </div>
    );
  }
  if (loaded.status === 'error') return <p className="card p-6 text-danger">{loaded.message}</p>;
  if (loaded.status === 'missing') {
    return (
      <div className="card p-6">
        <h1 className="font-display text-3xl uppercase">No such edition</h1>
        <p className="mt-2 text-mist">
          {loaded.id ? `There is no edition "${loaded.id}".` : 'This link names no edition.'}{' '}
          <a href={ROUTES.tournaments.path} className="underline">
            See all tournaments
          </a>
          .
        </p>
      </div>
    );
  }
  const { edition } = loaded;
  const ofSeries = series.find((s) => s.id === edition.edition_of);
  const state = states[edition.id];
  // The edition in the catalog's shape: its series' prizes and words, its own row's title, size and start.
  const tournament = ofSeries
    ? editionTournament(ofSeries, {
        ...edition,
        series_id: edition.edition_of,
        winner_prize_paise: null,
        prize_formula: [],
        creates_at: edition.starts_at,
        cancel_reason: null,
      })
    : null;
  return (
    <article data-edition={edition.id}>
      <p className="eyebrow">{edition.format}</p>
      <h1 className="section-title mt-2 text-4xl md:text-6xl">{edition.title}</h1>
      {builtIds.includes(edition.id) && (
        <p className="mt-2 text-sm">
          <a href={tournamentHref(edition.id)} className="underline">
            Open the edition's full page
          </a>
        </p>
      )}
      <dl className="card mt-6 grid gap-4 p-6 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs text-mist uppercase">Starts</dt>
          <dd className="font-bold">{formatDateTimeIST(edition.starts_at)}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist uppercase">Entry</dt>
          <dd className="font-bold">{formatEntryFee(edition.entry_fee_paise / 100)}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist uppercase">Prize pool</dt>
          <dd className="font-bold text-gold">{formatPrizePool(edition.prize_pool_paise / 100)}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist uppercase">Status</dt>
          <dd className="font-bold" data-edition-status={edition.id}>
            {state ? `${state.label} · ${state.entries} / ${state.capacity} players` : `– / ${edition.max_players} players`}
          </dd>
        </div>
      </dl>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        {ofSeries ? (
          <section className="space-y-3">
            <p className="text-lg">{ofSeries.description}</p>
            <p className="text-mist">{describeRule(ofSeries.every)}.</p>
            <p className="text-mist">{ofSeries.importantInfo}</p>
            <h2 className="section-title mt-6 text-2xl">Rules</h2>
            <ul className="list-disc space-y-1 pl-5">
              {ofSeries.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </section>
        ) : (
          <div />
        )}
        <div className="min-w-0">
          <PayPanelIsland
            tournamentId={edition.id}
            tournamentTitle={edition.title}
            entryFeeRupees={edition.entry_fee_paise / 100}
            maxPlayers={edition.max_players}
            initialStatus={state?.status ?? 'scheduled'}
            productName={productName}
            checkoutUrl={checkoutUrl}
            promises={tournament ? payPanelPromises(tournament) : undefined}
          />
          <CheckInIsland tournamentId={edition.id} />
        </div>
      </div>
    </article>
  );
}
