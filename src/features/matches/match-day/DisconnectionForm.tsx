/**
 * "Report a disconnection": the game minute on the clock, both scores (the player's own first) and whether
 * the opponent quit on purpose. Two reports that agree are ruled at once (restart, or the minutes left);
 * anything else goes to staff with both accounts.
 */
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { ErrorText } from '../steps/ErrorText';
import { NumberField } from '../steps/NumberField';
import { answerWords } from './match-day';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { useDisconnectionForm } from './use-match-day';

export function DisconnectionForm({
  matchId,
  opponent,
  restartByMinute,
  prominent,
  onChanged,
}: {
  matchId: string;
  opponent: string;
  restartByMinute: number;
  /** The opponent reported one: the form starts open. */
  prominent: boolean;
  onChanged: () => void;
}) {
  const form = useDisconnectionForm(matchId, onChanged);
  const words = useMessages(MATCH_WORDS);
  const w = words.disconnection;
  // The form closes on sending and the page above it changes: the answer comes into view where the player looks.
  const answerRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (form.answer) answerRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [form.answer]);
  const answer = form.answer && (
    <p ref={answerRef} role="status" className="rounded-xl border border-lime/60 p-3 font-semibold" data-disconnection-answer>
      {answerWords(form.answer, opponent)}
    </p>
  );
  if (!form.open && !prominent) {
    return (
      <div className="flex flex-col gap-2">
        {answer}
        <Button tone="ghost" className="self-start" onClick={() => form.setOpen(true)}>
          {w.report}
        </Button>
      </div>
    );
  }
  return (
    <form className="card flex flex-col gap-3 border border-line p-4 sm:p-5" onSubmit={form.submit} data-disconnection-form>
      <h2 className="text-lg font-bold">{w.report}</h2>
      <p className="text-sm text-mist">{w.lead(restartByMinute)}</p>
      <div className="grid grid-cols-3 gap-3">
        <NumberField label={w.minute} max={120} value={form.minute} onChange={form.setMinute} />
        <NumberField label={words.report.yourGoals} max={99} value={form.mine} onChange={form.setMine} />
        <NumberField label={words.report.theirGoals(opponent)} max={99} value={form.theirs} onChange={form.setTheirs} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-5 accent-lime"
          checked={form.claimsQuit}
          onChange={(event) => form.setClaimsQuit(event.target.checked)}
        />
        {w.quit(opponent)}
      </label>
      <ErrorText error={form.action.error} />
      <Button tone="primary" type="submit" className="self-start" busy={form.action.busy} busyLabel={w.reporting}>
        {w.send}
      </Button>
    </form>
  );
}
