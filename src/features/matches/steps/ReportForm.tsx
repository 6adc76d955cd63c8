/**
 * The result as the player saw it: both scores, the shoot-out winner of a level score (where a draw does not
 * stand: the database says which, get_match_result_rule), and the screenshot.
 */
import { Button } from '@/components/ui/Button';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';
import { useMatchResultRule } from '../match-day/use-match-day';
import { useReportForm } from '../use-match-actions';
import { ErrorText } from './ErrorText';
import { NumberField } from './NumberField';

export function ReportForm({
  matchId,
  userId,
  opponent,
  onChanged,
}: {
  matchId: string;
  userId: string;
  opponent: string;
  onChanged: () => void;
}) {
  const rule = useMatchResultRule(matchId);
  const w = useMessages(MATCH_WORDS).report;
  const drawIsResult = rule.status === 'ready' && rule.value.draw_is_result;
  const form = useReportForm(matchId, userId, onChanged, drawIsResult);
  return (
    <form className="flex flex-col gap-3" onSubmit={form.submit} data-report-form>
      <div className="grid grid-cols-2 gap-3">
        <NumberField label={w.yourGoals} max={99} value={form.mine} onChange={form.setMine} />
        <NumberField
          label={<span className="truncate">{w.theirGoals(opponent)}</span>}
          accessibleName={w.theirGoalsName}
          max={99}
          value={form.theirs}
          onChange={form.setTheirs}
        />
      </div>
      {form.level && drawIsResult && (
        <p className="text-sm" data-draw-stands>
          {w.drawStands}
        </p>
      )}
      {form.level && !drawIsResult && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">{w.levelQuestion}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="shoot-out" checked={form.shootOut === 'me'} onChange={() => form.setShootOut('me')} /> {w.iDid}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="shoot-out" checked={form.shootOut === 'opponent'} onChange={() => form.setShootOut('opponent')} />{' '}
            {w.theyDid(opponent)}
          </label>
        </fieldset>
      )}
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {w.screenshot}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="text-sm text-mist file:mr-3 file:rounded-full file:border-0 file:bg-pitch-700 file:px-4 file:py-2 file:font-bold file:text-chalk"
          onChange={(event) => form.setFile(event.target.files?.[0] ?? null)}
          required
        />
      </label>
      <p className="text-xs text-mist">{w.whoSees(opponent)}</p>
      <ErrorText error={form.action.error} />
      <Button
        tone="primary"
        type="submit"
        className="self-start"
        busy={form.action.busy}
        busyLabel={form.stage === 'uploading' ? w.uploading : w.sending}
      >
        {w.send}
      </Button>
    </form>
  );
}
