/** Entry point of the razorpayx-webhook edge function: wiring only, the logic is in handler.ts. */
import { denoEnv, readPaymentConfig, readPayoutConfig } from '../_shared/config.ts';
import { createPayoutStore } from '../_shared/payout-store.ts';
import { createSupabaseGateway } from '../_shared/supabase-gateway.ts';
import { createPayoutWebhookHandler } from './handler.ts';

const config = readPaymentConfig(denoEnv);
const payouts = readPayoutConfig(denoEnv);

Deno.serve(
  createPayoutWebhookHandler({
    store: createPayoutStore(createSupabaseGateway(config)),
    webhookSecret: payouts.razorpayx.webhookSecret,
  }),
);
