/**
 * A modal dialog that opens as soon as it is shown (the browser's <dialog>, so focus stays inside and
 * Escape works). Escape calls `onCancel` instead of closing behind the owner's back: the owner decides.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  title: string;
  description: ReactNode;
  onCancel: () => void;
  /** The buttons, right-aligned under the content. */
  actions: ReactNode;
  children?: ReactNode;
}

export function Dialog({ title, description, onCancel, actions, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="card m-auto w-[calc(100%-2rem)] max-w-md p-6 text-chalk backdrop:bg-night/80"
    >
      <h2 id={`${id}-title`} className="section-title text-xl">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-sm text-mist">
        {description}
      </p>
      {children}
      <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
    </dialog>
  );
}
