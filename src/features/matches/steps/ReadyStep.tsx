/** Step 2: press Ready in its window (T - 5 min to T + 10 min), and see whether the opponent has. */
import { useState } from 'react';
import { formatTimeIST } from '@/lib/format';
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
  const checks = !s.hosting;
  const opponentLine = (
    <p className="text-sm" data-opponent-ready={s.opponentReady ? 'yes' : 'no'}>
      {s.opponentReady ? `${opponent} is ready.` : `${opponent} is not ready yet.`}
    </p>
  );
  if (s.myReady) {
    return (
      <>
        <p data-ready-done>You are ready.</p>
        {opponentLine}
      </>
    );
  }
  return (
    <>
      <p className="text-mist">
        {now < s.readyOpensAt
          ? `Ready opens ${countdown(s.readyOpensAt, now)}, at ${formatTimeIST(new Date(s.readyOpensAt))} (5 minutes before the match).`
          : now <= s.readyClosesAt
            ? `Press Ready when you are in the room, by ${formatTimeIST(new Date(s.readyClosesAt))} (10 minutes after the match time).`
            : 'Ready has closed. A result you report still counts as ready.'}
      </p>
      {opponentLine}
      {checks && s.canReady && (
        <label className="flex items-center gap-2 text-sm font-semibold" data-settings-check>
          <input type="checkbox" className="size-5 accent-lime" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
          Settings checked: the room matches the match settings card
        </label>
      )}
      <MatchActionButton
        // Always there until Ready closes: disabled, with what is missing, so nobody misses it by not finding it.
        show={s.canReady || s.readySoon}
        disabledReason={
          now < s.readyOpensAt
            ? `Opens at ${formatTimeIST(new Date(s.readyOpensAt))}.`
            : checks && !checked
              ? 'Tick “Settings checked” above first: it tells your opponent the room matches the settings card.'
              : null
        }
        busyLabel="Telling your opponent"
        call={(matches) => matches.setReady(match.id, checks ? checked : true)}
        onChanged={onChanged}
      >
        I’m ready
      </MatchActionButton>
    </>
  );
}
