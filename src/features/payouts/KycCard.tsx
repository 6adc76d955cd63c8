/**
 * PAN and UPI id: verified details (and a hold after a UPI change), the check in progress, or the form
 * before the first withdrawal (again, with the reason, after a rejection).
 */
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { useStore } from '@nanostores/react';
import { formatDateTimeIn } from '@/lib/i18n/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { $lang } from '@/stores/lang';
import { FormError } from './FormError';
import { PayoutField } from './PayoutField';
import { PAYOUT_WORDS } from './payout-words';
import type { Kyc, KycStatus } from './payouts';
import { useKycForm } from './use-kyc-form';

const KYC_TONES: Record<KycStatus, BadgeTone> = { verified: 'green', rejected: 'red', pending: 'blue', none: 'grey' };

export function KycCard({ kyc, onSubmitted }: { kyc: Kyc; onSubmitted: () => void }) {
  const lang = useStore($lang);
  const w = PAYOUT_WORDS[lang].kyc;
  const held = kyc.payouts_held_until && new Date(kyc.payouts_held_until).getTime() > Date.now() ? kyc.payouts_held_until : null;
  return (
    <section aria-labelledby="kyc-heading" className="card flex flex-col gap-4 p-5" data-kyc={kyc.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="kyc-heading" className="section-title text-xl">
          {w.heading}
        </h3>
        <Badge tone={KYC_TONES[kyc.status]}>{w.status(kyc.status)}</Badge>
      </div>
      {kyc.status === 'verified' && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-mist">PAN</dt>
          <dd className="font-mono">{kyc.pan_masked ?? '—'}</dd>
          <dt className="text-mist">{w.upiId}</dt>
          <dd className="font-mono break-all">{kyc.upi_id ?? '—'}</dd>
          {held && (
            <>
              <dt className="text-mist">{w.withdrawals}</dt>
              <dd>{w.pausedUntil(formatDateTimeIn(lang, held))}</dd>
            </>
          )}
        </dl>
      )}
      {kyc.status === 'pending' && (
        <p className="text-sm text-mist" role="status">
          {w.checking}
        </p>
      )}
      {(kyc.status === 'none' || kyc.status === 'rejected') && (
        <KycForm rejected={kyc.status === 'rejected'} reason={kyc.reason} reasonCode={kyc.reason_code ?? null} onSubmitted={onSubmitted} />
      )}
    </section>
  );
}

function KycForm({
  rejected,
  reason,
  reasonCode,
  onSubmitted,
}: {
  rejected: boolean;
  reason: string | null;
  reasonCode: string | null;
  onSubmitted: () => void;
}) {
  const form = useKycForm(onSubmitted);
  const words = useMessages(PAYOUT_WORDS);
  const w = words.kyc;
  return (
    <form onSubmit={form.submit} noValidate className="flex flex-col gap-4 text-sm">
      <p className="text-mist">{w.intro}</p>
      {rejected && (
        <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger break-words" data-kyc-reason>
          {w.rejectedBecause(reason, reasonCode)} {w.sendAgain}
        </p>
      )}
      <PayoutField
        label="PAN"
        value={form.pan}
        onChange={form.setPan}
        problem={words.problem(form.panProblem)}
        hint={w.panHint}
        maxLength={12}
        autoCapitalize="characters"
        autoComplete="off"
      />
      <PayoutField
        label={w.upiId}
        value={form.upiId}
        onChange={form.setUpiId}
        problem={words.problem(form.upiProblem)}
        hint={w.upiHint}
        maxLength={321}
        autoCapitalize="none"
        autoComplete="off"
      />
      <FormError error={words.problem(form.error)} />
      <Button type="submit" tone="primary" busy={form.busy} busyLabel={w.sending} className="self-start">
        {w.verify}
      </Button>
    </form>
  );
}
