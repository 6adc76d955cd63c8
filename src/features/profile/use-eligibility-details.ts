/**
 * What a completed profile may still add for paid entry: the date of birth (checked as the form checks
 * it) and the confirmation of residence in India, saved on their own.
 */
import { useState } from 'react';
import { ageOn, MAX_PLAYER_AGE, MIN_PLAYER_AGE, todayInIndia } from '@/lib/legal';
import { showToast } from '@/stores/toast';
import { FIELD_MESSAGES, PROFILE_MESSAGES, type Profile } from './profile';
import { replaceProfile } from './profile-store';

/** What is wrong with a date of birth typed here, or null. */
function dateOfBirthProblem(dateOfBirth: string, today: string): string | null {
  if (dateOfBirth === '') return FIELD_MESSAGES.dateOfBirthRequired;
  if (dateOfBirth > today) return FIELD_MESSAGES.dateOfBirthFuture;
  const age = ageOn(dateOfBirth, today);
  if (age < MIN_PLAYER_AGE) return FIELD_MESSAGES.tooYoung;
  if (age > MAX_PLAYER_AGE) return FIELD_MESSAGES.tooOld;
  return null;
}

export function useEligibilityDetails(profile: Profile) {
  const needsDateOfBirth = profile.date_of_birth === null;
  const needsResidence = profile.lives_in_india_confirmed_at === null;
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [livesInIndia, setLivesInIndia] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    const problem = needsDateOfBirth ? dateOfBirthProblem(dateOfBirth, todayInIndia(new Date())) : null;
    setError(problem);
    if (problem) return;
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

  return { needsDateOfBirth, needsResidence, dateOfBirth, setDateOfBirth, livesInIndia, setLivesInIndia, error, saving, save };
}
