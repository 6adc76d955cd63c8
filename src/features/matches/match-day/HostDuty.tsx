/**
 * Step 1's match-day lines: who hosts and until when the top slot has to post the room (then the guest may
 * host), the guest taking over, and the new room a disconnection ruling asks for.
 */
import { formatTimeIST } from '@/lib/format';
import { settingsRows } from '@/lib/match-settings';
import type { MatchRow } from '../match-schemas';
import { countdown, type MatchSituation } from '../match-steps';
import { useMatchSettings } from './use-match-day';

export function HostDuty({
  match,
  situation: s,
  now,
  names,
}: {
  match: MatchRow;
  situation: MatchSituation;
  now: number;
  names: { me: string; opponent: string };
}) {
  const deadline = formatTimeIST(new Date(s.hostDeadline));
  return (
    <>
      <HostLine match={match} situation={s} now={now} names={names} deadline={deadline} />
      <RoomSettingsLine matchId={match.id} hosting={s.hosting || s.canTakeOverRoom} />
    </>
  );
}

/** The room's settings in one line: what the host sets, what the guest checks. */
function RoomSettingsLine({ matchId, hosting }: { matchId: string; hosting: boolean }) {
  const settings = useMatchSettings(matchId);
  if (settings.status !== 'ready') return null;
  const v = settings.value;
  const line = settingsRows({
    matchMinutes: v.match_minutes,
    extraTime: v.extra_time,
    penalties: v.penalties,
    injuries: v.injuries,
    condition: v.condition,
    substitutions: v.substitutions,
  })
    .map(([label, value]) => `${label} ${value}`)
    .join(' · ');
  return (
    <p className="text-sm" data-room-settings>
      {hosting ? 'Set the room to: ' : 'The room is set to: '}
      {line}
    </p>
  );
}

function HostLine({
  match,
  situation: s,
  now,
  names,
  deadline,
}: {
  match: MatchRow;
  situation: MatchSituation;
  now: number;
  names: { me: string; opponent: string };
  deadline: string;
}) {
  if (s.newRoomNeeded) {
    return (
      <p className="font-semibold text-gold" data-new-room>
        {s.hosting
          ? 'After the disconnection: post a new room for the replay.'
          : `After the disconnection: ${names.opponent} posts a new room.`}
      </p>
    );
  }
  if (match.room_posted_at !== null) {
    if ((match.room_host ?? 'a') === 'b')
      return (
        <p className="text-sm text-mist" data-guest-hosts>
          {s.role === 'guest'
            ? 'You host this match: the top-slot player posted no room in time.'
            : `${names.opponent} hosts: no room was posted in time.`}
        </p>
      );
    return null;
  }
  if (s.canTakeOverRoom) {
    return (
      <p className="font-semibold text-gold" data-host-timed-out>
        {names.opponent} posted no room by {deadline}. You may host instead: create the room and post it here (staff are told).
      </p>
    );
  }
  if (s.hosting) {
    return (
      <p className="text-sm text-mist" data-host-deadline>
        Post the room by {deadline} ({countdown(s.hostDeadline, now)}); after that your opponent may host instead.
      </p>
    );
  }
  return (
    <p className="text-sm text-mist" data-host-deadline>
      {names.opponent} has until {deadline} to post the room ({countdown(s.hostDeadline, now)}); then you may host instead.
    </p>
  );
}
