/**
 * One labelled field of the profile form with its hint, or its error in place of the hint. The input is
 * the caller's; this hands it the id, the ARIA wiring and the classes.
 */
import type { ReactNode } from 'react';

export interface ProfileInputProps {
  id: string;
  className: string;
  'aria-invalid'?: boolean;
  'aria-describedby': string;
  'aria-required'?: boolean;
}

interface Props {
  /** The field's id stem ("legal-name"): the same in both languages, whatever the label says. */
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  hint: string;
  children: (props: ProfileInputProps) => ReactNode;
}

export default function ProfileField({ name, label, required = false, error, hint, children }: Props) {
  const id = `profile-${name}`;
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
