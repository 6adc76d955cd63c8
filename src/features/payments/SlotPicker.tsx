/** Paid entry: the slots the player holds, the number to buy now, and the pay button. */
import { Button } from '@/components/ui/Button';
import { MAX_SLOTS } from '@/lib/rules';
import type { PayPanel } from './use-pay-panel';

export default function SlotPicker({
  panel,
  tournamentId,
  entryFeeRupees,
}: {
  panel: PayPanel;
  tournamentId: string;
  entryFeeRupees: number;
}) {
  const { registration, chosenSlots, words } = panel;
  return (
    <>
      {registration && registration.slots > 0 && (
        <p className="mb-3 text-sm text-mist">
          {words.youHold(registration.slots)} {words.addMoreBelow}
        </p>
      )}
      <label htmlFor={`slots-${tournamentId}`} className="text-sm font-semibold">
        {words.chooseSlots}
      </label>
      <select
        id={`slots-${tournamentId}`}
        className="mt-1 w-full rounded-xl border-2 border-line bg-night px-3 py-2 font-semibold"
        value={chosenSlots}
        disabled={panel.processing || !panel.interactive}
        onChange={(event) => panel.chooseSlots(Number(event.target.value))}
      >
        {panel.choices.map((choice) => (
          <option key={choice.slots} value={choice.slots}>
            {choice.label}
          </option>
        ))}
      </select>
      {panel.perBuyer !== undefined && panel.perBuyer < MAX_SLOTS && (
        <p className="mt-1 text-sm text-mist" data-per-buyer={panel.perBuyer}>
          {words.perBuyer(panel.perBuyer)}
        </p>
      )}
      <Button
        tone="primary"
        className="mt-3 w-full"
        onClick={() => void panel.pay()}
        disabled={!panel.interactive || panel.sessionLoading}
        busy={panel.processing}
        busyLabel={words.processing}
        data-pay-button
      >
        {words.payButton(chosenSlots, entryFeeRupees)}
      </Button>
    </>
  );
}
