/** The annual tax statement of the financial year the player picks (this one first). */
import { useState } from 'react';
import { useSignedInLoad } from '@/lib/use-signed-in-load';
import { financialYearOf, financialYearsUpTo, PAYOUT_MESSAGES } from './payouts';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./payouts.api'));

/** The first financial year prizes were paid here. */
const FIRST_FINANCIAL_YEAR = 2026;

export function useTaxStatement(userId: string | null | undefined) {
  const current = financialYearOf(new Date());
  const [year, setYear] = useState(current);
  const [statement] = useSignedInLoad(userId, () => api().then((calls) => calls.fetchMyTaxStatement(year)), {
    key: year,
    overrides: PAYOUT_MESSAGES,
  });
  return { years: financialYearsUpTo(current, FIRST_FINANCIAL_YEAR), year, setYear, statement };
}
