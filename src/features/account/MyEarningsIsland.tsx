/**
 * My Earnings & Statistics: four figure cards (prize money won from the ledger, get_my_earnings; the
 * matches from get_my_stats), the prize money section (balance, KYC, withdrawals, tax statement) and
 * the entry payments from get_my_payments. Guarded: anonymous visitors go to /login.
 */
import { useEffect, useState } from 'react';
import { formatPaiseExact } from '@/lib/format';
import { showToast } from '@/stores/toast';
import { useRequiredSession } from '@/features/auth/use-required-session';
import Toaster from '@/components/ui/Toaster';
import { ACCOUNT_MESSAGES, averageGoalsPerMatch, newestFirst, type Payment, type PlayerStats } from './account';
import { Spinner } from '@/components/ui/Spinner';
import { PageHeading } from '@/components/ui/PageHeading';
import PlayerRecord from './PlayerRecord';
import PaymentHistoryList from './PaymentHistoryList';
import PrizesSection from '@/features/payouts/PrizesSection';
import type { Earnings } from '@/features/payouts/payouts';

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

const STATS_FAILED = 'Failed to load your statistics';
const PAYMENTS_FAILED = 'Failed to load your payments';

export default function MyEarningsIsland() {
  const session = useRequiredSession();
  const userId = session?.user.id;
  const [stats, setStats] = useState<Load<PlayerStats>>({ status: 'loading' });
  const [payments, setPayments] = useState<Load<Payment[]>>({ status: 'loading' });
  // undefined while loading, null when the ledger could not be read.
  const [earnings, setEarnings] = useState<Earnings | null | undefined>(undefined);

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
      <StatCards stats={stats} wonPaise={earnings === undefined ? undefined : (earnings?.won_paise ?? null)} />
      <PrizesSection signedIn={Boolean(userId)} onEarnings={setEarnings} />
      <section aria-labelledby="payment-history" className="mt-10">
        <h2 id="payment-history" className="section-title mb-4 text-2xl sm:text-3xl">
          Payment History
        </h2>
        <PaymentHistory payments={payments} />
      </section>
      <section aria-labelledby="record-heading" className="mt-10">
        <h2 id="record-heading" className="section-title mb-4 text-2xl sm:text-3xl">
          Your record
        </h2>
        <PlayerRecord stats={stats} />
      </section>
    </>
  );
}

function StatCards({ stats, wonPaise }: { stats: Load<PlayerStats>; wonPaise: number | null | undefined }) {
  const value = stats.status === 'ready' ? stats.value : null;
  const placeholder = stats.status === 'loading' ? '…' : '—';
  const winRate = value && value.matches_played > 0 ? value.win_rate_percent : null;
  const average = value ? averageGoalsPerMatch(value.goals_scored, value.matches_played) : null;
  const cards = [
    {
      label: 'Total Earnings',
      figure: typeof wonPaise === 'number' ? formatPaiseExact(wonPaise) : wonPaise === undefined ? '…' : '—',
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
  return <PaymentHistoryList payments={payments.value} />;
}
