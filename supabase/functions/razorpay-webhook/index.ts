/** Entry point of the razorpay-webhook edge function: wiring only, the logic is in handler.ts. */
import { denoEnv, readPaymentConfig } from '../_shared/config.ts';
import { createPaymentStore } from '../_shared/payment-store.ts';
import { createRazorpayClient } from '../_shared/razorpay-client.ts';
import { createSupabaseGateway } from '../_shared/supabase-gateway.ts';
import { createWebhookHandler } from './handler.ts';

const config = readPaymentConfig(denoEnv);

Deno.serve(
  createWebhookHandler({
    store: createPaymentStore(createSupabaseGateway(config)),
    razorpay: createRazorpayClient(config.razorpay),
    webhookSecret: config.razorpay.webhookSecret,
  }),
);
