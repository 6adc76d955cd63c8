/**
 * The site's button: one shape (`.btn` in global.css) in a few tones. A busy button stays in place,
 * disabled, with a spinner and a label saying what is happening.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { InlineSpinner } from './Spinner';

type ButtonTone = 'primary' | 'ghost' | 'held' | 'plain';

const toneClass: Record<ButtonTone, string> = {
  primary: 'btn btn-primary',
  ghost: 'btn btn-ghost',
  held: 'btn btn-held',
  plain: 'btn',
};

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  tone?: ButtonTone;
  type?: 'button' | 'submit';
  /** While true the button is disabled and shows the spinner and `busyLabel` instead of its children. */
  busy?: boolean;
  busyLabel?: string;
  children: ReactNode;
}

export function Button({ tone = 'plain', type = 'button', busy = false, busyLabel, className, disabled, children, ...rest }: Props) {
  return (
    <button
      type={type}
      className={className ? `${toneClass[tone]} ${className}` : toneClass[tone]}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && busyLabel ? (
        <>
          <InlineSpinner />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
