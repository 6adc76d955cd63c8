/** A player's side of the open dispute: what happened and, if they have one, a screenshot, for staff to read. */
import { Button } from '@/components/ui/Button';
import { useDisputeSideForm } from '../use-match-actions';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { ErrorText } from './ErrorText';
import { inputClass } from './input-class';

export function DisputeSideForm({
  matchId,
  userId,
  replacing,
  onChanged,
}: {
  matchId: string;
  userId: string;
  /** The viewer already gave their side: sending replaces it. */
  replacing: boolean;
  onChanged: () => void;
}) {
  const form = useDisputeSideForm(matchId, userId, onChanged);
  const words = useMessages(MATCH_WORDS);
  const w = words.disputed;
  return (
    <form className="flex flex-col gap-3 border-t border-line pt-3" onSubmit={form.submit} data-dispute-side-form>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {replacing ? w.changeSide : w.addSide}
        <textarea
          className={`${inputClass} min-h-20 py-2`}
          maxLength={2000}
          required
          value={form.details}
          onChange={(event) => form.setDetails(event.target.value)}
          placeholder={w.sidePlaceholder}
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {w.screenshotOptional}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="text-sm text-mist file:mr-3 file:rounded-full file:border-0 file:bg-pitch-700 file:px-4 file:py-2 file:font-bold file:text-chalk"
          onChange={(event) => form.setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      {form.sent && !form.action.busy && !form.action.error && (
        <p className="text-sm text-lime" data-dispute-side-sent>
          {w.sideSent}
        </p>
      )}
      <ErrorText error={form.action.error} />
      <Button tone="primary" type="submit" className="self-start" busy={form.action.busy} busyLabel={w.sendingSide}>
        {words.dispute.send}
      </Button>
    </form>
  );
}
