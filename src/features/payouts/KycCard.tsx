/**
 * PAN and UPI id: verified details (and a hold after a UPI change), the check in progress, or the form
 * before the first withdrawal (again, with the reason, after a rejection).
 */
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { formatDateTimeIST } from '@/lib/format';
import { FormError } from './FormError';
import { PayoutField } from './PayoutField';
import { type Kyc, type KycStatus, kycStatusLabel } from './payouts';
import { useKycForm } from './use-kyc-form';

const KYC_TONES: Record<KycStatus, BadgeTone> = { verified: 'green', rejected: 'red', pending: 'blue', none: 'grey' };

export function KycCard({ kyc, onSubmitted }: { kyc: Kyc; onSubmitted: () => void }) {
  const held = kyc.payouts_held_until && new Date(kyc.payouts_held_until).getTime() > Date.now() ? kyc.payouts_held_until : null;
  return (
    <section aria-labelledby="kyc-heading" className="card flex flex-col gap-4 p-5" data-kyc={kyc.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="kyc-heading" className="section-title text-xl">
          PAN and UPI id
        </h3>
        <Badge tone={KYC_TONES[kyc.status]}>{kycStatusLabel(kyc.status)}</Badge>
      </div>
      {kyc.status === 'verified' && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-mist">PAN</dt>
          <dd className="font-mono">{kyc.pan_masked ?? '—'}</dd>
          <dt className="text-mist">UPI id</dt>
          <dd className="font-mono break-all">{kyc.upi_id ?? '—'}</dd>
          {held && (
            <>
              <dt className="text-mist">Withdrawals</dt>
              <dd>Paused until {formatDateTimeIST(held)} after your UPI id changed</dd>
            </>
          )}
        </dl>
      )}
      {kyc.status === 'pending' && (
        <p className="text-sm text-mist" role="status">
          We are checking your PAN against your legal name and your UPI id with your bank. This usually takes a minute; this page updates by
          itself.
        </p>
      )}
      {(kyc.status === 'none' || kyc.status === 'rejected') && (
        <KycForm rejected={kyc.status === 'rejected'} reason={kyc.reason} onSubmitted={onSubmitted} />
      )}
    </section>
  );
}

function KycForm({ rejected, reason, onSubmitted }: { rejected: boolean; reason: string | null; onSubmitted: () => void }) {
  const form = useKycForm(onSubmitted);
  return (
    <form onSubmit={form.submit} noValidate className="flex flex-col gap-4 text-sm">
      <p className="text-mist">
        Before your first withdrawal the law needs your PAN (tax is withheld against it) and we need the UPI id to pay you. The name on your
        PAN must match your profile’s legal name.
      </p>
      {rejected && (
        <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger break-words" data-kyc-reason>
          {reason ?? 'We could not verify these details.'} Check them and send them again.
        </p>
      )}
      <PayoutField
        label="PAN"
        value={form.pan}
        onChange={form.setPan}
        problem={form.panProblem}
        hint="10 characters, like ABCPE1234F"
        maxLength={12}
        autoCapitalize="characters"
        autoComplete="off"
      />
      <PayoutField
        label="UPI id"
        value={form.upiId}
        onChange={form.setUpiId}
        problem={form.upiProblem}
        hint="As your UPI app shows it, like yourname@okaxis"
        maxLength={321}
        autoCapitalize="none"
        autoComplete="off"
      />
      <FormError error={form.error} />
      <Button type="submit" tone="primary" busy={form.busy} busyLabel="Sending…" className="self-start">
        Verify PAN and UPI id
      </Button>
    </form>
  );
}
