/**
 * Short messages that float over the page (spec 8's toasts). Any island may raise one; the
 * Toaster island of the page shows them.
 */
import { atom } from 'nanostores';

export type ToastTone = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

export function showToast(message: string, tone: ToastTone = 'info', durationMs = 4000): number {
  const id = nextId++;
  $toasts.set([...$toasts.get().filter((t) => t.message !== message), { id, message, tone }]);
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
