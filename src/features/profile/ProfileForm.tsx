/**
 * The profile form (spec 5): validated on submit, then again on every change. Once the
 * profile is complete every field is read-only: the database refuses changes too.
 */
import { Button } from '@/components/ui/Button';
import { useEffect, useState, type ChangeEvent, type SubmitEvent, type ReactNode } from 'react';
import { replaceProfile } from './profile-store';
import { showToast } from '@/stores/toast';
import { ApiError } from '@/lib/api-answer';
import { ROUTES } from '@/lib/routes';
import { todayInIndia } from '@/lib/legal';
import { GAME_USER_ID_MAX_LENGTH, GAME_USER_ID_MIN_LENGTH, PROFILE_PICTURE_TYPES } from '@/lib/rules';
import { EligibilityDetails } from './EligibilityDetails';
import {
  formValuesFromProfile,
  imageProblem,
  MIN_AGE,
  PROFILE_MESSAGES,
  REDIRECT_AFTER_SAVE_MS,
  validateProfileForm,
  type Profile,
  type ProfileFieldErrors,
  type ProfileFormValues,
  type ValidProfileForm,
} from './profile';
import type { LockConfirmation } from './LockConfirmation';

/** The values waiting for the player's confirmation, and the dialog that asks for it (loaded on the first send). */
type Confirming = { values: ValidProfileForm; Dialog: typeof LockConfirmation };

interface Props {
  profile: Profile;
}

type Picture = { file: File; previewUrl: string };

