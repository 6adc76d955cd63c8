/**
 * The profile's notification settings: which kinds also come by e-mail (the bell always shows them).
 * Each switch saves at once; a failure puts it back and says so.
 */
import { ALERT_WORDS } from '@/features/alerts/alert-words';
import { useMessages } from '@/lib/i18n/use-messages';
import { QUIET_HOURS_IST } from '@/lib/rules';
import type { NotificationKind } from '@/lib/notification-kinds';
import { useNotificationSettings } from './use-notification-settings';

export default function NotificationSettings() {
  const { settings, labels, message, change } = useNotificationSettings();
  const w = useMessages(ALERT_WORDS).notifications;

  return (
    <section id="notification-settings" className="card mt-6 p-5" aria-labelledby="notification-settings-heading">
      <h2 id="notification-settings-heading" className="text-lg font-bold">
        {w.title}
      </h2>
      <p className="mt-1 text-sm text-mist">{w.lead(QUIET_HOURS_IST)}</p>
      {settings === null && !message && <p className="mt-3 text-sm text-mist">{w.loading}</p>}
      <ul role="list" className="mt-3 divide-y divide-white/10">
        {settings?.map((setting) => (
          <li key={setting.kind} className="flex items-center justify-between gap-4 py-2">
            <label htmlFor={`notify-${setting.kind}`} className="text-sm">
              {labels?.[setting.kind as NotificationKind] ?? setting.kind}
              {setting.urgent && <span className="ml-2 text-xs text-mist">{w.anyHour}</span>}
            </label>
            <input
              id={`notify-${setting.kind}`}
              type="checkbox"
              className="size-5 accent-lime"
              checked={setting.email}
              onChange={(event) => void change(setting.kind, event.target.checked)}
            />
          </li>
        ))}
      </ul>
      <p className="mt-2 min-h-5 text-sm text-mist" role="status">
        {message}
      </p>
    </section>
  );
}
