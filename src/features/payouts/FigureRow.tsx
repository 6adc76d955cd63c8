/** One line of a money breakdown (a withdrawal's tax, the statement's totals): label left, amount right. */
import type { ReactNode } from 'react';

export function FigureRow({ label, value, strong = false, testId }: { label: ReactNode; value: string; strong?: boolean; testId: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1.5 ${strong ? 'border-t border-line pt-2 text-base font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-mist'}>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
