/** The match time in IST with its countdown, who hosts, and the status in words; "…" while loading. */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { formatTimeIST } from '@/lib/format';
import { formatDateIn } from '@/lib/i18n/format';
import { $lang } from '@/stores/lang';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import { countdown } from '../match-steps';
import type { MatchView } from '../match-view';
import { MATCH_WORDS } from '../match-words';

export function MatchFacts({ view, now }: { view: MatchView | null; now: number }) {
  const lang = useStore($lang);
  const w = MATCH_PAGE_WORDS[lang].facts;
  const m = view?.match;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Fact label={w.time} wide>
        {m && view ? (
          <>
            <span data-match-time>
              {formatDateIn(lang, m.scheduled_at)}, {formatTimeIST(m.scheduled_at)}
            </span>
            {!view.situation.over && (
              <span className="block text-sm font-normal text-mist">{countdown(view.situation.at, now, MATCH_WORDS[lang].countdown)}</span>
            )}
          </>
        ) : (
          // A typical date held invisibly under the "…": the fact wraps as the real time will.
          <>
            <span className="relative block">
              <span className="absolute inset-x-0 top-0">…</span>
              <span className="invisible">{w.sampleDate}</span>
            </span>
            <span className="invisible block text-sm font-normal">{w.sampleCountdown}</span>
          </>
        )}
      </Fact>
      <Fact label={w.host}>
        <span data-match-host>{view?.hostName ?? '…'}</span>
        <span className="block text-sm font-normal text-mist">{w.hostNote}</span>
      </Fact>
      <Fact label={w.status}>{view ? <span data-match-status-words>{MATCH_PAGE_WORDS[lang].status[view.match.status]}</span> : '…'}</Fact>
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
