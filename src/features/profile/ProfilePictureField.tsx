/** The profile picture: the stored one or the new one's preview, and (until the profile is locked) a way to choose one. */
import type { ChangeEvent } from 'react';
import { PROFILE_PICTURE_TYPES } from '@/lib/rules';

interface Props {
  shownPicture: string | null;
  isNew: boolean;
  locked: boolean;
  error: string | null;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}

export default function ProfilePictureField({ shownPicture, isNew, locked, error, onChoose }: Props) {
  if (!shownPicture && locked) return null;
  return (
    <div className="flex items-center gap-4">
      {shownPicture ? (
        <img
          src={shownPicture}
          alt={isNew ? 'Preview of your new profile picture' : 'Your profile picture'}
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
            <input type="file" name="picture" accept={PROFILE_PICTURE_TYPES.join(',')} onChange={onChoose} className="sr-only" />
          </label>
          <p className={`text-xs ${error ? 'font-semibold text-danger' : 'text-mist'}`}>
            {error ?? 'JPG, PNG or WebP, any size: it is scaled down before upload.'}
          </p>
        </div>
      )}
    </div>
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
