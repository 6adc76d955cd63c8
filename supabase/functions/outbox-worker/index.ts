/** Entry point of the outbox-worker edge function: wiring only, the logic is in handler.ts. */
import { denoEnv, readPaymentConfig } from '../_shared/config.ts';
import { createPaymentStore } from '../_shared/payment-store.ts';
import { createRazorpayClient } from '../_shared/razorpay-client.ts';
import { createSupabaseGateway } from '../_shared/supabase-gateway.ts';
import { createOutboxWorkerHandler } from './handler.ts';

const config = readPaymentConfig(denoEnv);
const gateway = createSupabaseGateway(config);

Deno.serve(
  createOutboxWorkerHandler({
    store: createPaymentStore(gateway),
    razorpay: createRazorpayClient(config.razorpay),
    serviceRoleKey: config.serviceRoleKey,
  }),
);
