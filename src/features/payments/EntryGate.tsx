/**
 * The pay panel's entry gate: a button that says why a player cannot enter (with a link to the profile),
 * and the one-button entry into free tournaments. Used by PayPanelIsland before any checkout opens.
 */
import { Button } from '@/components/ui/Button';
import { profileHref } from '@/lib/profile-return';
import { ROUTES } from '@/lib/routes';
import type { EntryBlock } from './eligibility';
import type { PayWords } from './pay-words';

/** The profile link returns here after saving (`?next=` this page); other links stay as they are. */
function returningHref(href: string): string {
  if (href !== ROUTES.profile.path || typeof window === 'undefined') return href;
  return profileHref(`${window.location.pathname}${window.location.search}`);
}
import { type EntryMessage, useFreeEntry } from './use-entry-eligibility';

export function EntryBlockedButton({ block }: { block: EntryBlock }) {
  return (
    <>
      {block.href ? (
        <a href={returningHref(block.href)} className="btn btn-alert w-full" data-pay-button data-entry-blocked>
          {block.label}
        </a>
      ) : (
        <Button className="w-full" disabled data-pay-button data-entry-blocked>
          {block.label}
        </Button>
      )}
      {block.note && <p className="mt-2 text-sm text-mist">{block.note}</p>}
    </>
  );
}

export function FreeEntryButton({
  tournamentId,
  disabled,
  onEntered,
  onMessage,
  labels,
}: {
  tournamentId: string;
  disabled: boolean;
  onEntered: () => void;
  onMessage: (message: EntryMessage) => void;
  /** The button's words and its success line in the page's language. */
  labels: Pick<PayWords, 'entering' | 'enterFree' | 'enteredFree'>;
}) {
  const { busy, enter } = useFreeEntry(tournamentId, onEntered, onMessage, labels.enteredFree);
  return (
    <Button
      tone="primary"
      className="w-full"
      onClick={() => void enter()}
      disabled={disabled}
      busy={busy}
      busyLabel={labels.entering}
      data-pay-button
    >
      {labels.enterFree}
    </Button>
  );
}
