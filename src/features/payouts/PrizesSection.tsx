/**
 * My Earnings' prize money: the ledger's figures, the KYC card before the first withdrawal, the withdraw
 * card once verified, the withdrawals with their statuses and the annual tax statement. The data comes
 * from usePrizes (the page holds it: its statistics show the same ledger's winnings); this only lays it out.
 */
import { Suspense } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { hindiWordsReady } from '@/lib/i18n/island-words';
import { lazyOnDemand } from '@/lib/lazy-on-demand';
import { useMessages } from '@/lib/i18n/use-messages';
import { EarningsFigures } from './EarningsFigures';
import { KycCard } from './KycCard';
import { PayoutHistory } from './PayoutHistory';
import { PAYOUT_WORDS } from './payout-words';
import type { Prizes } from './use-prizes';
import { WithdrawCard } from './WithdrawCard';

// Below the withdrawals: loaded after the first paint, with its Hindi words before it renders on a Hindi page.
const TaxStatementCard = lazyOnDemand(() =>
  import('./TaxStatementCard').then(async (module) => {
    await hindiWordsReady();
    return module;
  }),
);

export default function PrizesSection({ prizes, userId }: { prizes: Prizes; userId: string | null | undefined }) {
  const { earnings, kyc, payouts, holds } = prizes;
  const figures = earnings.status === 'ready' ? earnings.value : null;
  const w = useMessages(PAYOUT_WORDS);
  const held = holds.status === 'ready' && holds.value.held_paise > 0 ? holds.value : null;
  return (
    <section aria-labelledby="prizes-heading" className="mt-10" data-prizes>
      <h2 id="prizes-heading" className="section-title mb-4 text-2xl sm:text-3xl">
        {w.prizeMoney}
      </h2>
      {earnings.status === 'error' && (
        <p role="alert" className="card mb-4 px-5 py-4 text-danger break-words">
          {earnings.message}
        </p>
      )}
      <EarningsFigures
        earnings={figures}
        loading={earnings.status === 'loading'}
        payouts={payouts.status === 'ready' ? payouts.value : []}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {kyc.status === 'loading' && <Spinner label={w.loadingDetails} />}
        {kyc.status === 'error' && <p className="card px-5 py-4 text-danger break-words">{kyc.message}</p>}
        {kyc.status === 'ready' && <KycCard kyc={kyc.value} onSubmitted={prizes.reloadKyc} />}
        {kyc.status === 'ready' && kyc.value.status === 'verified' && figures && (
          <WithdrawCard
            balancePaise={held ? held.available_paise : figures.balance_paise}
            holdNote={held ? w.withdraw.holdNote(held) : null}
            upiId={kyc.value.upi_id}
            onRequested={prizes.reloadEarnings}
          />
        )}
      </div>
      <PayoutHistory payouts={payouts} />
      <Suspense fallback={null}>
        <TaxStatementCard userId={userId} />
      </Suspense>
    </section>
  );
}
