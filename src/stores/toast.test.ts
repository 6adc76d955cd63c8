import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, showToast } from './toast';

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    $toasts.set([]);
  });

  it('shows a message once even when raised twice, and hides it after its time', () => {
    vi.useFakeTimers();
    showToast('Please log in to access this page', 'info', 3000);
    showToast('Please log in to access this page', 'info', 3000);
    expect($toasts.get().map((t) => t.message)).toEqual(['Please log in to access this page']);
    vi.advanceTimersByTime(3000);
    expect($toasts.get()).toEqual([]);
  });

  it('can be dismissed by the player', () => {
    const id = showToast('Profile updated successfully!', 'success', 0);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });
});
