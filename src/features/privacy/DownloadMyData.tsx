/**
 * The profile's "Download my data": everything the platform holds about the player, as one JSON file and
 * a readable HTML copy of the same data, with what each section holds listed on the page.
 */
import { useStore } from '@nanostores/react';
import { Button } from '@/components/ui/Button';
import { localePath } from '@/lib/i18n/lang';
import { ROUTES } from '@/lib/routes';
import { DATA_EXPORT_INTERVAL_MINUTES } from '@/lib/rules';
import { $lang } from '@/stores/lang';
import { MY_DATA_WORDS } from './my-data-words';
import { exportSections } from './privacy';
import { useMyDataExport } from './use-my-data-export';

export default function DownloadMyData({ productName, slug }: { productName: string; slug: string }) {
  const { state, hydrated, prepare, saveJson, saveHtml } = useMyDataExport(productName, slug);
  const lang = useStore($lang);
  const w = MY_DATA_WORDS[lang].download;

  return (
    <section id="my-data" className="card mt-6 p-5" aria-labelledby="my-data-heading">
      <h2 id="my-data-heading" className="text-lg font-bold">
        {w.title}
      </h2>
      <p className="mt-1 text-sm text-mist">
        {w.lead(DATA_EXPORT_INTERVAL_MINUTES)}{' '}
        <a className="font-semibold text-lime underline underline-offset-4" href={localePath(ROUTES.privacyPolicy.path, lang)}>
          {w.why}
        </a>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {state.status === 'ready' ? (
          <>
            <Button tone="primary" onClick={() => saveJson(state.data)}>
              {w.saveAgain}
            </Button>
            <Button tone="ghost" onClick={() => void saveHtml(state.data)}>
              {w.saveHtml}
            </Button>
          </>
        ) : (
          <Button
            tone="primary"
            disabled={!hydrated}
            busy={state.status === 'preparing'}
            busyLabel={w.preparing}
            onClick={() => void prepare()}
          >
            {w.button}
          </Button>
        )}
      </div>
      <div role="status" className="mt-3 text-sm">
        {state.status === 'failed' && <p className="font-semibold text-danger">{state.message}</p>}
        {state.status === 'ready' && (
          <>
            <p className="text-lime">{w.ready}</p>
            <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1" data-export-summary>
              {exportSections(state.data).map((section) => (
                <div key={section.key} className="contents">
                  <dt className="text-mist">{state.summary.section(section.key)}</dt>
                  <dd className="text-right">{state.summary.size(section.value)}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </div>
    </section>
  );
}
