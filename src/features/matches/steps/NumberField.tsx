/** A labelled whole-number input of the match forms (goals, the game minute): numeric keypad on phones, required. */
import type { ReactNode } from 'react';
import { inputClass } from './input-class';

export function NumberField({
  label,
  value,
  onChange,
  max,
  accessibleName,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The highest number the database accepts for this field (goals 99, the game clock 120). */
  max: number;
  /** A name for screen readers when the visible label is long or truncated. */
  accessibleName?: string;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-semibold">
      {label}
      <input
        className={inputClass}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={accessibleName}
      />
    </label>
  );
}
