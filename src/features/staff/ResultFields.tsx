/**
 * The result a referee types in the console (settling a dispute, correcting a confirmed match): who
 * went through and, optionally, the goals of each player, in the bracket's order.
 */
import type { TypedResult } from './disputes';

/** The console's text and number fields. */
export const staffInputClass =
  'w-full rounded-xl border-2 border-line bg-night px-3 py-2 text-chalk focus:border-lime focus:outline-none aria-[invalid=true]:border-danger';

export function ResultFields({
  id,
  legend,
  names,
  result,
  onChange,
}: {
  id: string;
  legend: string;
  names: readonly [string, string];
  result: TypedResult;
  onChange: (result: TypedResult) => void;
}) {
  return (
    <fieldset className="grid gap-3 rounded-2xl bg-night/50 p-4">
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-2" role="radiogroup" aria-label="Who went through">
        <span className="font-semibold">Who went through</span>
        <div className="flex flex-wrap gap-2">
          {names.map((name, side) => (
            <label key={name} className="flex min-h-11 items-center gap-2 rounded-xl border border-line px-3 has-checked:border-lime">
              <input
                type="radio"
                name={`${id}-winner`}
                checked={result.winner === side}
                onChange={() => onChange({ ...result, winner: side as 0 | 1 })}
                className="size-4 accent-lime"
              />
              <span className="break-all">{name}</span>
            </label>
          ))}
        </div>
      </div>
      <div className="grid max-w-md grid-cols-2 gap-3">
        {(['goalsA', 'goalsB'] as const).map((key, side) => (
          <label key={key} className="grid min-w-0 gap-1 text-sm">
            <span className="truncate font-semibold" aria-hidden="true">
              {names[side]}
            </span>
            <span className="text-xs text-mist" aria-hidden="true">
              goals
            </span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={99}
              aria-label={`${names[side]}’s goals`}
              value={result[key]}
              onChange={(event) => onChange({ ...result, [key]: event.target.value })}
              className={staffInputClass}
            />
          </label>
        ))}
      </div>
      <p className="text-xs text-mist">A level score is settled by the shoot-out: choose who won it. Leave both empty for no score.</p>
    </fieldset>
  );
}
