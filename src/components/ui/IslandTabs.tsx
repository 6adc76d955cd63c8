/**
 * Tabs inside a React island (the static pages use Tabs.astro): arrow keys move between them and only
 * the active one is in the tab order.
 */
import type { ReactNode } from 'react';

export function Tabs<T extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: ReadonlyArray<{ id: T; label: string }>;
  active: T;
  onChange: (id: T) => void;
  label: string;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="mb-6 inline-flex max-w-full overflow-x-auto rounded-full border border-line bg-pitch-950 p-1"
    >
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`tab-${tab.id}`}
          aria-controls={`panel-${tab.id}`}
          aria-selected={tab.id === active}
          tabIndex={tab.id === active ? 0 : -1}
          onClick={() => onChange(tab.id)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const step = event.key === 'ArrowRight' ? 1 : -1;
            const next = tabs[(index + step + tabs.length) % tabs.length];
            onChange(next.id);
            document.getElementById(`tab-${next.id}`)?.focus();
          }}
          className={`min-h-10 shrink-0 rounded-full px-5 text-sm font-bold transition-colors ${
            tab.id === active ? 'bg-lime text-night' : 'text-mist hover:text-chalk'
          }`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus so keyboard users reach content that has no focusable element (ARIA tabs pattern)
    <div role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} tabIndex={0} className="focus:outline-none">
      {children}
    </div>
  );
}
