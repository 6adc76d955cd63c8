/**
 * The edition page's island: an edition of a recurring series the database made after the site was built.
 * It reads `?id=` and loads the edition's row and status; the series' description and rules come from the
 * build (they are the catalog's). An unknown id says so on the page.
 */
import { useStore } from '@nanostores/react';
import CheckInIsland from '@/features/brackets/CheckInIsland';
import PayPanelIsland from '@/features/payments/PayPanelIsland';
import { catalogText } from '@/features/tournaments/catalog-text';
import { payPanelPromises } from '@/features/tournaments/promises';
import { statusLabelIn } from '@/features/tournaments/status-words';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';
import { formatDateTimeIn } from '@/lib/i18n/format';
import { hrefIn } from '@/lib/i18n/links';
import { moneyWordsIn } from '@/lib/i18n/money-words';
import { monthlyRuleIn } from '@/lib/i18n/monthly-rule';
import { useMessages } from '@/lib/i18n/use-messages';
import { ROUTES, tournamentHref } from '@/lib/routes';
import { editionTournament, type RecurringSeries } from '@/features/tournaments/recurrence';
import { $lang } from '@/stores/lang';
import type { BuiltPromises } from './edition-promises';
import { EDITION_WORDS } from './edition-words';
import { useEdition } from './use-calendar';
import { formatNameIn } from '@/features/tournaments/format-names';

type Props = {
  series: RecurringSeries[];
  builtIds: string[];
  productName: string;
  checkoutUrl: string;
  /** A Hindi page's pay panel promises, worded at build time for each series and size (edition-promises.ts). */
  builtPromises: BuiltPromises[];
};

export default function EditionIsland({ series, builtIds, productName, checkoutUrl, builtPromises }: Props) {
  const loaded = useEdition();
  const states = useTournamentStates(loaded.status === 'ready' ? [loaded.edition.id] : []);
  const w = useMessages(EDITION_WORDS);
  const lang = useStore($lang);

  if (loaded.status === 'loading') {
    return (
      // Hidden at once when the link names no edition: the page's own block says so (edition/index.astro).
      <div className="card min-h-64 p-6 in-data-[edition-link=none]:hidden" aria-busy="true">
        <p className="text-mist">{w.loading}</p>
      </div>
    );
  }
  if (loaded.status === 'error') return <p className="card p-6 text-danger">{loaded.message}</p>;
  // No `?id=`: the page's static block already says so.
  if (loaded.status === 'missing' && loaded.id === null) return null;
  if (loaded.status === 'missing') {
    return (
      <div className="card p-6">
        <h1 className="font-display text-3xl uppercase">{w.missingHeading}</h1>
        <p className="mt-2 text-mist">
          {w.missing(loaded.id)}{' '}
          <a href={hrefIn(ROUTES.tournaments.path, lang)} className="underline">
            {w.seeAll}
          </a>
          {w.end}
        </p>
      </div>
    );
  }
  const { edition } = loaded;
  const ofSeries = series.find((s) => s.id === edition.edition_of);
  // A Hindi page's promises were worded at build time for each series and size (edition-promises.ts): the Hindi
  // wording never loads as JavaScript (a dynamic import of it regrouped the shared chunks and grew the pod and
  // tournament pages by 3 to 5 KB). A size the build did not know (changed in the database, not the catalog,
  // since the build) falls back to the English lines the panel words itself.
  const built = builtPromises.find((b) => b.series === edition.edition_of && b.maxPlayers === edition.max_players);
  const state = states[edition.id];
  const money = moneyWordsIn(lang, { entryFeeRupees: edition.entry_fee_paise / 100, prizePoolRupees: edition.prize_pool_paise / 100 });
  const words = ofSeries ? catalogText(ofSeries, lang) : null;
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
  // The edition's own title in the page's language: the series' Hindi twin with the month in Hindi (recurrence.ts
  // editionHindi), the English title for an edition renamed since.
  const heading = tournament ? catalogText(tournament, lang) : null;
  return (
    <article data-edition={edition.id}>
      <p className="eyebrow">{formatNameIn(lang, edition.format)}</p>
      <h1 className="section-title mt-2 text-4xl md:text-6xl" lang={heading?.lang.title}>
        {heading?.title ?? edition.title}
      </h1>
      {builtIds.includes(edition.id) && (
        <p className="mt-2 text-sm">
          <a href={hrefIn(tournamentHref(edition.id), lang)} className="underline">
            {w.fullPage}
          </a>
        </p>
      )}
      <dl className="card mt-6 grid gap-4 p-6 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs text-mist uppercase">{w.starts}</dt>
          <dd className="font-bold">{formatDateTimeIn(lang, edition.starts_at)}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist uppercase">{w.entry}</dt>
          <dd className="font-bold">{money.fee}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist uppercase">{w.prizePool}</dt>
          <dd className="font-bold text-gold">{money.prize}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist uppercase">{w.status}</dt>
          <dd className="font-bold" data-edition-status={edition.id}>
            {state
              ? `${statusLabelIn(lang, state.status)} · ${w.players(state.entries, state.capacity)}`
              : w.players('–', edition.max_players)}
          </dd>
        </div>
      </dl>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        {ofSeries && words ? (
          <section className="space-y-3">
            <p className="text-lg" lang={words.lang.text}>
              {words.description}
            </p>
            <p className="text-mist">
              {monthlyRuleIn(lang, ofSeries.every)}
              {w.end}
            </p>
            <p className="text-mist" lang={words.lang.text}>
              {words.importantInfo}
            </p>
            <h2 className="section-title mt-6 text-2xl">{w.rules}</h2>
            <ul className="list-disc space-y-1 pl-5" lang={words.lang.text}>
              {words.rules.map((rule) => (
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
            promises={tournament ? (built?.lines ?? payPanelPromises(tournament)) : undefined}
          />
          <CheckInIsland tournamentId={edition.id} />
        </div>
      </div>
    </article>
  );
}
