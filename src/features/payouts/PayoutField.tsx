/** A labelled text field of the prize forms, with its hint and, once there is one, its problem. */
import { type ReactNode, useId } from 'react';

export function PayoutField({
  label,
  value,
  onChange,
  problem,
  hint,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: 'text' | 'decimal';
  maxLength?: number;
  autoCapitalize?: string;
  placeholder?: string;
}) {
  const id = useId();
  const describedBy = [problem ? `${id}-problem` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={false}
        className="rounded-xl border-2 border-line bg-night px-3 py-2 text-chalk focus:border-lime focus:outline-none aria-invalid:border-danger"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-mist">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-danger break-words">
          {problem}
        </p>
      )}
    </div>
  );
}
