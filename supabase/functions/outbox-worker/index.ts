/** Entry point of the outbox-worker edge function: wiring only, the logic is in handler.ts. */
import { readAlertSettings } from '../_shared/alerts.ts';
import { denoEnv, isLocalStack, readPaymentConfig, readPayoutConfig } from '../_shared/config.ts';
import { readSiteOrigins } from '../_shared/cors.ts';
import { createMailer } from '../_shared/mailer.ts';
import { createPanClient } from '../_shared/pan-client.ts';
import { createPaymentStore } from '../_shared/payment-store.ts';
import { createPayoutStore } from '../_shared/payout-store.ts';
import { createRazorpayClient } from '../_shared/razorpay-client.ts';
import { createRazorpayXClient } from '../_shared/razorpayx-client.ts';
import { createStorageRemover } from '../_shared/storage-remover.ts';
import { createSupabaseGateway } from '../_shared/supabase-gateway.ts';
import { createOutboxWorkerHandler } from './handler.ts';

const config = readPaymentConfig(denoEnv);
const payoutConfig = readPayoutConfig(denoEnv);
const gateway = createSupabaseGateway(config);
const alerts = readAlertSettings(denoEnv);
// Alerts stay queued (and say why in the outbox) until their settings are there: never a crash of the refunds' worker.
if (!alerts.push) console.warn('outbox-worker: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY or VAPID_SUBJECT is not set: pushes wait');
if (!alerts.whatsapp) console.warn('outbox-worker: WHATSAPP_ACCESS_TOKEN or WHATSAPP_PHONE_NUMBER_ID is not set: WhatsApp messages wait');

/** Every address a name resolves to (IPv4 and IPv6): each must be public for a delivery to go. */
async function resolveHost(host: string): Promise<string[]> {
  const answers = await Promise.allSettled([Deno.resolveDns(host, 'A'), Deno.resolveDns(host, 'AAAA')]);
  const addresses = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
  if (addresses.length === 0 && answers.every((a) => a.status === 'rejected')) throw (answers[0] as PromiseRejectedResult).reason;
  return addresses;
}

Deno.serve(
  createOutboxWorkerHandler({
    store: createPaymentStore(gateway),
    razorpay: createRazorpayClient(config.razorpay),
    mailer: createMailer(denoEnv, config),
    // Links in e-mails point at the site's first listed origin.
    siteOrigin: [...readSiteOrigins(denoEnv)][0],
    payouts: {
      store: createPayoutStore(gateway),
      razorpayx: createRazorpayXClient(payoutConfig.razorpayx),
      pan: createPanClient(payoutConfig.pan),
    },
    storage: createStorageRemover(config),
    alerts: {
      push: alerts.push && {
        settings: alerts.push,
        forgetSubscription: (endpoint) => gateway.rpc('service_forget_push_subscription', { p_endpoint: endpoint }),
      },
      whatsapp: alerts.whatsapp,
    },
    webhooks: {
      // The local stack's own receiver (supabase/local/doubles/webhook-receiver.ts); never on a hosted project.
      localReceiverPrefix: isLocalStack(denoEnv) ? `${config.supabaseUrl.replace('//localhost:', '//127.0.0.1:')}/__webhooks/` : undefined,
      resolve: resolveHost,
      siteOrigin: [...readSiteOrigins(denoEnv)][0],
    },
    serviceRoleKey: config.serviceRoleKey,
  }),
);
