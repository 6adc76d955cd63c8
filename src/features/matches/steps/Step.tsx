/** One numbered step of the player's list: its number (a tick once done), its title and its content. */
import type { ReactNode } from 'react';
import type { StepMark } from '../match-steps';

import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';

const LOOK: Record<StepMark, string> = { now: 'border-lime', done: 'border-line opacity-90', later: 'border-line/60' };
const NUMBER_LOOK: Record<StepMark, string> = {
  done: 'bg-lime text-night',
  now: 'border-2 border-lime text-lime',
  later: 'border border-line text-mist',
};

export function Step({
  number,
  title,
  mark,
  data,
  children,
}: {
  number: number;
  title: string;
  mark: StepMark;
  data: string;
  children: ReactNode;
}) {
  const marks = useMessages(MATCH_WORDS).steps.marks;
  return (
    <li
      className={`card border p-4 sm:p-5 ${LOOK[mark]}`}
      data-step={data}
      data-step-mark={mark}
      aria-current={mark === 'now' ? 'step' : undefined}
    >
      <h2 className="flex items-center gap-3 text-lg font-bold">
        <span className={`grid size-7 shrink-0 place-items-center rounded-full text-sm ${NUMBER_LOOK[mark]}`} aria-hidden="true">
          {mark === 'done' ? '✓' : number}
        </span>
        {title}
        <span className="sr-only">({marks[mark]})</span>
      </h2>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </li>
  );
}
