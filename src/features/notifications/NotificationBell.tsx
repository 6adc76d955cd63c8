/**
 * The bell in the header of the app pages: the number of unread notifications, live through Realtime,
 * and a panel with the latest ones. Opening the panel marks them read. Signed-out visitors see nothing.
 * Its data module (and supabase-js with it) loads only once a player is signed in, so the bell adds almost
 * nothing to a page's first load.
 */
import { ROUTES } from '@/lib/routes';
import { useSession } from '@/stores/use-session';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isSignedIn } from '@/stores/session';
import { bellLabel, type NotificationInbox, timeAgo, unreadBadge } from './notifications';

export default function NotificationBell() {
  const session = useSession();
  const userId = isSignedIn(session) ? session.user.id : null;
  const [inbox, setInbox] = useState<NotificationInbox | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const { fetchMyNotifications } = await import('./notifications.api');
      setInbox(await fetchMyNotifications());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (!userId) return;
    void load();
    let stop = () => {};
    let stopped = false;
    void import('./notifications.api').then(({ subscribeToMyNotifications }) => {
      if (!stopped) stop = subscribeToMyNotifications(userId, () => void load());
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [userId, load]);

  // Escape or a click outside closes the panel.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!userId) return null;
  const unread = inbox?.unread ?? 0;
  const badge = unreadBadge(unread);

  async function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && unread > 0) {
      try {
        const { markAllNotificationsRead } = await import('./notifications.api');
        await markAllNotificationsRead();
        setInbox((current) => current && { unread: 0, items: current.items });
      } catch {
        // The badge stays: the next load shows the truth.
      }
    }
  }

  return (
    <div className="relative" ref={panel}>
      <button
        type="button"
        className="relative grid size-10 place-items-center rounded-full text-mist hover:bg-white/10 hover:text-white"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls="notification-panel"
        onClick={() => void toggle()}
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
          <h2 className="px-2 py-1 text-sm font-bold text-mist">Notifications</h2>
          {failed && <p className="px-2 py-3 text-sm text-danger">Your notifications could not be loaded. Try again in a moment.</p>}
          {inbox && inbox.items.length === 0 && (
            <p className="px-2 py-3 text-sm text-mist">Nothing yet: news about your matches lands here.</p>
          )}
          <ul role="list">
            {inbox?.items.map((item) => (
              <li key={item.id}>
                <a href={item.link ?? '#'} className="block rounded-lg px-2 py-2 hover:bg-white/5">
                  <span className="flex items-baseline justify-between gap-3">
                    <span className={item.read ? 'font-semibold' : 'font-bold text-white'}>{item.title}</span>
                    <span className="shrink-0 text-xs text-mist">{timeAgo(item.created_at)}</span>
                  </span>
                  {item.body && <span className="mt-0.5 block text-sm text-mist">{item.body}</span>}
                </a>
              </li>
            ))}
          </ul>
          <a href={`${ROUTES.profile.path}#notification-settings`} className="block px-2 py-2 text-sm text-lime underline">
            E-mail settings
          </a>
        </div>
      )}
    </div>
  );
}
