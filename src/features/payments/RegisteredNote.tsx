/**
 * The pay area once the player holds slots: registered, how many, and when more may be bought. Right after a
 * payment or an entry, alerts are offered (push and WhatsApp, one tap each), loaded only then.
 */
import { Suspense } from 'react';
import { Button } from '@/components/ui/Button';
import { lazyOnDemand } from '@/lib/lazy-on-demand';
import { formatDateIST, formatTimeIST } from '@/lib/format';
import { ROUTES } from '@/lib/routes';
import { PaymentMessages } from './payments';

const AlertsOffer = lazyOnDemand(() => import('@/features/alerts/AlertsOffer'));

interface Props {
  free: boolean;
  /** Paid or entered on this visit (not found registered on load). */
  justPaid: boolean;
  slots: number;
  /** When more slots may be bought, while the tournament still takes entries. */
  moreFrom: Date | null;
}

export default function RegisteredNote({ free, justPaid, slots, moreFrom }: Props) {
  return (
    <>
      <Button tone="held" className="w-full" disabled data-pay-button>
        Registered
      </Button>
      <p className="mt-2 text-center text-sm font-bold text-lime">{free ? 'Entry confirmed' : 'Payment completed'}</p>
      {!justPaid && <p className="mt-3 text-sm font-semibold">{PaymentMessages.alreadyRegistered}</p>}
      <p className="mt-2 text-sm text-mist">
        You hold {slots} {slots === 1 ? 'slot' : 'slots'}.
        {moreFrom && (
          <>
            {' '}
            More slots from {formatDateIST(moreFrom)}, {formatTimeIST(moreFrom)}.
          </>
        )}
      </p>
      {justPaid && (
        <Suspense fallback={null}>
          <AlertsOffer />
        </Suspense>
      )}
      <ul className="mt-3 grid gap-1 text-sm" role="list">
        <li>
          <a href={ROUTES.myTournaments.path} className="underline hover:text-lime">
            Go to My Tournaments
          </a>
        </li>
      </ul>
    </>
  );
}
