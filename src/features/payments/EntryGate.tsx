/**
 * The pay panel's entry gate: a button that says why a player cannot enter (with a link to the profile),
 * and the one-button entry into free tournaments. Used by PayPanelIsland before any checkout opens.
 */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { entryBlock, FREE_ENTRY_LABEL, FREE_ENTRY_SUCCESS, type EntryBlock, type EntryEligibility } from './eligibility';

/** The database's answer for the signed-in player (null while unknown or signed out). */
export function useEntryEligibility(userId: string | null): EntryEligibility | null {
  const [eligibility, setEligibility] = useState<EntryEligibility | null>(null);
  useEffect(() => {
    setEligibility(null);
    if (!userId) return;
    let cancelled = false;
    import('./eligibility.api')
      .then(({ fetchMyEntryEligibility }) => fetchMyEntryEligibility())
      .then((answer) => {
        if (!cancelled) setEligibility(answer);
      })
      // Unknown is not "blocked": the order function still refuses an ineligible player with the reason.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return eligibility;
}

export { entryBlock };

export function EntryBlockedButton({ block }: { block: EntryBlock }) {
  return (
    <>
      {block.href ? (
        <a href={block.href} className="btn btn-alert w-full" data-pay-button data-entry-blocked>
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
}: {
  tournamentId: string;
  disabled: boolean;
  onEntered: () => void;
  onMessage: (message: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function enter() {
    setBusy(true);
    try {
      const { enterFreeTournament } = await import('./eligibility.api');
      await enterFreeTournament(tournamentId);
      onMessage({ tone: 'success', text: FREE_ENTRY_SUCCESS });
      onEntered();
    } catch (error) {
      onMessage({ tone: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      tone="primary"
      className="w-full"
      onClick={() => void enter()}
      disabled={disabled}
      busy={busy}
      busyLabel="Entering..."
      data-pay-button
    >
      {FREE_ENTRY_LABEL}
    </Button>
  );
}
