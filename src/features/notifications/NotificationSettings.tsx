/**
 * The profile's notification settings: which kinds also come by e-mail (the bell always shows them).
 * Each switch saves at once; a failure puts it back and says so.
 */
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from './notifications';
import { useNotificationSettings } from './use-notification-settings';

export default function NotificationSettings() {
  const { settings, message, change } = useNotificationSettings();

  return (
    <section id="notification-settings" className="card mt-6 p-5" aria-labelledby="notification-settings-heading">
      <h2 id="notification-settings-heading" className="text-lg font-bold">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-mist">
        Everything appears under the bell. Choose what also comes by e-mail. E-mail that can wait is not sent between 23:00 and 08:00 IST.
      </p>
      {settings === null && !message && <p className="mt-3 text-sm text-mist">Loading…</p>}
      <ul role="list" className="mt-3 divide-y divide-white/10">
        {settings?.map((setting) => (
          <li key={setting.kind} className="flex items-center justify-between gap-4 py-2">
            <label htmlFor={`notify-${setting.kind}`} className="text-sm">
              {NOTIFICATION_KIND_LABELS[setting.kind as NotificationKind] ?? setting.kind}
              {setting.urgent && <span className="ml-2 text-xs text-mist">(sent at any hour)</span>}
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
