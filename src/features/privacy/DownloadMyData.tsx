/**
 * The profile's "Download my data": everything the platform holds about the player, as one JSON file and
 * a readable HTML copy of the same data, with what each section holds listed on the page.
 */
import { Button } from '@/components/ui/Button';
import { ROUTES } from '@/lib/routes';
import { exportSections, sectionSize } from './privacy';
import { useMyDataExport } from './use-my-data-export';

export default function DownloadMyData({ productName, slug }: { productName: string; slug: string }) {
  const { state, hydrated, prepare, saveJson, saveHtml } = useMyDataExport(productName, slug);

  return (
    <section id="my-data" className="card mt-6 p-5" aria-labelledby="my-data-heading">
      <h2 id="my-data-heading" className="text-lg font-bold">
        Your data
      </h2>
      <p className="mt-1 text-sm text-mist">
        Download everything we hold about you: profile, entries, matches, your evidence, payments, ledger, tax, payouts, PAN (last four
        characters only), notifications and decisions about you. One download every 10 minutes.{' '}
        <a className="font-semibold text-lime underline underline-offset-4" href={ROUTES.privacyPolicy.path}>
          What we keep and why
        </a>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {state.status === 'ready' ? (
          <>
            <Button tone="primary" onClick={() => saveJson(state.data)}>
              Save the JSON file again
            </Button>
            <Button tone="ghost" onClick={() => void saveHtml(state.data)}>
              Save a readable copy (HTML)
            </Button>
          </>
        ) : (
          <Button
            tone="primary"
            disabled={!hydrated}
            busy={state.status === 'preparing'}
            busyLabel="Preparing your data…"
            onClick={() => void prepare()}
          >
            Download my data
          </Button>
        )}
      </div>
      <div role="status" className="mt-3 text-sm">
        {state.status === 'failed' && <p className="font-semibold text-danger">{state.message}</p>}
        {state.status === 'ready' && (
          <>
            <p className="text-lime">Your data is ready: the JSON file is downloading.</p>
            <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1" data-export-summary>
              {exportSections(state.data).map((section) => (
                <div key={section.key} className="contents">
                  <dt className="text-mist">{section.title}</dt>
                  <dd className="text-right">{sectionSize(section.value)}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </div>
    </section>
  );
}
