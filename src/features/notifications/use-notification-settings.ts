/**
 * Which kinds of notification also come by e-mail. Each switch saves at once; a failure puts it back and
 * says so. The data module (and supabase-js) loads with the section, not with the page.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ALERT_WORDS, type AlertDataWords, alertDataWordsIn } from '@/features/alerts/alert-words';
import { $lang } from '@/stores/lang';
import { useMessages } from '@/lib/i18n/use-messages';
import type { NotificationSetting } from './notifications.api';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./notifications.api'));

export function useNotificationSettings() {
  const [settings, setSettings] = useState<NotificationSetting[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const w = useMessages(ALERT_WORDS).notifications;
  const lang = useStore($lang);
  // The kinds' labels and the outcomes, in the page's language: loaded with the data.
  const [labels, setLabels] = useState<AlertDataWords['kinds'] | null>(null);

  useEffect(() => {
    Promise.all([api().then((calls) => calls.fetchMyNotificationSettings()), alertDataWordsIn(lang)])
      .then(([loaded, words]) => {
        setLabels(words.kinds);
        setSettings(loaded);
      })
      .catch(() => setMessage(w.loadFailed));
  }, [w, lang]);

  const setEmail = (kind: string, email: boolean) =>
    setSettings((current) => current?.map((setting) => (setting.kind === kind ? { ...setting, email } : setting)) ?? null);

  async function change(kind: string, email: boolean) {
    setEmail(kind, email);
    try {
      await (await api()).setMyNotificationSetting(kind, email);
      setMessage((await alertDataWordsIn(lang)).messages.saved);
    } catch {
      setEmail(kind, !email);
      setMessage((await alertDataWordsIn(lang)).messages.saveFailed);
    }
  }

  return { settings, labels, message, change };
}
