/**
 * The bracket of one tournament (the Brackets tab of a tournament page, and the pod page): before the
 * draw, when it runs and the published commitment; after it, round tabs on a phone and the whole tree
 * on a wide screen, byes shown as "bye", the signed-in player's own path highlighted and one line that
 * says where they stand. Tournaments in stages (groups then a knockout, Swiss, double elimination) get
 * their own view (formats/), loaded only for them. Follows results live.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { whenIn } from '@/lib/i18n/format';
import { hindiWordsReady } from '@/lib/i18n/island-words';
import { localePath } from '@/lib/i18n/lang';
import { useMessages } from '@/lib/i18n/use-messages';
import { isPodId, matchHref, ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { BRACKET_WORDS } from './bracket-words';
import { type Bracket, isDrawn, pathOf, shortHash } from './brackets';
import { formatStandingOf } from './formats/standing';
import { formatViewOf } from './formats/stages';
import { KnockoutView } from './KnockoutView';
import { useBracket } from './use-bracket';
import { useTournamentStates } from '@/features/tournaments/use-tournament-states';

// Its Hindi words arrive with it (lib/i18n/island-words.ts): rendered only once they are there.
const FormatStages = lazy(() =>
  import('./formats/FormatStages').then(async (module) => {
    await hindiWordsReady();
    return module;
  }),
);

export type BracketIslandProps = {
  tournamentId: string;
  /** When check-in closes and the draw runs (the database's time); null while unknown. */
  drawAt: string | null;
};

export default function BracketIsland({ tournamentId, drawAt }: BracketIslandProps) {
  const { load } = useBracket(tournamentId);
  // The database's time wins over the build-time estimate (a postponement moves it).
  const state = useTournamentStates([tournamentId])[tournamentId];
  const lang = useStore($lang);
  const w = BRACKET_WORDS[lang];

  if (load.status === 'loading') {
    return (
      <div className="card mt-4 min-h-40 p-6" aria-busy="true" data-bracket="loading">
        <p className="text-mist">{w.loading}</p>
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className="card mt-4 p-6" data-bracket="error">
        <p className="font-semibold text-danger">{w.loadFailed}</p>
        <p className="mt-1 text-sm text-mist">{load.message}</p>
      </div>
    );
  }

  const { bracket, mine } = load;
  const myEntry = mine?.my_entry ?? null;
  // An open pod's times are its fill deadline: its draw runs shortly after it fills, at a time not known yet.
  const podFilling = isPodId(tournamentId) && (state === undefined || state.status === 'open');
  const closesAt = podFilling ? null : (mine?.check_in.closes_at ?? state?.check_in_closes_at ?? drawAt);
  const standing = formatStandingOf(bracket, myEntry, closesAt);
  const standingText = standing && w.standing(standing, (at) => whenIn(lang, at));
  return (
    <div className="mt-4 space-y-4" data-bracket={isDrawn(bracket) ? 'drawn' : 'waiting'}>
      {standing && (
        <p className="rounded-2xl border border-lime/40 bg-lime/10 px-4 py-3 font-semibold" data-my-standing>
          {standing.kind === 'next' ? (
            <a
              href={localePath(matchHref(standing.matchId), lang)}
              className="underline decoration-lime/60 underline-offset-4 hover:text-lime"
              data-my-match-link
            >
              {standingText}
            </a>
          ) : (
            standingText
          )}
        </p>
      )}
      {isDrawn(bracket) ? (
        <DrawnBracket bracket={bracket} myEntryId={myEntry?.entry_id ?? null} />
      ) : (
        <BeforeDraw bracket={bracket} drawAt={closesAt} />
      )}
    </div>
  );
}

function BeforeDraw({ bracket, drawAt }: { bracket: Bracket; drawAt: string | null }) {
  const lang = useStore($lang);
  const w = BRACKET_WORDS[lang];
  return (
    <div className="card p-6">
      <p className="text-lg font-bold">{w.drawNotRun}</p>
      <p className="mt-1 text-mist">
        {drawAt ? w.runsAt(whenIn(lang, drawAt)) : w.runsWhenCheckInCloses} {w.randomPlaces}
      </p>
      {bracket.draw.commitment && (
        <p className="mt-3 text-sm text-mist">
          {w.commitmentLabel}{' '}
          <code className="break-all text-chalk" data-commitment>
            {bracket.draw.commitment}
          </code>
        </p>
      )}
      <VerifyLink />
    </div>
  );
}

function VerifyLink() {
  const lang = useStore($lang);
  return (
    <p className="mt-3 text-sm">
      <a href={localePath(ROUTES.verifyDraw.path, lang)} className="underline hover:text-lime">
        {BRACKET_WORDS[lang].verifyDraw}
      </a>
    </p>
  );
}

function DrawnBracket({ bracket, myEntryId }: { bracket: Bracket; myEntryId: string | null }) {
  const mine = new Set(pathOf(bracket, myEntryId).map((match) => match.id));
  const format = formatViewOf(bracket);
  const w = useMessages(BRACKET_WORDS);
  return (
    <>
      {format ? (
        // Groups, Swiss and double elimination load with their own module: a knockout page never carries them.
        <Suspense fallback={<p className="card min-h-40 p-6 text-mist">{w.loading}</p>}>
          <FormatStages bracket={bracket} format={format} myEntryId={myEntryId} mine={mine} />
        </Suspense>
      ) : (
        <KnockoutView bracket={bracket} myEntryId={myEntryId} mine={mine} />
      )}
      <DrawFacts bracket={bracket} />
    </>
  );
}

function DrawFacts({ bracket }: { bracket: Bracket }) {
  const { draw } = bracket;
  const lang = useStore($lang);
  const w = BRACKET_WORDS[lang];
  return (
    <details className="card p-4 text-sm">
      <summary className="cursor-pointer font-semibold">
        {w.howDrawMade}
        {draw.drawn_at ? ` (${whenIn(lang, draw.drawn_at)})` : ''}
      </summary>
      <dl className="mt-3 space-y-2 text-mist">
        <div>
          <dt className="font-semibold text-chalk">{w.commitmentPublished}</dt>
          <dd className="break-all font-mono" title={draw.commitment ?? ''}>
            {draw.commitment ? shortHash(draw.commitment) : '–'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-chalk">{w.secretRevealed}</dt>
          <dd className="break-all font-mono">{draw.secret ?? '–'}</dd>
        </div>
        <div>
          <dt className="font-semibold text-chalk">{w.entriesDrawn}</dt>
          <dd>
            {draw.entry_ids.length}
            {draw.bracket_size ? w.inBracketOf(draw.bracket_size) : ''}
          </dd>
        </div>
      </dl>
      <VerifyLink />
    </details>
  );
}
