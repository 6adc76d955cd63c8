/** Step 2: press Ready in its window (T - 5 min to T + 10 min), and see whether the opponent has. */
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
      <MatchActionButton
        show={s.canReady}
        busyLabel="Telling your opponent"
        call={(matches) => matches.setReady(match.id)}
        onChanged={onChanged}
      >
        I’m ready
      </MatchActionButton>
    </>
  );
}
