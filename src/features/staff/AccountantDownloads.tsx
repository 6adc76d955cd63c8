/** "For the accountant": choose a financial year and a period, then download the register or the certificate figures. */
import { useId } from 'react';
import { Button } from '@/components/ui/Button';
import { financialYearLabel } from '@/features/payouts/payouts';
import { useAccountantDownloads } from './use-accountant-downloads';

const selectClass = 'rounded-xl border-2 border-line bg-night px-3 py-1.5 text-chalk focus:border-lime focus:outline-none';

export default function AccountantDownloads() {
  const downloads = useAccountantDownloads();
  const yearId = useId();
  const periodId = useId();
  return (
    <section aria-labelledby="accountant-heading">
      <h3 id="accountant-heading" className="section-title text-2xl">
        For the accountant
      </h3>
      <p className="mt-1 text-sm text-mist">
        Tax withheld under the Income-tax Act, for the monthly deposit, the quarterly return and the players’ certificates.
      </p>
      <div className="card mt-3 flex flex-wrap items-end gap-4 p-4 text-sm [&>*]:max-w-full">
        <div className="flex flex-col gap-1">
          <label htmlFor={yearId} className="font-semibold">
            Financial year
          </label>
          <select
            id={yearId}
            className={selectClass}
            value={downloads.year}
            onChange={(event) => downloads.setYear(Number(event.target.value))}
          >
            {downloads.years.map((option) => (
              <option key={option} value={option}>
                {financialYearLabel(option)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={periodId} className="font-semibold">
            Period
          </label>
          <select
            id={periodId}
            className={selectClass}
            value={downloads.periodValue}
            onChange={(event) => downloads.setPeriodValue(event.target.value)}
          >
            {downloads.periods.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          tone="ghost"
          className="whitespace-normal"
          busy={downloads.preparing === 'register'}
          busyLabel="Preparing…"
          onClick={() => downloads.download('register')}
        >
          Withholding register (CSV)
        </Button>
        <Button
          tone="ghost"
          className="whitespace-normal"
          busy={downloads.preparing === 'certificates'}
          busyLabel="Preparing…"
          onClick={() => downloads.download('certificates')}
        >
          Certificate figures for the year (CSV)
        </Button>
        {downloads.error && (
          <p role="alert" className="w-full font-semibold text-danger break-words">
            {downloads.error}
          </p>
        )}
      </div>
    </section>
  );
}
