/** Shows the toasts of the toast store, newest at the bottom, announced to screen readers. */
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type ToastTone } from '@/stores/toast';

const toneClasses: Record<ToastTone, string> = {
  success: 'border-lime/70 bg-pitch-800 text-chalk',
  error: 'border-danger/80 bg-[#2a1212] text-chalk',
  info: 'border-gold/70 bg-pitch-800 text-chalk',
};

const toneIcons: Record<ToastTone, string> = { success: '✓', error: '!', info: 'i' };

export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:bottom-6"
      aria-live="polite"
      role="status"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl border px-4 py-3 shadow-xl shadow-black/40 ${toneClasses[toast.tone]}`}
        >
          <span aria-hidden="true" className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-chalk/10 text-xs font-bold">
            {toneIcons[toast.tone]}
          </span>
          <p className="flex-1 text-sm font-semibold">{toast.message}</p>
          <button type="button" onClick={() => dismissToast(toast.id)} className="-m-1 rounded-full p-1 text-mist hover:text-chalk">
            <span aria-hidden="true">✕</span>
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      ))}
    </div>
  );
}
