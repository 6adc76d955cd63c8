/** The heading of a signed-in screen: eyebrow, title and an optional line of help under it. */
import type { ReactNode } from 'react';

export function PageHeading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 sm:mb-8">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="section-title mt-2 text-4xl sm:text-5xl">{title}</h1>
      {children && <div className="mt-3 max-w-2xl text-mist">{children}</div>}
    </header>
  );
}
