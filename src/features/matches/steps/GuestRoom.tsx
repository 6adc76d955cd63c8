/** Step 1 for the guest: the host's room, with copy buttons, as soon as it is posted. */
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import type { MatchRow } from '../match-schemas';
import { useMatchRoom } from '../use-match-actions';
import { CopyField } from './CopyField';
import { ErrorText } from './ErrorText';

export function GuestRoom({ match, host }: { match: MatchRow; host: string }) {
  const room = useMatchRoom(match.id, match.room_posted_at);
  const w = useMessages(MATCH_WORDS).room;

  if (!match.room_posted_at) return <p className="text-mist">{w.guestWait(host)}</p>;
  if (room.status === 'error') return <ErrorText error={`${w.loadFailed} ${room.message}`} />;
  if (room.status === 'loading' || !room.value?.room_id) return <p className="text-mist">{w.loading}</p>;
  return (
    <>
      <p>{w.join(host)}</p>
      <dl className="grid gap-2 sm:grid-cols-2" data-room>
        <CopyField name="Room id" label={w.roomId} value={room.value.room_id} />
        <CopyField name="Password" label={w.password} value={room.value.password ?? ''} />
      </dl>
    </>
  );
}
