/**
 * Completing the profile locks it: a modal dialog shows what will be stored and asks the player to
 * confirm, so a typo in a legal name or birth date is caught before support has to fix it.
 */
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { formatCalendarDateIndian, LEGAL_NAME_HINT, type ValidProfileForm } from './profile';

const LOCK_CONFIRMATION_TEXT =
  "Your legal name, date of birth and eFootball user ID can't be changed later (contact support to fix a mistake). Your in-game name can be changed now and then.";

interface Props {
  values: ValidProfileForm;
  onConfirm: () => void;
  onCancel: () => void;
}

export function LockConfirmation({ values, onConfirm, onCancel }: Props) {
  return (
    <Dialog
      title="Save and lock your profile?"
      description={LOCK_CONFIRMATION_TEXT}
      onCancel={onCancel}
      actions={
        <>
          <Button tone="ghost" onClick={onCancel}>
            Go back and edit
          </Button>
          <Button tone="primary" onClick={onConfirm}>
            Save and lock
          </Button>
        </>
      }
    >
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-mist">Legal Name</dt>
        <dd>
          {values.legalName}
          <span className="block text-xs text-mist">{LEGAL_NAME_HINT}</span>
        </dd>
        <dt className="text-mist">In-Game Name</dt>
        <dd>{values.inGameName}</dd>
        <dt className="text-mist">Date of birth</dt>
        <dd>{formatCalendarDateIndian(values.dateOfBirth)}</dd>
        <dt className="text-mist">eFootball User ID</dt>
        <dd className="font-mono">{values.gameUserId}</dd>
        <dt className="text-mist">Lives in India</dt>
        <dd>{values.livesInIndia ? 'Yes' : 'No'}</dd>
      </dl>
    </Dialog>
  );
}
