/**
 * The bell in the header of the app pages: the number of unread notifications, live through Realtime,
 * and a panel with the latest ones. Opening the panel marks them read. Signed-out visitors see nothing.
 * Its data module (and supabase-js with it) loads only once a player is signed in, so the bell adds almost
 * nothing to a page's first load.
 */
import { useStore } from '@nanostores/react';
import { hrefIn } from '@/lib/i18n/links';
import { ROUTES } from '@/lib/routes';
import { $lang } from '@/stores/lang';
import { useMessages } from '@/lib/i18n/use-messages';
import { BELL_WORDS } from './bell-words';
import { timeAgo, unreadBadge } from './notifications';
import { useDismissablePanel, useNotificationInbox } from './use-notification-inbox';

export default function NotificationBell() {
  const { signedIn, inbox, failed, unread, markAllRead } = useNotificationInbox();
  const { open, setOpen, container } = useDismissablePanel();
  const w = useMessages(BELL_WORDS);
  const lang = useStore($lang);
  if (!signedIn) return null;
  const badge = unreadBadge(unread);

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && unread > 0) void markAllRead();
  }

  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        className="relative grid size-10 place-items-center rounded-full text-mist hover:bg-white/10 hover:text-white"
        aria-label={w.label(unread)}
        aria-expanded={open}
        aria-controls="notification-panel"
        onClick={toggle}
        data-notification-bell
      >
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {badge && (
          <span
            className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-lime px-1 text-xs font-bold text-night"
            data-unread
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notification-panel"
          className="card fixed inset-x-3 top-16 z-50 max-h-[70vh] overflow-y-auto p-2 sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <h2 className="px-2 py-1 text-sm font-bold text-mist">{w.heading}</h2>
          {failed && <p className="px-2 py-3 text-sm text-danger">{w.failed}</p>}
          {inbox && inbox.items.length === 0 && <p className="px-2 py-3 text-sm text-mist">{w.empty}</p>}
          <ul role="list">
            {inbox?.items.map((item) => (
              <li key={item.id}>
                <a href={item.link ?? '#'} className="block rounded-lg px-2 py-2 hover:bg-white/5">
                  <span className="flex items-baseline justify-between gap-3">
                    <span className={item.read ? 'font-semibold' : 'font-bold text-white'}>{item.title}</span>
                    <span className="shrink-0 text-xs text-mist">{timeAgo(item.created_at, new Date(), w.ago)}</span>
                  </span>
                  {item.body && <span className="mt-0.5 block text-sm text-mist">{item.body}</span>}
                </a>
              </li>
            ))}
          </ul>
          <a href={`${hrefIn(ROUTES.profile.path, lang)}#notification-settings`} className="block px-2 py-2 text-sm text-lime underline">
            {w.settings}
          </a>
        </div>
      )}
    </div>
  );
}
