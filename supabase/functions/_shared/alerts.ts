/**
 * The alerts the database queued (private.queue_alerts, start_whatsapp_opt_in): a Web Push to one device, or a
 * WhatsApp Business Cloud API template message to one number. The database decided who gets what and when
 * (opt-in per event, quiet hours); these calls only deliver, and report a device that is gone.
 *
 * Settings (functions secrets): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (base64url, as `web-push generate-vapid-keys`
 * prints them) and VAPID_SUBJECT (mailto: or https:); WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, optional
 * WHATSAPP_API_BASE and WHATSAPP_TEMPLATE_LANGUAGE. On the local stack the stack passes VAPID keys it generated into
 * its data folder, and WhatsApp goes to its double. A channel without its settings keeps its calls queued.
 */
import { isLocalStack, type Env } from './config.ts';
import { encryptPushPayload, pushEndpointAllowed, vapidAuthorization, type VapidKeys } from './web-push.ts';

export const LOCAL_PUSH_ENDPOINT_PATH = '/push/endpoint/';
export const LOCAL_WHATSAPP_PATH = '/whatsapp';
export const LOCAL_WHATSAPP_TOKEN = 'golazo-local-whatsapp-token';
export const LOCAL_WHATSAPP_PHONE_NUMBER_ID = '100000000000001';
export const WHATSAPP_API_VERSION = 'v21.0';
/** Meta's Graph API, which serves the WhatsApp Business Cloud API. */
const GRAPH_API = 'https://graph.facebook.com';
/** The opt-in's authentication template: its only variable is the code. */
export const OPT_IN_TEMPLATE = 'golazo_opt_in_code';

export type PushSettings = { keys: VapidKeys; subject: string; localDoublePrefix?: string };
export type WhatsAppSettings = { apiBase: string; phoneNumberId: string; accessToken: string; language: string };
export type AlertSettings = { push?: PushSettings; whatsapp?: WhatsAppSettings };

export function readAlertSettings(env: Env): AlertSettings {
  const read = (name: string) => env(name)?.trim() || undefined;
  const local = isLocalStack(env);
  const stackUrl = local ? read('SUPABASE_URL')?.replace(/\/+$/, '') : undefined;
  const publicKey = read('VAPID_PUBLIC_KEY');
  const privateKey = read('VAPID_PRIVATE_KEY');
  const subject = read('VAPID_SUBJECT') ?? (local ? 'mailto:support@golazo.example' : undefined);
  const accessToken = read('WHATSAPP_ACCESS_TOKEN') ?? (local ? LOCAL_WHATSAPP_TOKEN : undefined);
  const phoneNumberId = read('WHATSAPP_PHONE_NUMBER_ID') ?? (local ? LOCAL_WHATSAPP_PHONE_NUMBER_ID : undefined);
  const apiBase =
    read('WHATSAPP_API_BASE') ??
    (stackUrl ? `${stackUrl}${LOCAL_WHATSAPP_PATH}/${WHATSAPP_API_VERSION}` : `${GRAPH_API}/${WHATSAPP_API_VERSION}`);
  return {
    push:
      publicKey && privateKey && subject
        ? {
            keys: { publicKey, privateKey },
            subject,
            localDoublePrefix: stackUrl ? `${stackUrl}${LOCAL_PUSH_ENDPOINT_PATH}` : undefined,
          }
        : undefined,
    whatsapp:
      accessToken && phoneNumberId && apiBase
        ? { apiBase: apiBase.replace(/\/+$/, ''), phoneNumberId, accessToken, language: read('WHATSAPP_TEMPLATE_LANGUAGE') ?? 'en' }
        : undefined,
  };
}

type Outcome = { outcome: 'done' | 'retry' | 'failed'; answer: Record<string, unknown> };

/** What the push needs beside its settings: to forget a device its push service says is gone. */
export type PushDeps = { settings: PushSettings; forgetSubscription(endpoint: string): Promise<unknown>; now?: () => number };

