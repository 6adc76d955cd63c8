/**
 * The webhooks section's calls (admins at aal2): register an endpoint, list endpoints and one endpoint's
 * deliveries, turn one off. Loaded with the section, never with the console's first paint.
 */
import * as z from 'zod/mini';
import { oneRow, parseAnswer } from '@/lib/api-answer';
import { staffCall as call } from './staff.api';

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  created_at: z.string(),
  failing_since: z.nullable(z.string()),
  disabled_at: z.nullable(z.string()),
  last_delivery: z.nullable(z.object({ type: z.string(), status: z.string(), last_status_code: z.nullable(z.number()) })),
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhookDelivery = z.object({
  event_id: z.string(),
  type: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_status_code: z.nullable(z.number()),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  delivered_at: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const fetchWebhooks = async () =>
  parseAnswer(z.array(Webhook), (await call('staff_list_webhooks')) ?? [], 'rpc staff_list_webhooks');
export const fetchWebhookDeliveries = async (webhookId: string) =>
  parseAnswer(
    z.array(WebhookDelivery),
    (await call('staff_list_webhook_deliveries', { p_webhook_id: webhookId })) ?? [],
    'rpc staff_list_webhook_deliveries',
  );
export const createWebhook = async (url: string, events: string[]) =>
  parseAnswer(
    z.object({ id: z.string(), secret: z.string() }),
    oneRow(await call('staff_create_webhook', { p_url: url, p_events: events })),
    'rpc staff_create_webhook',
  );
export const disableWebhook = async (webhookId: string) => {
  await call('staff_disable_webhook', { p_webhook_id: webhookId });
};
