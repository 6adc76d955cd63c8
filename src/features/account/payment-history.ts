/**
 * The payment history a person reads in one glance, from get_my_payments and get_my_entry_outcomes. Loaded
 * with the data (use-my-earnings), so My Earnings' first visit does not carry it.
 */
import { type EntryOutcome, type HistoryRow, isCharged, isDeclined, type Payment, paymentStatusReason } from './account';

/** What a player reads under one payment: the database's reason, a decline, a withdrawn entry and its fee. */
export function paymentNote(payment: Payment, outcome?: EntryOutcome): string | null {
  if (isDeclined(payment)) {
    const why = payment.status_reason?.trim();
    return `Declined${why ? `: ${why.replace(/\.$/, '')}` : ' by your bank'}. Nothing was charged.`;
  }
  if (payment.status === 'paid' && outcome && outcome.withdrawn > 0) {
    const all = outcome.withdrawn === outcome.slots;
    const which = all
      ? outcome.slots === 1
        ? 'Entry withdrawn'
        : 'All entries withdrawn'
      : `${outcome.withdrawn} of ${outcome.slots} entries withdrawn`;
    const why = outcome.withdraw_reason?.trim() ?? '';
    const disqualified = /^Disqualified/i.test(why);
    return `${which}${why ? `: ${why.replace(/\.$/, '')}` : ''}. ${
      disqualified
        ? 'A disqualified entry is not refunded.'
        : 'Its fee is forfeited: the refund policy refunds no entry that was not checked in.'
    }`;
  }
  return paymentStatusReason(payment);
}

/**
 * The history a person reads in one glance: one row per payment that took money; the checkouts that took
 * none (closed, timed out, replaced, declined) fold under the payment of the same tournament that followed
 * them (else the one before them), or, for a tournament never paid for, under the newest of them. Newest first.
 */
export function historyRows(payments: readonly Payment[], outcomes: readonly EntryOutcome[] = []): HistoryRow[] {
  const byTime = [...payments].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  const outcomeOf = new Map(outcomes.map((outcome) => [outcome.payment_id, outcome]));
  const rows: HistoryRow[] = [];
  const waiting = new Map<string, Payment[]>();
  for (const payment of byTime) {
    if (!isCharged(payment)) {
      waiting.set(payment.tournament_id, [...(waiting.get(payment.tournament_id) ?? []), payment]);
      continue;
    }
    const folded = (waiting.get(payment.tournament_id) ?? []).reverse();
    waiting.delete(payment.tournament_id);
    const outcome = outcomeOf.get(payment.id);
    rows.push({ payment, folded, note: paymentNote(payment, outcome), ...(outcome ? { outcome } : {}) });
  }
  for (const [tournamentId, attempts] of waiting) {
    const newestFirstAttempts = [...attempts].reverse();
    // Attempts after the last payment of a tournament fold under that payment.
    const charged = rows.findLast((row) => row.payment.tournament_id === tournamentId);
    if (charged) {
      charged.folded = [...newestFirstAttempts, ...charged.folded];
      continue;
    }
    const [newest, ...older] = newestFirstAttempts;
    if (newest) rows.push({ payment: newest, folded: older, note: paymentNote(newest) });
  }
  return rows.sort((a, b) => new Date(b.payment.created_at).getTime() - new Date(a.payment.created_at).getTime());
}
