/**
 * The page a parent opens from the consent e-mail: the link's token (in the fragment, so it never reaches
 * a server log) is sent to confirm_parental_consent once the parent presses the button, never on load,
 * so a mail scanner that opens links cannot consent for them.
 */
import { Button } from '@/components/ui/Button';
import { useParentalConsentConfirmation } from './use-parental-consent';

export default function ParentalConsentIsland() {
  const { state, confirm } = useParentalConsentConfirmation();

  if (state.status === 'missing') {
    return <p className="text-mist">This page needs the link from the consent e-mail. Open the link from the e-mail again.</p>;
  }
  if (state.status === 'confirmed') {
    return (
      <p role="status" className="font-semibold text-lime">
        Thank you. Your consent is recorded{state.name ? ` for ${state.name}` : ''}: they can now join free tournaments.
      </p>
    );
  }
  if (state.status === 'refused') {
    return (
      <p role="alert" className="font-semibold text-danger">
        {state.message}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p>
        Your child asked to join free eFootball tournaments on Golazo Arena. Players under 18 can only join free tournaments, and only with
        a parent&apos;s consent. Paid tournaments stay closed to them.
      </p>
      <Button
        tone="primary"
        className="self-start"
        busy={state.status === 'sending'}
        busyLabel="Recording…"
        onClick={() => void confirm(state.token)}
      >
        I am their parent and I consent
      </Button>
    </div>
  );
}
