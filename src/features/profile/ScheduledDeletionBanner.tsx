/** The banner itself: shown only when get_my_account_deletion answers scheduled. */
import { Button } from '@/components/ui/Button';
import { useStore } from '@nanostores/react';
import { formatDateTimeIn } from '@/lib/i18n/format';
import { $lang } from '@/stores/lang';
import { DELETION_WORDS } from './deletion-words';
import { useScheduledDeletion } from './use-account-deletion';

export default function ScheduledDeletionBanner() {
  const { eraseAt, busy, error, cancel } = useScheduledDeletion();
  const lang = useStore($lang);
  const w = DELETION_WORDS[lang];
  if (!eraseAt) return null;

  return (
    <div
      role="status"
      data-deletion-banner
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-gold/50 bg-gold/10 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm">
        <span className="block font-bold text-gold">{w.on(formatDateTimeIn(lang, eraseAt))}</span>
        <span className="text-mist">{w.changeMind}</span>
        {error && <span className="block font-semibold text-danger">{error}</span>}
      </p>
      <Button tone="primary" onClick={() => void cancel()} busy={busy} busyLabel={w.cancelling}>
        {w.cancel}
      </Button>
    </div>
  );
}
