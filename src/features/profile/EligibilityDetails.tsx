/**
 * What a completed (locked) profile may still add for paid entry: a date of birth on profiles completed
 * before it was asked, and the confirmation of residence in India. Each is kept once given.
 */
import { Button } from '@/components/ui/Button';
import { useState } from 'react';
import { replaceProfile } from './profile-store';
import { showToast } from '@/stores/toast';
import { ageOn, MAX_PLAYER_AGE, MIN_PLAYER_AGE, todayInIndia } from '@/lib/legal';
import { FIELD_MESSAGES, PROFILE_MESSAGES, type Profile } from './profile';

export function EligibilityDetails({ profile }: { profile: Profile }) {
  const needsDateOfBirth = profile.date_of_birth === null;
  const needsResidence = profile.lives_in_india_confirmed_at === null;
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [livesInIndia, setLivesInIndia] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!needsDateOfBirth && !needsResidence) return null;

  async function onSave() {
    const today = todayInIndia(new Date());
    if (needsDateOfBirth) {
      if (dateOfBirth === '') return setError(FIELD_MESSAGES.dateOfBirthRequired);
      if (dateOfBirth > today) return setError(FIELD_MESSAGES.dateOfBirthFuture);
      const age = ageOn(dateOfBirth, today);
      if (age < MIN_PLAYER_AGE) return setError(FIELD_MESSAGES.tooYoung);
      if (age > MAX_PLAYER_AGE) return setError(FIELD_MESSAGES.tooOld);
    }
    setError(null);
    setSaving(true);
    try {
      const api = await import('./profile.api');
      replaceProfile(await api.saveMyEligibilityDetails({ dateOfBirth: needsDateOfBirth ? dateOfBirth : null, livesInIndia }));
      showToast(PROFILE_MESSAGES.saved, 'success');
    } catch (failure) {
      console.error(failure);
      showToast(PROFILE_MESSAGES.updateFailed, 'error');
    } finally {
      setSaving(false);
    }
  }

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
              value={dateOfBirth}
              onChange={(e) => setDateOfBirth(e.target.value)}
              className="min-h-12 rounded-xl border border-line bg-night px-4 text-base font-normal text-chalk"
            />
          </label>
        )}
        {needsResidence && (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={livesInIndia}
              onChange={(e) => setLivesInIndia(e.target.checked)}
              className="mt-0.5 size-5 accent-lime"
            />
            <span>I live in India.</span>
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        )}
        <Button tone="primary" className="self-start" busy={saving} busyLabel="Saving…" onClick={() => void onSave()}>
          Save these details
        </Button>
      </div>
    </section>
  );
}
