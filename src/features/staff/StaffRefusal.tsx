/** Why the console has nothing for this visitor, and the one thing they can do about it. */
import type { ReactNode } from 'react';

export default function StaffRefusal({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mx-auto grid max-w-xl gap-4 p-6 text-center sm:p-8" data-staff-refusal>
      <h2 className="section-title text-2xl">{title}</h2>
      <div className="text-mist">{children}</div>
    </section>
  );
}
