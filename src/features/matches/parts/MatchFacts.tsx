/** The match time in IST with its countdown, who hosts, and the status in words; "…" while loading. */
import type { ReactNode } from 'react';
import { formatDateIST, formatTimeIST } from '@/lib/format';
import { countdown } from '../match-steps';
import type { MatchView } from '../match-view';

export function MatchFacts({ view, now }: { view: MatchView | null; now: number }) {
  const m = view?.match;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Fact label="Match time" wide>
        {m && view ? (
          <>
            <span data-match-time>
              {formatDateIST(m.scheduled_at)}, {formatTimeIST(m.scheduled_at)}
            </span>
            {!view.situation.over && <span className="block text-sm font-normal text-mist">{countdown(view.situation.at, now)}</span>}
          </>
        ) : (
          // A typical date held invisibly under the "…": the fact wraps as the real time will.
          <>
            <span className="relative block">
              <span className="absolute inset-x-0 top-0">…</span>
              <span className="invisible">25 November 2026, 7:40 pm IST</span>
            </span>
            <span className="invisible block text-sm font-normal">in 1 h 00 min</span>
          </>
        )}
      </Fact>
      <Fact label="Host">
        <span data-match-host>{view?.hostName ?? '…'}</span>
        <span className="block text-sm font-normal text-mist">creates the friend-match room</span>
      </Fact>
      <Fact label="Status">{view ? <span data-match-status-words>{view.statusWords}</span> : '…'}</Fact>
    </dl>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`rounded-2xl bg-night/60 p-3 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-xs font-bold tracking-wider text-mist uppercase">{label}</dt>
      <dd className="mt-1 font-bold">{children}</dd>
    </div>
  );
}
