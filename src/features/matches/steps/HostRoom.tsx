/** Step 1 for the host: post the friend-match room's id and password, or change it once posted. */
import { Button } from '@/components/ui/Button';
import { formatTimeIST } from '@/lib/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import type { MatchRow } from '../match-schemas';
import type { MatchSituation } from '../match-steps';
import { useRoomForm } from '../use-match-actions';
import { ErrorText } from './ErrorText';
import { inputClass } from './input-class';

export function HostRoom({ match, situation, onChanged }: { match: MatchRow; situation: MatchSituation; onChanged: () => void }) {
  const form = useRoomForm(match.id, onChanged);
  const w = useMessages(MATCH_WORDS).room;

  if (situation.roomPosted && !form.editing) {
    return (
      <>
        <p data-room-posted>{w.postedAt(formatTimeIST(match.room_posted_at ?? match.scheduled_at))}</p>
        {situation.canPostRoom && (
          <Button tone="ghost" className="self-start" onClick={form.edit}>
            {w.change}
          </Button>
        )}
      </>
    );
  }
  if (!situation.canPostRoom) return <p className="text-mist">{w.closed}</p>;

  return (
    <form className="flex flex-col gap-3" onSubmit={form.submit} data-room-form>
      <p className="text-mist">{w.hostLead}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          {w.roomId}
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
          {w.password}
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
      <p className="text-xs text-mist">{w.idHelp}</p>
      <ErrorText error={form.action.error} />
      <Button tone="primary" type="submit" className="self-start" busy={form.action.busy} busyLabel={w.posting}>
        {w.post}
      </Button>
    </form>
  );
}
