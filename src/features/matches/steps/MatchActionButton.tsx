/**
 * One step's button: its error line, then a primary button that makes one call of the matches API and
 * reloads the match; busy while the call runs, and the database's sentence if it refuses.
 */
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { useMatchCall } from '../use-match-actions';
import { ErrorText } from './ErrorText';

export function MatchActionButton({
  call,
  busyLabel,
  className = 'self-start',
  show = true,
  onChanged,
  children,
}: {
  call: Parameters<typeof useMatchCall>[0];
  busyLabel: string;
  className?: string;
  show?: boolean;
  onChanged: () => void;
  children: ReactNode;
}) {
  const action = useMatchCall(call, onChanged);
  return (
    <>
      <ErrorText error={action.error} />
      {show && (
        <Button tone="primary" className={className} busy={action.busy} busyLabel={busyLabel} onClick={action.press}>
          {children}
        </Button>
      )}
    </>
  );
}
