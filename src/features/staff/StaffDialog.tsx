/**
 * The console's confirmations: the shared modal dialog with what the action will do, its fields in a form
 * (Enter submits), the error of a failed attempt, and Go back / confirm. The confirm button names the
 * action and shows the spinner while the call runs; a long label wraps on a phone instead of overflowing.
 */
import { type ReactNode, type SubmitEvent, useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { MAX_REASON_LENGTH } from './staff';

interface Props {
  title: string;
  /** What pressing the confirm button will do, in plain words. */
  description: ReactNode;
  /** The form's fields, if the action needs any. */
  children?: ReactNode;
  confirmLabel: string;
  /** Destructive actions (cancelling a tournament, revoking a role) get the danger colour. */
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export default function StaffDialog({
  title,
  description,
  children,
  confirmLabel,
  danger = false,
  busy,
  error,
  onConfirm,
  onClose,
}: Props) {
  const formId = useId();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm();
  }

  return (
    <Dialog
      title={title}
      description={description}
      onCancel={() => {
        if (!busy) onClose();
      }}
      actions={
        <>
          <Button tone="ghost" onClick={onClose} disabled={busy}>
            Go back
          </Button>
          <Button
            type="submit"
            form={formId}
            tone={danger ? 'plain' : 'primary'}
            className={`whitespace-normal ${danger ? 'bg-danger text-night hover:bg-danger/90' : ''}`}
            busy={busy}
            busyLabel="Working…"
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="mt-4 space-y-4 text-sm">
        {children}
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** A labelled multi-line reason field; the reason ends up in the public record. */
export function ReasonField({ value, onChange, problem }: { value: string; onChange: (value: string) => void; problem: string | null }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold">
        Reason (shown publicly)
      </label>
      <textarea
        id={id}
        required
        rows={3}
        maxLength={MAX_REASON_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="rounded-xl border-2 border-line bg-night px-3 py-2 text-chalk focus:border-lime focus:outline-none"
      />
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
