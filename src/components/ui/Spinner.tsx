/** The two spinners of the site; their look is the `.spinner` / `.spinner-inline` classes in global.css. */

/** A whole area loading: the spinner over a short label, announced as a status. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-mist">
      <span className="spinner" aria-hidden="true" />
      <span className="text-sm">{label}…</span>
    </div>
  );
}

/** Inside a busy button, before its label. */
export function InlineSpinner() {
  return <span className="spinner-inline" aria-hidden="true" />;
}
