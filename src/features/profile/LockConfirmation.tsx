/**
 * Completing the profile locks it: a modal dialog shows what will be stored and asks the player to
 * confirm, so a typo in a legal name or birth date is caught before support has to fix it.
 */
import { useEffect, useRef } from 'react';
import type { ValidProfileForm } from './profile';

export const LOCK_CONFIRMATION_TEXT = "These details can't be changed later. Contact support to fix a mistake.";

interface Props {
  values: ValidProfileForm;
  onConfirm: () => void;
  onCancel: () => void;
}

export function LockConfirmation({ values, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="lock-confirmation-title"
      aria-describedby="lock-confirmation-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="card m-auto max-w-md p-6 text-chalk backdrop:bg-night/80"
    >
      <h2 id="lock-confirmation-title" className="section-title text-xl">
        Save and lock your profile?
      </h2>
      <p id="lock-confirmation-text" className="mt-2 text-sm text-mist">
        {LOCK_CONFIRMATION_TEXT}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-mist">Legal Name</dt>
        <dd>{values.legalName}</dd>
        <dt className="text-mist">In-Game Name</dt>
        <dd>{values.inGameName}</dd>
        <dt className="text-mist">Date of birth</dt>
        <dd>{values.dateOfBirth}</dd>
        <dt className="text-mist">eFootball User ID</dt>
        <dd className="font-mono">{values.gameUserId}</dd>
        <dt className="text-mist">Lives in India</dt>
        <dd>{values.livesInIndia ? 'Yes' : 'No'}</dd>
      </dl>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Go back and edit
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          Save and lock
        </button>
      </div>
    </dialog>
  );
}