/** One push to one device: encrypted for its keys, signed with our VAPID key, sent only to an allowed push service. */
export async function sendPush(deps: PushDeps, payload: Record<string, unknown>, fetcher: typeof fetch = fetch): Promise<Outcome> {
  const now = deps.now?.() ?? Date.now();
  const endpoint = String(payload.endpoint ?? '');
  const expiresAt = Date.parse(String(payload.expires_at ?? ''));
  if (Number.isFinite(expiresAt) && expiresAt <= now) return { outcome: 'done', answer: { expired: true } };
  if (!pushEndpointAllowed(endpoint, deps.settings.localDoublePrefix)) {
    return { outcome: 'done', answer: { refused: 'not an allowed push service' } };
  }
  const message = JSON.stringify({ title: String(payload.title ?? ''), body: String(payload.body ?? ''), url: String(payload.url ?? '/') });
  const body = await encryptPushPayload(new TextEncoder().encode(message), { p256dh: String(payload.p256dh), auth: String(payload.auth) });
  const ttl = Number.isFinite(expiresAt) ? Math.max(60, Math.floor((expiresAt - now) / 1000)) : 3600;
  const response = await fetcher(endpoint, {
    method: 'POST',
    headers: {
      authorization: await vapidAuthorization(endpoint, deps.settings.keys, deps.settings.subject, now),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(ttl),
      // The room is posted: the match starts in minutes.
      urgency: payload.kind === 'room_posted' ? 'high' : 'normal',
    },
    body,
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) {
    await deps.forgetSubscription(endpoint);
    return { outcome: 'done', answer: { http_status: response.status, subscription_gone: true } };
  }
  if (response.status === 429 || response.status >= 500) return { outcome: 'retry', answer: { http_status: response.status } };
  if (!response.ok) return { outcome: 'failed', answer: { http_status: response.status, error: 'the push service refused the push' } };
  return { outcome: 'done', answer: { http_status: response.status } };
}

/**
 * The language code a template goes in: the payload's when the database chose another language than English (it
 * does so only for a template Meta approved in it, private.whatsapp_template_languages), else the code the
 * English templates were registered with (WHATSAPP_TEMPLATE_LANGUAGE, `en` by default).
 */
export function templateLanguage(payload: Record<string, unknown>, englishCode: string): string {
  const chosen = payload.language;
  return typeof chosen === 'string' && chosen !== 'en' && /^[a-z]{2,3}(_[A-Z]{2})?$/.test(chosen) ? chosen : englishCode;
}

/** The Cloud API's body of one template message: its body variables, and the link as the URL button's variable. */
export function whatsAppTemplateMessage(payload: Record<string, unknown>, language: string) {
  const params = Array.isArray(payload.params) ? payload.params.map((value) => String(value ?? '').slice(0, 1024)) : [];
  const template = String(payload.template ?? '');
  // The authentication template's copy-code button takes the code; an alert's URL button the site path.
  const button = template === OPT_IN_TEMPLATE ? params[0] : typeof payload.url === 'string' ? payload.url : undefined;
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: String(payload.to ?? '').replace(/^\+/, ''),
    type: 'template',
    template: {
      name: template,
      language: { code: templateLanguage(payload, language) },
      components: [
        { type: 'body', parameters: params.map((text) => ({ type: 'text', text })) },
        ...(button ? [{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: button }] }] : []),
      ],
    },
  };
}

/**
 * Sends one template message. `idempotencyKey` is the outbox job's own key (the same on every retry of the
 * job, never shared by two jobs): it goes as the `Idempotency-Key` header, which a provider or gateway that
 * deduplicates (the local double does) answers with the first send, and as `biz_opaque_callback_data`, which
 * the Cloud API returns in its status webhooks, so a second delivery of one job can be told from two jobs.
 */
export async function sendWhatsApp(
  settings: WhatsAppSettings,
  payload: Record<string, unknown>,
  idempotencyKey: string,
  fetcher: typeof fetch = fetch,
): Promise<Outcome> {
  const response = await fetcher(`${settings.apiBase}/${settings.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({
      ...whatsAppTemplateMessage(payload, settings.language),
      biz_opaque_callback_data: idempotencyKey.slice(0, 512),
    }),
  });
  const answer = (await response.json().catch(() => ({}))) as { messages?: { id?: string }[]; error?: { code?: number; message?: string } };
  if (response.status === 429 || response.status >= 500) return { outcome: 'retry', answer: { http_status: response.status } };
  if (!response.ok) {
    return {
      outcome: 'failed',
      answer: { http_status: response.status, code: answer.error?.code ?? null, error: answer.error?.message ?? null },
    };
  }
  return { outcome: 'done', answer: { message_id: answer.messages?.[0]?.id ?? null } };
}
