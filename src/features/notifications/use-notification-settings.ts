/**
 * Which kinds of notification also come by e-mail. Each switch saves at once; a failure puts it back and
 * says so. The data module (and supabase-js) loads with the section, not with the page.
 */
import { useEffect, useState } from 'react';
import { ALERT_WORDS } from '@/features/alerts/alert-words';
import { useMessages } from '@/lib/i18n/use-messages';
import type { NotificationSetting } from './notifications.api';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./notifications.api'));

export function useNotificationSettings() {
  const [settings, setSettings] = useState<NotificationSetting[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const w = useMessages(ALERT_WORDS).notifications;

  useEffect(() => {
    api()
      .then((calls) => calls.fetchMyNotificationSettings())
      .then(setSettings)
      .catch(() => setMessage(w.loadFailed));
  }, [w]);

  const setEmail = (kind: string, email: boolean) =>
    setSettings((current) => current?.map((setting) => (setting.kind === kind ? { ...setting, email } : setting)) ?? null);

  async function change(kind: string, email: boolean) {
    setEmail(kind, email);
    try {
      await (await api()).setMyNotificationSetting(kind, email);
      setMessage(w.saved);
    } catch {
      setEmail(kind, !email);
      setMessage(w.saveFailed);
    }
  }

  return { settings, message, change };
}
