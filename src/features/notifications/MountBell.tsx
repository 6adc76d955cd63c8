/** Mounts the notification bell into a slot: the landing page's loader calls it for a signed-in player only. */
import { createRoot } from 'react-dom/client';
import { hindiWordsReady } from '@/lib/i18n/island-words';
import NotificationBell from './NotificationBell';

/** On a Hindi page, once the bell's Hindi words have arrived: its first render is then in Hindi. */
export async function mountBell(slot: HTMLElement): Promise<void> {
  await hindiWordsReady();
  createRoot(slot).render(<NotificationBell />);
}
