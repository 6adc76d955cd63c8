/** Small building blocks the signed-in screens share: badges, spinner, page heading. */
import type { ReactNode } from 'react';
import type { BadgeTone } from './account';

const badgeClasses: Record<BadgeTone, string> = {
  blue: 'bg-sky-400/15 text-sky-300 ring-sky-400/40',
  green: 'bg-lime/15 text-lime ring-lime/40',
  red: 'bg-danger/15 text-danger ring-danger/40',
  yellow: 'bg-gold/15 text-gold ring-gold/40',
  grey: 'bg-chalk/10 text-mist ring-chalk/25',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset ${badgeClasses[tone]}`}
    >
      {children}
    </span>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-mist">
      <span className="size-10 animate-spin rounded-full border-4 border-line border-t-lime" aria-hidden="true" />
      <span className="text-sm">{label}…</span>
    </div>
  );
}

export function PageHeading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 sm:mb-8">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="section-title mt-2 text-4xl sm:text-5xl">{title}</h1>
      {children && <div className="mt-3 max-w-2xl text-mist">{children}</div>}
    </header>
  );
}

/** Accessible tabs: arrow keys move between them, only the active one is in the tab order. */
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
    <div role="tablist" aria-label={label} className="mb-6 inline-flex rounded-full border border-line bg-pitch-950 p-1">
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
          className={`min-h-10 rounded-full px-5 text-sm font-bold transition-colors ${
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

export function ComingSoonCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="card pitch-stripes flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="eyebrow text-gold">Coming soon</span>
      <h2 className="section-title text-2xl sm:text-3xl">{title}</h2>
      {children && <div className="max-w-md text-mist">{children}</div>}
    </section>
  );
}
