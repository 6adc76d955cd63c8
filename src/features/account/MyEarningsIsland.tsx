/**
 * My Earnings & Statistics: four figure cards (prize money won from the ledger, get_my_earnings; the
 * matches from get_my_stats), the prize money section (balance, KYC, withdrawals, tax statement) and
 * the entry payments from get_my_payments. Guarded: anonymous visitors go to /login. The data comes from
 * useMyEarnings; this only lays it out.
 */
import { PageHeading } from '@/components/ui/PageHeading';
import Toaster from '@/components/ui/Toaster';
import { useRequiredSession } from '@/features/auth/use-required-session';
import { EARNINGS_WORDS } from '@/features/payouts/earnings-words';
import PrizesSection from '@/features/payouts/PrizesSection';
import { useMessages } from '@/lib/i18n/use-messages';
import { PaymentHistory } from './PaymentHistory';
import PlayerRecord from './PlayerRecord';
import { StatCards } from './StatCards';
import { useMyEarnings } from './use-my-earnings';

export default function MyEarningsIsland() {
  const userId = useRequiredSession()?.user.id;
  const { stats, payments, prizes } = useMyEarnings(userId);
  const { earnings } = prizes;
  const w = useMessages(EARNINGS_WORDS);
  const wonPaise = earnings.status === 'ready' ? earnings.value.won_paise : earnings.status === 'error' ? null : undefined;
  return (
    <>
      <Toaster />
      <PageHeading eyebrow={w.pageEyebrow} title={w.pageTitle}>
        {w.pageLead}
      </PageHeading>
      <StatCards stats={stats} wonPaise={wonPaise} />
      <PrizesSection prizes={prizes} userId={userId} />
      <section aria-labelledby="payment-history" className="mt-10">
        <h2 id="payment-history" className="section-title mb-4 text-2xl sm:text-3xl">
          {w.paymentHistory}
        </h2>
        <PaymentHistory payments={payments} />
      </section>
      <section aria-labelledby="record-heading" className="mt-10">
        <h2 id="record-heading" className="section-title mb-4 text-2xl sm:text-3xl">
          {w.yourRecord}
        </h2>
        <PlayerRecord stats={stats} />
      </section>
    </>
  );
}
