/**
 * The pay area once the player holds slots: registered, how many, and when more may be bought. Right after a
 * payment or an entry, alerts are offered (push and WhatsApp, one tap each), loaded only then.
 */
import { Suspense } from 'react';
import { Button } from '@/components/ui/Button';
import { lazyOnDemand } from '@/lib/lazy-on-demand';
import { formatTimeIST } from '@/lib/format';
import { formatDateIn } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/lang';
import { withHindiWords } from '@/lib/i18n/island-words';
import { ROUTES } from '@/lib/routes';
import { useStore } from '@nanostores/react';
import { $lang } from '@/stores/lang';
import type { PayWords } from './pay-words';

// On a Hindi page the offer waits for its Hindi words, so it never shows English first.
const AlertsOffer = lazyOnDemand(() => import('@/features/alerts/AlertsOffer').then(withHindiWords));

interface Props {
  free: boolean;
  words: PayWords;
  /** Paid or entered on this visit (not found registered on load). */
  justPaid: boolean;
  slots: number;
  /** When more slots may be bought, while the tournament still takes entries. */
  moreFrom: Date | null;
}

export default function RegisteredNote({ free, words, justPaid, slots, moreFrom }: Props) {
  const lang = useStore($lang);
  return (
    <>
      <Button tone="held" className="w-full" disabled data-pay-button>
        {words.registered}
      </Button>
      <p className="mt-2 text-center text-sm font-bold text-lime">{free ? words.entryConfirmed : words.paymentCompleted}</p>
      {!justPaid && <p className="mt-3 text-sm font-semibold">{words.messages.alreadyRegistered}</p>}
      <p className="mt-2 text-sm text-mist">
        {words.youHold(slots)}
        {moreFrom && ` ${words.moreFrom(formatDateIn(lang, moreFrom), formatTimeIST(moreFrom))}`}
      </p>
      {justPaid && (
        <Suspense fallback={null}>
          <AlertsOffer />
        </Suspense>
      )}
      <ul className="mt-3 grid gap-1 text-sm" role="list">
        <li>
          <a href={localePath(ROUTES.myTournaments.path, lang)} className="underline hover:text-lime">
            {words.goToMyTournaments}
          </a>
        </li>
      </ul>
    </>
  );
}
