/**
 * My Earnings & Statistics: four figure cards from get_my_stats and the payment history from
 * get_my_payments. Guarded: anonymous visitors go to /login.
 */
import { useEffect, useState } from 'react';
import { formatPaiseExact, formatShortDateIST } from '@/lib/format';
import { showToast } from '@/stores/toast';
import { useRequiredSession } from '@/features/auth/useRequiredSession';
import Toaster from '@/features/auth/Toaster';
import {
  ACCOUNT_MESSAGES,
  averageGoalsPerMatch,
  newestFirst,
  paymentStatusLabel,
  paymentStatusTone,
  winRatePercent,
  type Payment,
  type PlayerStats,
} from './account';
import { Badge, ComingSoonCard, PageHeading, Spinner } from './AccountUi';

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

const STATS_FAILED = 'Failed to load your statistics';
const PAYMENTS_FAILED = 'Failed to load your payments';

export default function MyEarningsIsland() {
  const session = useRequiredSession();
  const userId = session?.user.id;
  const [stats, setStats] = useState<Load<PlayerStats>>({ status: 'loading' });
  const [payments, setPayments] = useState<Load<Payment[]>>({ status: 'loading' });

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void import('./account.api').then((api) => {
      api
        .fetchMyStats()
        .then((value) => !cancelled && setStats({ status: 'ready', value }))
        .catch(() => {
          if (cancelled) return;
          setStats({ status: 'error' });
          showToast(STATS_FAILED, 'error');
        });
      api
        .fetchMyPayments()
        .then((rows) => !cancelled && setPayments({ status: 'ready', value: newestFirst(rows, (p) => p.created_at) }))
        .catch(() => {
          if (cancelled) return;
          setPayments({ status: 'error' });
          showToast(PAYMENTS_FAILED, 'error');
        });
    });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  return (
    <>
      <Toaster />
      <PageHeading eyebrow="Your record" title="My Earnings & Statistics">
        Prize money you have won, how your matches went and every entry fee you have paid.
      </PageHeading>
      <StatCards stats={stats} />
      <section aria-labelledby="payment-history" className="mt-10">
        <h2 id="payment-history" className="section-title mb-4 text-2xl sm:text-3xl">
          Payment History
        </h2>
        <PaymentHistory payments={payments} />
      </section>
      <div className="mt-10">
        <ComingSoonCard title="Detailed Statistics Coming Soon">
          Match-by-match results, goals and form charts will appear here once your tournaments get going.
        </ComingSoonCard>
      </div>
    </>
  );
}

function StatCards({ stats }: { stats: Load<PlayerStats> }) {
  const value = stats.status === 'ready' ? stats.value : null;
  const placeholder = stats.status === 'loading' ? '…' : '—';
  const winRate = value ? winRatePercent(value.matches_played, value.matches_won) : null;
  const average = value ? averageGoalsPerMatch(value.goals_scored, value.matches_played) : null;
  const cards = [
    {
      label: 'Total Earnings',
      figure: value ? formatPaiseExact(value.total_earnings_paise) : placeholder,
      note: 'Prize money won',
      accent: 'text-gold',
    },
    { label: 'Matches Played', figure: value ? String(value.matches_played) : placeholder, note: 'Across all tournaments', accent: '' },
    {
      label: 'Matches Won',
      figure: value ? String(value.matches_won) : placeholder,
      note: winRate === null ? 'No matches yet' : `${winRate}% win rate`,
      accent: '',
    },
    {
      label: 'Goals Scored',
      figure: value ? String(value.goals_scored) : placeholder,
      note: average === null ? 'No matches yet' : `${average} per match`,
      accent: '',
    },
  ];
  return (
    <ul role="list" className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.status === 'loading'}>
      {cards.map((card) => (
        <li key={card.label} className="card flex flex-col gap-1 p-4 sm:p-5" data-testid="stat-card">
          <h2 className="text-xs font-bold uppercase tracking-wider text-mist sm:text-sm">{card.label}</h2>
          <p className={`font-display text-3xl break-words sm:text-4xl ${card.accent}`}>{card.figure}</p>
          <p className="text-xs text-mist sm:text-sm">{card.note}</p>
        </li>
      ))}
    </ul>
  );
}

function PaymentHistory({ payments }: { payments: Load<Payment[]> }) {
  if (payments.status === 'loading') return <Spinner label="Loading your payments" />;
  if (payments.status === 'error') return <p className="card px-5 py-6 text-danger">{PAYMENTS_FAILED}</p>;
  if (payments.value.length === 0) return <p className="card px-5 py-8 text-center text-mist">{ACCOUNT_MESSAGES.noPayments}</p>;
  return (
    <>
      {/* Phones get one card per payment; wider screens the table. */}
      <ul role="list" className="flex flex-col gap-3 sm:hidden">
        {payments.value.map((payment) => (
          <li key={payment.id} className="card flex flex-col gap-2 p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold">
                {payment.tournament_title ?? payment.tournament_id}
                {payment.slots > 1 && <span className="block text-xs font-normal text-mist">{payment.slots} slots</span>}
              </p>
              <Badge tone={paymentStatusTone(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-lg font-bold tabular-nums">{formatPaiseExact(payment.amount_paise)}</span>
              <span className="text-mist">{formatShortDateIST(payment.created_at)}</span>
            </div>
            <p className="font-mono text-xs break-all text-mist">
              <span className="sr-only">Payment ID </span>
              {payment.razorpay_payment_id ?? '—'}
            </p>
          </li>
        ))}
      </ul>
      <div className="card hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-xs uppercase tracking-wider text-mist">
            <tr>
              <th scope="col" className="px-4 py-3">Tournament</th>
              <th scope="col" className="px-4 py-3">Payment ID</th>
              <th scope="col" className="px-4 py-3 text-right">Amount</th>
              <th scope="col" className="px-4 py-3">Date</th>
              <th scope="col" className="px-4 py-3">Status</th>
            </tr>
          </thead>
          <tbody>
            {payments.value.map((payment) => (
              <tr key={payment.id} className="border-b border-line/50 last:border-0">
                <td className="px-4 py-3 font-semibold">
                  {payment.tournament_title ?? payment.tournament_id}
                  {payment.slots > 1 && <span className="block text-xs font-normal text-mist">{payment.slots} slots</span>}
                </td>
                <td className="px-4 py-3 font-mono text-xs break-all text-mist">{payment.razorpay_payment_id ?? '—'}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatPaiseExact(payment.amount_paise)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatShortDateIST(payment.created_at)}</td>
                <td className="px-4 py-3">
                  <Badge tone={paymentStatusTone(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
