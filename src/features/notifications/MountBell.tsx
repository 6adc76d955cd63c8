/** Mounts the notification bell into a slot: the landing page's loader calls it for a signed-in player only. */
import { createRoot } from 'react-dom/client';
import NotificationBell from './NotificationBell';

export function mountBell(slot: HTMLElement): void {
  createRoot(slot).render(<NotificationBell />);
}
