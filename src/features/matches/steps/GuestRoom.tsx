/** Step 1 for the guest: the host's room, with copy buttons, as soon as it is posted. */
import type { MatchRow } from '../match-schemas';
import { useMatchRoom } from '../use-match-actions';
import { CopyField } from './CopyField';
import { ErrorText } from './ErrorText';

export function GuestRoom({ match, host }: { match: MatchRow; host: string }) {
  const room = useMatchRoom(match.id, match.room_posted_at);

  if (!match.room_posted_at)
    return <p className="text-mist">{host} hosts and posts the room here. This page shows it as soon as it is posted.</p>;
  if (room.status === 'error') return <ErrorText error={`The room could not be loaded: ${room.message}`} />;
  if (room.status === 'loading' || !room.value?.room_id) return <p className="text-mist">Loading the room…</p>;
  return (
    <>
      <p>Join {host}’s friend-match room in eFootball:</p>
      <dl className="grid gap-2 sm:grid-cols-2" data-room>
        <CopyField label="Room id" value={room.value.room_id} />
        <CopyField label="Password" value={room.value.password ?? ''} />
      </dl>
    </>
  );
}
