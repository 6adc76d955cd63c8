/** Small building blocks the signed-in screens share: badges, page heading, coming-soon card. */
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

export function PageHeading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 sm:mb-8">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="section-title mt-2 text-4xl sm:text-5xl">{title}</h1>
      {children && <div className="mt-3 max-w-2xl text-mist">{children}</div>}
    </header>
  );
}
