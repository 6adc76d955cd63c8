/**
 * Where the steps go, holding their room while the match or the viewer's side is read: the footer stays
 * put instead of jumping up and back down when the steps arrive.
 */
import type { ReactNode } from 'react';

export function StepsSpace({ children }: { children?: ReactNode }) {
  return <div className="min-h-64">{children}</div>;
}
