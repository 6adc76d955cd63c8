/**
 * The profile form's state and its save (spec 5): values as typed, validated on submit and then on every
 * change; a new picture scaled down in the browser; the lock confirmation (loaded on the first complete
 * send); then the upload, the save, and the way back: to the page named by `?next=` (a pod whose pay panel
 * sent the player here) or else the dashboard. Once the profile is complete the form
 * only follows what is stored.
 */
import { type ChangeEvent, type SubmitEvent, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-answer';
import { loadOnDemand } from '@/lib/on-demand';
import { profileReturnPath } from '@/lib/profile-return';
import { ROUTES } from '@/lib/routes';
import { showToast } from '@/stores/toast';
import type { LockConfirmation } from './LockConfirmation';
import {
  formValuesFromProfile,
  imageProblem,
  PROFILE_MESSAGES,
  type Profile,
  type ProfileFieldErrors,
  type ProfileFormValues,
  REDIRECT_AFTER_SAVE_MS,
  type ValidProfileForm,
  validateProfileForm,
} from './profile';
import { replaceProfile } from './profile-store';

/** The values waiting for the player's confirmation, and the dialog that asks for it. */
type Confirming = { values: ValidProfileForm; Dialog: typeof LockConfirmation };

type Picture = { file: File; previewUrl: string };

/** The database refused the save (a rule, the lock): "update failed"; anything else is unexpected. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'refused';
}

/** The picture as it will be uploaded (scaled down), or the sentence why it cannot be. */
async function preparePicture(chosen: File): Promise<{ file: File } | { problem: string }> {
  // The type first; the size only after the picture is scaled down in the browser.
  const typeProblem = imageProblem({ type: chosen.type, size: 0 });
  if (typeProblem) return { problem: typeProblem };
  try {
    const { resizePicture } = await import('./resize-picture');
    const file = await resizePicture(chosen);
    const sizeProblem = imageProblem(file);
    return sizeProblem ? { problem: sizeProblem } : { file };
  } catch (error) {
    return { problem: error instanceof Error && error.message ? error.message : PROFILE_MESSAGES.uploadFailed };
  }
}

/** Uploads the new picture if there is one and saves the row; answers the saved profile, or null after telling the player why not. */
async function saveProfile(valid: ValidProfileForm, picture: File | null, currentImageUrl: string | null): Promise<Profile | null> {
  const api = await import('./profile.api');
  if (!(await api.hasSession())) {
    showToast(PROFILE_MESSAGES.notLoggedIn, 'error');
    return null;
  }
  let imageUrl = currentImageUrl;
  if (picture) {
    try {
      imageUrl = await api.uploadProfileImage(picture);
    } catch (error) {
      console.error(PROFILE_MESSAGES.uploadFailed, error);
      showToast(PROFILE_MESSAGES.uploadFailed, 'error');
      return null;
    }
  }
  try {
    return await api.saveMyProfile(valid, imageUrl);
  } catch (error) {
    console.error(PROFILE_MESSAGES.updateFailed, error);
    showToast(isRefusal(error) ? PROFILE_MESSAGES.updateFailed : PROFILE_MESSAGES.unexpected, 'error');
    return null;
  }
}

export function useProfileForm(profile: Profile) {
  const locked = profile.profile_completed;
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesFromProfile(profile));
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [dirty, setDirty] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [picture, setPicture] = useState<Picture | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // A change made elsewhere (another tab or device) shows here unless the player is mid-edit;
  // a completed profile always shows what is stored, since it can no longer be edited.
  useEffect(() => {
    if (dirty && !locked) return;
    setValues(formValuesFromProfile(profile));
  }, [profile, dirty, locked]);

  useEffect(
    () => () => {
      if (picture) URL.revokeObjectURL(picture.previewUrl);
    },
    [picture],
  );

  function showValidation(next: ProfileFormValues) {
    const result = validateProfileForm(next);
    setErrors(result.ok ? {} : result.fieldErrors);
    setSummary(result.ok ? null : result.summary);
    return result;
  }

  function update(change: Partial<ProfileFormValues>) {
    const next = { ...values, ...change };
    setValues(next);
    setDirty(true);
    if (submitted) showValidation(next);
  }

  async function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const chosen = input.files?.[0];
    if (!chosen) return;
    const prepared = await preparePicture(chosen);
    if ('problem' in prepared) {
      setPictureError(prepared.problem);
      showToast(prepared.problem, 'error');
      input.value = '';
      return;
    }
    setPictureError(null);
    setPicture({ file: prepared.file, previewUrl: URL.createObjectURL(prepared.file) });
    setDirty(true);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (locked || saving) return;
    setSubmitted(true);
    const result = showValidation(values);
    if (!result.ok) {
      if (result.summary) showToast(result.summary, 'error');
      return;
    }
    // Saving locks the profile: the player confirms the details first. The dialog is only needed now (and
    // never once the profile is locked), so it loads now, not with the page; a failed load keeps the form, and
    // the next Save fetches it afresh.
    try {
      const { LockConfirmation } = await loadOnDemand(() => import('./LockConfirmation'));
      setConfirming({ values: result.values, Dialog: LockConfirmation });
    } catch {
      showToast(PROFILE_MESSAGES.confirmationUnavailable, 'error');
    }
  }

  async function save(valid: ValidProfileForm) {
    setSaving(true);
    try {
      const saved = await saveProfile(valid, picture?.file ?? null, profile.profile_image_url);
      if (!saved) return;
      replaceProfile(saved);
      setDirty(false);
      setPicture(null);
      // Opened from a pod (or another page) to complete the profile: back there, else the dashboard.
      const back = profileReturnPath(window.location.search);
      showToast(back ? PROFILE_MESSAGES.savedReturning : PROFILE_MESSAGES.saved, 'success', REDIRECT_AFTER_SAVE_MS + 1000);
      window.setTimeout(() => window.location.assign(back ?? ROUTES.dashboard.path), REDIRECT_AFTER_SAVE_MS);
    } catch (error) {
      console.error(error);
      showToast(PROFILE_MESSAGES.unexpected, 'error');
    } finally {
      setSaving(false);
    }
  }

  return {
    locked,
    values,
    update,
    errors,
    summary,
    /** The picture to show: the new one's preview, else the stored one. */
    shownPicture: picture?.previewUrl ?? profile.profile_image_url,
    hasNewPicture: picture !== null,
    pictureError,
    choosePicture,
    saving,
    submit,
    confirming,
    cancelConfirmation: () => setConfirming(null),
    confirm: () => {
      if (!confirming) return;
      setConfirming(null);
      void save(confirming.values);
    },
  };
}
