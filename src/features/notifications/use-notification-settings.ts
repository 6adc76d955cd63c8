/**
 * Which kinds of notification also come by e-mail. Each switch saves at once; a failure puts it back and
 * says so. The data module (and supabase-js) loads with the section, not with the page.
 */
import { useEffect, useState } from 'react';
import type { NotificationSetting } from './notifications.api';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./notifications.api'));

export function useNotificationSettings() {
  const [settings, setSettings] = useState<NotificationSetting[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    api()
      .then((calls) => calls.fetchMyNotificationSettings())
      .then(setSettings)
      .catch(() => setMessage('Your notification settings could not be loaded. Reload the page to try again.'));
  }, []);

  const setEmail = (kind: string, email: boolean) =>
    setSettings((current) => current?.map((setting) => (setting.kind === kind ? { ...setting, email } : setting)) ?? null);

  async function change(kind: string, email: boolean) {
    setEmail(kind, email);
    try {
      await (await api()).setMyNotificationSetting(kind, email);
      setMessage('Saved.');
    } catch {
      setEmail(kind, !email);
      setMessage('That change could not be saved. Please try again.');
    }
  }

  return { settings, message, change };
}
