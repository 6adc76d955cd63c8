/**
 * The alerts' IO: the player's choices per event and channel, this device's push subscription, and the
 * WhatsApp opt-in. Answers are checked with zod; failures are ApiErrors (lib/api-answer.ts).
 */
import * as z from 'zod/mini';
import { readAnswer } from '@/lib/api-answer';
import type { Lang } from '@/lib/i18n/lang';
import { getSupabase } from '@/lib/supabase';

const MyAlerts = z.object({
  events: z.array(z.object({ kind: z.string(), push: z.boolean(), whatsapp: z.boolean(), quiet_hours: z.boolean() })),
  push_devices: z.int(),
  whatsapp: z.object({
    phone: z.nullable(z.string()),
    consented_at: z.nullable(z.string()),
    pending_phone: z.nullable(z.string()),
    code_expires_at: z.nullable(z.string()),
    tries_left: z.nullable(z.int()),
    consent_text: z.string(),
  }),
});
export type MyAlerts = z.infer<typeof MyAlerts>;

/** `lang`: the page's; the consent words come in it (the database's message catalog), as the player will agree to them. */
export async function fetchMyAlerts(lang: Lang): Promise<MyAlerts> {
  return readAnswer('rpc get_my_alerts', MyAlerts, await getSupabase().rpc('get_my_alerts', { p_language: lang }));
}

export async function setMyAlert(kind: string, channel: 'push' | 'whatsapp', on: boolean): Promise<void> {
  const answer = await getSupabase().rpc('set_my_alert', { p_kind: kind, p_channel: channel, p_on: on });
  readAnswer('rpc set_my_alert', z.object({ kind: z.string() }), answer);
}

/** The browser's subscription JSON, as PushSubscription.toJSON() gives it. */
export async function savePushSubscription(subscription: unknown): Promise<string> {
  const answer = await getSupabase().rpc('save_push_subscription', { p_subscription: subscription });
  return readAnswer('rpc save_push_subscription', z.object({ id: z.string() }), answer).id;
}

export async function deletePushSubscription(endpoint: string): Promise<void> {
  const answer = await getSupabase().rpc('delete_push_subscription', { p_endpoint: endpoint });
  readAnswer('rpc delete_push_subscription', z.object({ deleted: z.boolean() }), answer);
}

export async function startWhatsAppOptIn(phone: string): Promise<void> {
  const answer = await getSupabase().rpc('start_whatsapp_opt_in', { p_phone: phone });
  readAnswer('rpc start_whatsapp_opt_in', z.object({ phone: z.string() }), answer);
}

/**
 * True once confirmed; otherwise the tries left for this code. `lang`: the page's, so the consent recorded is the
 * words the player read beside the form, in that language.
 */
export async function confirmWhatsAppOptIn(code: string, lang: Lang): Promise<{ confirmed: boolean; triesLeft: number | null }> {
  const answer = await getSupabase().rpc('confirm_whatsapp_opt_in', { p_code: code, p_language: lang });
  const read = readAnswer('rpc confirm_whatsapp_opt_in', z.object({ confirmed: z.boolean(), tries_left: z.optional(z.int()) }), answer);
  return { confirmed: read.confirmed, triesLeft: read.tries_left ?? null };
}

export async function withdrawWhatsAppConsent(): Promise<void> {
  const answer = await getSupabase().rpc('withdraw_whatsapp_consent');
  readAnswer('rpc withdraw_whatsapp_consent', z.object({ withdrawn: z.boolean() }), answer);
}
