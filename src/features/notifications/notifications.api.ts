/**
 * The bell's IO: the player's notifications (get_my_notifications answers for the caller only), marking
 * them read, the e-mail setting per kind, and the Realtime feed of new ones. Answers are checked with zod;
 * failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import { getSupabase } from '@/lib/supabase';
import { watchRows } from '@/lib/realtime';
import type { NotificationInbox, NotificationItem } from './notifications';

const Item = z.object({
  id: z.int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.nullable(z.string()),
  created_at: z.string(),
  read: z.boolean(),
}) satisfies z.ZodMiniType<NotificationItem>;

const Inbox = z.object({ unread: z.int(), items: z.array(Item) }) satisfies z.ZodMiniType<NotificationInbox>;

const Setting = z.object({ kind: z.string(), email: z.boolean(), urgent: z.boolean() });
export type NotificationSetting = z.infer<typeof Setting>;

export async function fetchMyNotifications(): Promise<NotificationInbox> {
  return readAnswer('rpc get_my_notifications', Inbox, await getSupabase().rpc('get_my_notifications', { p_limit: 30 }));
}

export async function markAllNotificationsRead(): Promise<number> {
  const answer = await getSupabase().rpc('mark_notifications_read');
  return readAnswer('rpc mark_notifications_read', z.object({ marked: z.int() }), answer).marked;
}

export async function fetchMyNotificationSettings(): Promise<NotificationSetting[]> {
  const answer = await getSupabase().rpc('get_my_notification_settings');
  return readAnswer('rpc get_my_notification_settings', z.array(Setting), answer);
}

export async function setMyNotificationSetting(kind: string, email: boolean): Promise<void> {
  const answer = await getSupabase().rpc('set_my_notification_setting', { p_kind: kind, p_email: email });
  readAnswer('rpc set_my_notification_setting', z.object({ kind: z.string(), email: z.boolean() }), answer);
}

/** Calls `onNew` whenever a notification for this player is written. */
export function subscribeToMyNotifications(userId: string, onNew: () => void): () => void {
  return watchRows(
    `notifications-${userId}`,
    [{ table: 'notifications', filter: `user_id=eq.${userId}`, event: 'INSERT', onChange: () => onNew() }],
    onNew,
  );
}
