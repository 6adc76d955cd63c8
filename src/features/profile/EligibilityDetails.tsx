/**
 * What a completed (locked) profile may still add for paid entry: a date of birth on profiles completed
 * before it was asked, and the confirmation of residence in India. Each is kept once given.
 */
import { Button } from '@/components/ui/Button';
import { todayInIndia } from '@/lib/legal';
import type { Profile } from './profile';
import { useEligibilityDetails } from './use-eligibility-details';

export function EligibilityDetails({ profile }: { profile: Profile }) {
  const details = useEligibilityDetails(profile);
  const { needsDateOfBirth, needsResidence } = details;
  if (!needsDateOfBirth && !needsResidence) return null;

  return (
    <section aria-labelledby="eligibility-details" className="rounded-xl border border-gold/50 p-4">
      <h3 id="eligibility-details" className="font-semibold">
        Needed for paid tournaments
      </h3>
      <p className="mt-1 text-sm text-mist">Paid entry is for players 18 and over who live in India.</p>
      {/* Inside the locked profile form: saved by its own button, not by submitting that form. */}
      <div className="mt-3 flex flex-col gap-3">
        {needsDateOfBirth && (
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Date of birth
            <input
              type="date"
              name="eligibilityDateOfBirth"
              max={todayInIndia(new Date())}
              value={details.dateOfBirth}
              onChange={(e) => details.setDateOfBirth(e.target.value)}
              className="min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk"
            />
          </label>
        )}
        {needsResidence && (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={details.livesInIndia}
              onChange={(e) => details.setLivesInIndia(e.target.checked)}
              className="mt-0.5 size-5 accent-lime"
            />
            <span>I live in India.</span>
          </label>
        )}
        {details.error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {details.error}
          </p>
        )}
        <Button tone="primary" className="self-start" busy={details.saving} busyLabel="Saving…" onClick={() => void details.save()}>
          Save these details
        </Button>
      </div>
    </section>
  );
}