/** The database refused the save (a rule, the lock): "update failed"; anything else is unexpected. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'refused';
}

export default function ProfileForm({ profile }: Props) {
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

  function update(next: ProfileFormValues) {
    setValues(next);
    setDirty(true);
    if (submitted) showValidation(next);
  }

  function showValidation(next: ProfileFormValues) {
    const result = validateProfileForm(next);
    setErrors(result.ok ? {} : result.fieldErrors);
    setSummary(result.ok ? null : result.summary);
    return result;
  }

  async function onPictureChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const chosen = input.files?.[0];
    if (!chosen) return;
    // The type first; the size only after the picture is scaled down in the browser.
    let problem = imageProblem({ type: chosen.type, size: 0 });
    let file = chosen;
    if (!problem) {
      try {
        const { resizePicture } = await import('./resize-picture');
        file = await resizePicture(chosen);
        problem = imageProblem(file);
      } catch (error) {
        problem = error instanceof Error && error.message ? error.message : PROFILE_MESSAGES.uploadFailed;
      }
    }
    if (problem) {
      setPictureError(problem);
      showToast(problem, 'error');
      input.value = '';
      return;
    }
    setPictureError(null);
    setPicture({ file, previewUrl: URL.createObjectURL(file) });
    setDirty(true);
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (locked || saving) return;
    setSubmitted(true);
    const result = showValidation(values);
    if (!result.ok) {
      if (result.summary) showToast(result.summary, 'error');
      return;
    }
    // Saving locks the profile: the player confirms the details first. The dialog is only needed now (and
    // never once the profile is locked), so it loads now, not with the page; a failed load keeps the form.
    try {
      const { LockConfirmation } = await import('./LockConfirmation');
      setConfirming({ values: result.values, Dialog: LockConfirmation });
    } catch {
      showToast(PROFILE_MESSAGES.confirmationUnavailable, 'error');
    }
  }

  async function save(valid: ValidProfileForm) {
    setSaving(true);
    try {
      const api = await import('./profile.api');
      if (!(await api.hasSession())) {
        showToast(PROFILE_MESSAGES.notLoggedIn, 'error');
        return;
      }
      let imageUrl = profile.profile_image_url;
      if (picture) {
        try {
          imageUrl = await api.uploadProfileImage(picture.file);
        } catch (error) {
          console.error(PROFILE_MESSAGES.uploadFailed, error);
          showToast(PROFILE_MESSAGES.uploadFailed, 'error');
          return;
        }
      }
      let saved: Profile;
      try {
        saved = await api.saveMyProfile(valid, imageUrl);
      } catch (error) {
        console.error(PROFILE_MESSAGES.updateFailed, error);
        showToast(isRefusal(error) ? PROFILE_MESSAGES.updateFailed : PROFILE_MESSAGES.unexpected, 'error');
        return;
      }
      replaceProfile(saved);
      setDirty(false);
      setPicture(null);
      showToast(PROFILE_MESSAGES.saved, 'success', REDIRECT_AFTER_SAVE_MS + 1000);
      window.setTimeout(() => window.location.assign(ROUTES.dashboard.path), REDIRECT_AFTER_SAVE_MS);
    } catch (error) {
      console.error(error);
      showToast(PROFILE_MESSAGES.unexpected, 'error');
    } finally {
      setSaving(false);
    }
  }

  const shownPicture = picture?.previewUrl ?? profile.profile_image_url;

  return (
    <form onSubmit={onSubmit} noValidate className="card flex flex-col gap-5 p-5 sm:p-7" aria-labelledby="profile-details">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-details" className="section-title text-2xl sm:text-3xl">
          Player details
        </h2>
        {locked && (
          <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-mist">
            <LockIcon /> Locked
          </span>
        )}
      </div>

      {summary && (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 px-4 py-3 text-sm font-semibold text-danger">
          {summary}
        </p>
      )}

      {(shownPicture || !locked) && (
        <div className="flex items-center gap-4">
          {shownPicture ? (
            <img
              src={shownPicture}
              alt={picture ? 'Preview of your new profile picture' : 'Your profile picture'}
              width={80}
              height={80}
              className="size-20 rounded-full border-2 border-line object-cover"
            />
          ) : (
            <span aria-hidden="true" className="grid size-20 place-items-center rounded-full border-2 border-dashed border-line text-mist">
              <CameraIcon />
            </span>
          )}
          {!locked && (
            <div className="flex flex-col gap-1">
              <label className="btn btn-ghost cursor-pointer self-start focus-within:outline-2 focus-within:outline-lime">
                {shownPicture ? 'Change picture' : 'Add a picture'}
                <input
                  type="file"
                  name="picture"
                  accept={PROFILE_PICTURE_TYPES.join(',')}
                  onChange={(event) => void onPictureChosen(event)}
                  className="sr-only"
                />
              </label>
              <p className={`text-xs ${pictureError ? 'font-semibold text-danger' : 'text-mist'}`}>
                {pictureError ?? 'JPG, PNG or WebP, any size: it is scaled down before upload.'}
              </p>
            </div>
          )}
        </div>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Legal Name" required error={errors.legalName} hint="As on your ID: prizes are paid to this name.">
          {(props) => (
            <input
              {...props}
              name="legalName"
              autoComplete="name"
              value={values.legalName}
              readOnly={locked}
              onChange={(e) => update({ ...values, legalName: e.target.value })}
            />
          )}
        </Field>
        <Field label="In-Game Name" required error={errors.inGameName} hint="Your eFootball username.">
          {(props) => (
            <input
              {...props}
              name="inGameName"
              autoComplete="nickname"
              value={values.inGameName}
              readOnly={locked}
              onChange={(e) => update({ ...values, inGameName: e.target.value })}
            />
          )}
        </Field>
        <Field
          label="Date of birth"
          required
          error={errors.dateOfBirth}
          hint={`You must be ${MIN_AGE} or older. Paid entry is for players 18 and over.`}
        >
          {(props) => (
            <input
              {...props}
              name="dateOfBirth"
              type="date"
              autoComplete="bday"
              max={todayInIndia(new Date())}
              value={values.dateOfBirth}
              readOnly={locked}
              onChange={(e) => update({ ...values, dateOfBirth: e.target.value })}
            />
          )}
        </Field>
        <Field
          label="eFootball User ID"
          error={errors.gameUserId}
          required
          hint={`The ID on your eFootball profile, as shown there: ${GAME_USER_ID_MIN_LENGTH} to ${GAME_USER_ID_MAX_LENGTH} letters, digits or dashes.`}
        >
          {(props) => (
            <input
              {...props}
              name="gameUserId"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              maxLength={GAME_USER_ID_MAX_LENGTH + 10}
              value={values.gameUserId}
              readOnly={locked}
              onChange={(e) => update({ ...values, gameUserId: e.target.value })}
              className={`${props.className} font-mono`}
            />
          )}
        </Field>
      </div>

      {!locked && (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="livesInIndia"
            checked={values.livesInIndia}
            onChange={(e) => update({ ...values, livesInIndia: e.target.checked })}
            className="mt-0.5 size-5 accent-lime"
          />
          <span>I live in India. Paid tournaments are open to residents of India only.</span>
        </label>
      )}

      {locked && <EligibilityDetails profile={profile} />}

      {confirming && (
        <confirming.Dialog
          values={confirming.values}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const valid = confirming.values;
            setConfirming(null);
            void save(valid);
          }}
        />
      )}

      {!locked && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-mist">Check your details: once saved, your profile is locked.</p>
          <Button type="submit" tone="primary" busy={saving} busyLabel="Saving…">
            Save profile
          </Button>
        </div>
      )}
    </form>
  );
}

interface InputProps {
  id: string;
  className: string;
  'aria-invalid'?: boolean;
  'aria-describedby': string;
  'aria-required'?: boolean;
}

function Field({
  label,
  required = false,
  error,
  hint,
  children,
}: {
  label: string;
  required?: boolean;
  error?: string;
  hint: string;
  children: (props: InputProps) => ReactNode;
}) {
  const id = `profile-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {required && <span className="text-gold"> *</span>}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': `${id}-note`,
        'aria-required': required || undefined,
        className:
          'min-h-12 rounded-xl border bg-night px-4 text-base text-chalk read-only:border-transparent read-only:bg-pitch-900 read-only:text-mist ' +
          (error ? 'border-danger' : 'border-line focus:border-lime'),
      })}
      <p id={`${id}-note`} className={`text-xs ${error ? 'font-semibold text-danger' : 'text-mist'}`}>
        {error ?? hint}
      </p>
    </div>
  );
}

function LockIcon() {
  return (
    <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

function CameraIcon() {
  return (
    <svg className="size-7" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
