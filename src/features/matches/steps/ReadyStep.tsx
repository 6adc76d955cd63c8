/** Step 2: press Ready in its window (T - 5 min to T + 10 min), and see whether the opponent has. */
import { useState } from 'react';
import { formatTimeIST } from '@/lib/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import type { MatchRow } from '../match-schemas';
import { countdown, type MatchSituation } from '../match-steps';
import { MatchActionButton } from './MatchActionButton';

export function ReadyStep({
  match,
  situation: s,
  now,
  opponent,
  onChanged,
}: {
  match: MatchRow;
  situation: MatchSituation;
  now: number;
  opponent: string;
  onChanged: () => void;
}) {
  // The guest checks the room against the settings card as part of Ready (set_ready's p_settings_checked).
  const [checked, setChecked] = useState(false);
  const w = useMessages(MATCH_WORDS);
  const r = w.ready;
  const checks = !s.hosting;
  const opponentLine = (
    <p className="text-sm" data-opponent-ready={s.opponentReady ? 'yes' : 'no'}>
      {s.opponentReady ? r.opponentReady(opponent) : r.opponentNotReady(opponent)}
    </p>
  );
  if (s.myReady) {
    return (
      <>
        <p data-ready-done>{r.done}</p>
        {opponentLine}
      </>
    );
  }
  return (
    <>
      <p className="text-mist">
        {now < s.readyOpensAt
          ? r.opens(countdown(s.readyOpensAt, now, w.countdown), formatTimeIST(new Date(s.readyOpensAt)))
          : now <= s.readyClosesAt
            ? r.pressBy(formatTimeIST(new Date(s.readyClosesAt)))
            : r.closed}
      </p>
      {opponentLine}
      {checks && s.canReady && (
        <label className="flex items-center gap-2 text-sm font-semibold" data-settings-check>
          <input type="checkbox" className="size-5 accent-lime" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
          {r.settingsChecked}
        </label>
      )}
      <MatchActionButton
        // Always there until Ready closes: disabled, with what is missing, so nobody misses it by not finding it.
        show={s.canReady || s.readySoon}
        disabledReason={now < s.readyOpensAt ? r.opensAt(formatTimeIST(new Date(s.readyOpensAt))) : checks && !checked ? r.tickFirst : null}
        busyLabel={r.busy}
        call={(matches) => matches.setReady(match.id, checks ? checked : true)}
        onChanged={onChanged}
      >
        {r.button}
      </MatchActionButton>
    </>
  );
}
