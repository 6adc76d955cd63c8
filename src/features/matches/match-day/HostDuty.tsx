/**
 * Step 1's match-day lines: who hosts and until when the top slot has to post the room (then the guest may
 * host), the guest taking over, and the new room a disconnection ruling asks for.
 */
import { useStore } from '@nanostores/react';
import { formatTimeIST } from '@/lib/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { settingsRows } from '@/lib/match-settings';
import type { MatchRow } from '../match-schemas';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import { countdown, type MatchSituation } from '../match-steps';
import { MATCH_WORDS } from '../match-words';
import { $lang } from '@/stores/lang';
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
  const w = useMessages(MATCH_PAGE_WORDS).settings;
  if (settings.status !== 'ready') return null;
  const v = settings.value;
  const line = settingsRows(
    {
      matchMinutes: v.match_minutes,
      extraTime: v.extra_time,
      penalties: v.penalties,
      injuries: v.injuries,
      condition: v.condition,
      substitutions: v.substitutions,
    },
    w.minutes,
  )
    .map(([label, value]) => `${label} ${value}`)
    .join(' · ');
  return (
    <p className="text-sm" data-room-settings>
      {hosting ? w.setTo : w.isSetTo}
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
  const lang = useStore($lang);
  const w = MATCH_PAGE_WORDS[lang].host;
  const left = countdown(s.hostDeadline, now, MATCH_WORDS[lang].countdown);
  if (s.newRoomNeeded) {
    return (
      <p className="font-semibold text-gold" data-new-room>
        {s.hosting ? w.newRoomMine : w.newRoomTheirs(names.opponent)}
      </p>
    );
  }
  if (match.room_posted_at !== null) {
    if ((match.room_host ?? 'a') === 'b')
      return (
        <p className="text-sm text-mist" data-guest-hosts>
          {s.role === 'guest' ? w.guestHostsMine : w.guestHostsTheirs(names.opponent)}
        </p>
      );
    return null;
  }
  if (s.canTakeOverRoom) {
    return (
      <p className="font-semibold text-gold" data-host-timed-out>
        {w.takeOver(names.opponent, deadline)}
      </p>
    );
  }
  if (s.hosting) {
    return (
      <p className="text-sm text-mist" data-host-deadline>
        {w.postBy(deadline, left)}
      </p>
    );
  }
  return (
    <p className="text-sm text-mist" data-host-deadline>
      {w.theirDeadline(names.opponent, deadline, left)}
    </p>
  );
}
