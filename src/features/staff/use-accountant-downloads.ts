/**
 * The accountant's downloads: the withholding register of a month or a quarter, and the certificate
 * figures of a financial year, as CSV files made in the browser.
 */
import { useState } from 'react';
import { financialYearOf, financialYearsUpTo, monthInIndia } from '@/features/payouts/payouts';
import { downloadCsv } from '@/lib/csv';
import { errorText } from '@/lib/error-text';
import { STAFF_MESSAGES } from './staff';
import { certificatesCsv, certificatesFileName, periodDates, periodsOf, withholdingCsv, withholdingFileName } from './staff-payouts';

const FIRST_FINANCIAL_YEAR = 2026;

export type Report = 'register' | 'certificates';

export function useAccountantDownloads() {
  const current = financialYearOf(new Date());
  const [year, setYear] = useState(current);
  // The month just running: what the monthly deposit of tax needs first.
  const [periodValue, setPeriodValue] = useState(`m${monthInIndia(new Date())}`);
  const [preparing, setPreparing] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const periods = periodsOf(year);
  const chosen = periods.find((option) => option.value === periodValue) ?? periods[0];

  async function download(report: Report) {
    if (!chosen) return;
    setPreparing(report);
    setError(null);
    try {
      const calls = await import('./staff-payouts.api');
      if (report === 'register') {
        const { from, to } = periodDates(chosen.period);
        downloadCsv(withholdingFileName(chosen.period), withholdingCsv(await calls.fetchWithholdingRegister(from, to)));
      } else {
        downloadCsv(certificatesFileName(year), certificatesCsv(year, await calls.fetchTaxCertificates(year)));
      }
    } catch (failure) {
      setError(errorText(failure, STAFF_MESSAGES));
    } finally {
      setPreparing(null);
    }
  }

  return {
    years: financialYearsUpTo(current, FIRST_FINANCIAL_YEAR),
    year,
    setYear,
    periods,
    periodValue,
    setPeriodValue,
    preparing,
    error,
    download,
  };
}
