/**
 * One step's button: its error line, then a primary button that makes one call of the matches API and
 * reloads the match; busy while the call runs, and the database's sentence if it refuses.
 */
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/Button';
import { useMatchCall } from '../use-match-actions';
import { ErrorText } from './ErrorText';

export function MatchActionButton({
  call,
  busyLabel,
  className = 'self-start',
  show = true,
  disabledReason,
  onChanged,
  children,
}: {
  call: Parameters<typeof useMatchCall>[0];
  busyLabel: string;
  className?: string;
  show?: boolean;
  /** Shown but not yet pressable: the sentence says what is missing (a hurried player sees the button and why). */
  disabledReason?: string | null;
  onChanged: () => void;
  children: ReactNode;
}) {
  const action = useMatchCall(call, onChanged);
  const reasonId = useId();
  return (
    <>
      <ErrorText error={action.error} />
      {show && (
        <Button
          tone="primary"
          className={className}
          busy={action.busy}
          busyLabel={busyLabel}
          onClick={action.press}
          disabled={Boolean(disabledReason)}
          aria-describedby={disabledReason ? reasonId : undefined}
        >
          {children}
        </Button>
      )}
      {show && disabledReason && (
        <p id={reasonId} className="text-sm text-mist" data-disabled-reason>
          {disabledReason}
        </p>
      )}
    </>
  );
}
