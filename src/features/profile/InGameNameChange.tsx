/**
 * Below a locked in-game name: its rule in words (from the database) and, when the rule allows, a
 * "Change in-game name" form. Everything else on a completed profile stays locked.
 */
import { Button } from '@/components/ui/Button';
import { formatShortDateIST } from '@/lib/format';
import { inGameNameRuleText, type Profile } from './profile';
import { useInGameNameChange } from './use-in-game-name-change';

export function InGameNameChange({ profile }: { profile: Profile }) {
  const change = useInGameNameChange(profile);
  if (change.rule.status !== 'ready') return null;
  const rule = change.rule.value;
  return (
    <div className="text-xs text-mist" data-in-game-name-rule>
      <p>{inGameNameRuleText(rule, formatShortDateIST)}</p>
      {rule.can_change && !change.open && (
        <button
          type="button"
          className="mt-1 font-semibold text-lime underline-offset-4 hover:underline"
          onClick={() => change.setOpen(true)}
        >
          Change in-game name
        </button>
      )}
      {change.open && (
        <form className="mt-2 flex flex-col gap-2" onSubmit={(event) => void change.submit(event)}>
          <label htmlFor="new-in-game-name" className="text-sm font-semibold text-chalk">
            New in-game name
          </label>
          <input
            id="new-in-game-name"
            name="newInGameName"
            autoComplete="nickname"
            value={change.name}
            onChange={(event) => change.setName(event.target.value)}
            className="min-h-12 rounded-xl border border-line bg-night px-4 text-base text-chalk focus:border-lime"
          />
          {change.error && (
            <p role="alert" className="font-semibold text-danger">
              {change.error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" tone="primary" busy={change.busy} busyLabel="Saving…">
              Save new name
            </Button>
            <Button type="button" tone="ghost" onClick={() => change.setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
