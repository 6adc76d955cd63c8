/**
 * The signed-in player's notifications: loaded, then read again whenever Realtime says one arrived.
 * Opening the bell's panel marks them read. Nothing loads (not even supabase-js) for a signed-out visitor.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isSignedIn } from '@/stores/session';
import { useSession } from '@/stores/use-session';
import type { NotificationInbox } from './notifications';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./notifications.api'));

export function useNotificationInbox() {
  const session = useSession();
  const userId = isSignedIn(session) ? session.user.id : null;
  const [inbox, setInbox] = useState<NotificationInbox | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setInbox(await (await api()).fetchMyNotifications());
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
    void api().then(({ subscribeToMyNotifications }) => {
      if (!stopped) stop = subscribeToMyNotifications(userId, () => void load());
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [userId, load]);

  const markAllRead = useCallback(async () => {
    try {
      await (await api()).markAllNotificationsRead();
      setInbox((current) => current && { unread: 0, items: current.items });
    } catch {
      // The badge stays: the next load shows the truth.
    }
  }, []);

  return { signedIn: userId !== null, inbox, failed, unread: inbox?.unread ?? 0, markAllRead };
}

/** A panel that closes on Escape or a click outside `container`. */
export function useDismissablePanel() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);
  return { open, setOpen, container };
}
