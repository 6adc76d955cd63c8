/** A state that replaces or leads the steps (waiting, a dispute, a walkover claimed): a card with a title. */
import type { ReactNode } from 'react';

export function Notice({
  title,
  tone = 'info',
  data,
  children,
}: {
  title: string;
  tone?: 'info' | 'alert';
  data?: string;
  children: ReactNode;
}) {
  return (
    <section className={`card border p-4 sm:p-5 ${tone === 'alert' ? 'border-gold/80' : 'border-lime/60'}`} data-notice={data}>
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-1 text-mist">{children}</div>
    </section>
  );
}
