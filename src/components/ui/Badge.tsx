/** A small coloured status label; the tone says good (green), waiting (blue, yellow), bad (red) or inactive (grey). */
import type { ReactNode } from 'react';

export type BadgeTone = 'blue' | 'green' | 'red' | 'yellow' | 'grey';

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
