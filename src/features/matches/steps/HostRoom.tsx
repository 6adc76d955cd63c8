/** Step 1 for the host: post the friend-match room's id and password, or change it once posted. */
import { Button } from '@/components/ui/Button';
import { formatTimeIST } from '@/lib/format';
import type { MatchRow } from '../match-schemas';
import type { MatchSituation } from '../match-steps';
import { useRoomForm } from '../use-match-actions';
import { ErrorText } from './ErrorText';
import { inputClass } from './input-class';

export function HostRoom({ match, situation, onChanged }: { match: MatchRow; situation: MatchSituation; onChanged: () => void }) {
  const form = useRoomForm(match.id, onChanged);

  if (situation.roomPosted && !form.editing) {
    return (
      <>
        <p data-room-posted>
          Room posted at {formatTimeIST(match.room_posted_at ?? match.scheduled_at)}. Your opponent sees it here; wait for them in the room.
        </p>
        {situation.canPostRoom && (
          <Button tone="ghost" className="self-start" onClick={form.edit}>
            Change the room
          </Button>
        )}
      </>
    );
  }
  if (!situation.canPostRoom) return <p className="text-mist">The room can no longer be posted for this match.</p>;

  return (
    <form className="flex flex-col gap-3" onSubmit={form.submit} data-room-form>
      <p className="text-mist">You host: create a friend-match room in eFootball, then post its id and password here for your opponent.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          Room id
          <input
            className={inputClass}
            value={form.roomId}
            onChange={(event) => form.setRoomId(event.target.value)}
            required
            minLength={3}
            maxLength={32}
            pattern="[A-Za-z0-9\-]{3,32}"
            autoCapitalize="characters"
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          Room password
          <input
            className={inputClass}
            value={form.password}
            onChange={(event) => form.setPassword(event.target.value)}
            required
            maxLength={32}
            autoComplete="off"
          />
        </label>
      </div>
      <p className="text-xs text-mist">Room ids are 3 to 32 letters, digits or dashes. Only your opponent and staff can read them.</p>
      <ErrorText error={form.action.error} />
      <Button tone="primary" type="submit" className="self-start" busy={form.action.busy} busyLabel="Posting the room">
        Post the room
      </Button>
    </form>
  );
}
