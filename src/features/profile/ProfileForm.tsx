/**
 * The profile form (spec 5): validated on submit, then again on every change. Once the profile is
 * complete every field is read-only (the database refuses changes too), except that the in-game name may be
 * changed by its own rule (InGameNameChange). The legal name says where it is typed that it must match the
 * player's PAN. State and the save live in useProfileForm.
 */
import { Button } from '@/components/ui/Button';
import { useMessages } from '@/lib/i18n/use-messages';
import { PAID_ENTRY_MIN_AGE, todayInIndia } from '@/lib/legal';
import { GAME_USER_ID_MAX_LENGTH, GAME_USER_ID_MIN_LENGTH } from '@/lib/rules';
import { EligibilityDetails } from './EligibilityDetails';
import { InGameNameChange } from './InGameNameChange';
import { MIN_AGE, type Profile } from './profile';
import { PROFILE_WORDS } from './profile-words';
import ProfileField from './ProfileField';
import ProfilePictureField from './ProfilePictureField';
import { useProfileForm } from './use-profile-form';

export default function ProfileForm({ profile }: { profile: Profile }) {
  const form = useProfileForm(profile);
  const { locked, values, errors, update, confirming } = form;
  const w = useMessages(PROFILE_WORDS);

  return (
    <form onSubmit={form.submit} noValidate className="card flex flex-col gap-5 p-5 sm:p-7" aria-labelledby="profile-details">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-details" className="section-title text-2xl sm:text-3xl">
          {w.heading}
        </h2>
        {locked && (
          <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-mist">
            <LockIcon /> {w.locked}
          </span>
        )}
      </div>

      {form.summary && (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 px-4 py-3 text-sm font-semibold text-danger">
          {w.problem(form.summary)}
        </p>
      )}

      <ProfilePictureField
        shownPicture={form.shownPicture}
        isNew={form.hasNewPicture}
        locked={locked}
        error={form.pictureError}
        onChoose={(event) => void form.choosePicture(event)}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <ProfileField name="legal-name" label={w.legalName} required error={w.problem(errors.legalName)} hint={w.legalNameHint}>
          {(props) => (
            <input
              {...props}
              name="legalName"
              autoComplete="name"
              value={values.legalName}
              readOnly={locked}
              onChange={(e) => update({ legalName: e.target.value })}
            />
          )}
        </ProfileField>
        <div className="flex flex-col gap-2">
          <ProfileField
            name="in-game-name"
            label={w.inGameName}
            required
            error={w.problem(errors.inGameName)}
            hint={w.inGameNameHint(locked)}
          >
            {(props) => (
              <input
                {...props}
                name="inGameName"
                autoComplete="nickname"
                value={values.inGameName}
                readOnly={locked}
                onChange={(e) => update({ inGameName: e.target.value })}
              />
            )}
          </ProfileField>
          {locked && <InGameNameChange profile={profile} />}
        </div>
        <ProfileField
          name="date-of-birth"
          label={w.dateOfBirth}
          required
          error={w.problem(errors.dateOfBirth)}
          hint={
            locked
              ? w.dateOfBirthLocked
              : w.dateOfBirthHint(MIN_AGE, PAID_ENTRY_MIN_AGE, values.dateOfBirth ? w.calendarDate(values.dateOfBirth) : '')
          }
        >
          {(props) =>
            locked ? (
              // Read back the Indian way ("5 Jan 2008"), whatever the browser's own date format.
              <input {...props} name="dateOfBirth" value={values.dateOfBirth ? w.calendarDate(values.dateOfBirth) : ''} readOnly />
            ) : (
              <input
                {...props}
                name="dateOfBirth"
                type="date"
                autoComplete="bday"
                max={todayInIndia(new Date())}
                value={values.dateOfBirth}
                onChange={(e) => update({ dateOfBirth: e.target.value })}
              />
            )
          }
        </ProfileField>
        <ProfileField
          name="efootball-user-id"
          label={w.gameUserId}
          error={w.problem(errors.gameUserId)}
          required
          hint={w.gameUserIdHint(GAME_USER_ID_MIN_LENGTH, GAME_USER_ID_MAX_LENGTH)}
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
              onChange={(e) => update({ gameUserId: e.target.value })}
              className={`${props.className} font-mono`}
            />
          )}
        </ProfileField>
      </div>

      {!locked && (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="livesInIndia"
            checked={values.livesInIndia}
            onChange={(e) => update({ livesInIndia: e.target.checked })}
            className="mt-0.5 size-5 accent-lime"
          />
          <span>{w.livesInIndia}</span>
        </label>
      )}

      {locked && <EligibilityDetails profile={profile} />}

      {confirming && <confirming.Dialog values={confirming.values} onCancel={form.cancelConfirmation} onConfirm={form.confirm} />}

      {!locked && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-mist">{w.checkBeforeSaving}</p>
          <Button type="submit" tone="primary" busy={form.saving} busyLabel={w.saving}>
            {w.save}
          </Button>
        </div>
      )}
    </form>
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
