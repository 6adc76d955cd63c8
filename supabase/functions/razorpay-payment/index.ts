/** Entry point of the razorpay-payment edge function: wiring only, the logic is in handler.ts. */
import { denoEnv, readPaymentConfig } from '../_shared/config.ts';
import { readSiteOrigins, withSiteCors } from '../_shared/cors.ts';
import { createPaymentStore } from '../_shared/payment-store.ts';
import { createRazorpayClient } from '../_shared/razorpay-client.ts';
import { createSupabaseGateway } from '../_shared/supabase-gateway.ts';
import { createPaymentHandler } from './handler.ts';

const config = readPaymentConfig(denoEnv);
const gateway = createSupabaseGateway(config);

Deno.serve(
  withSiteCors(
    readSiteOrigins(denoEnv),
    createPaymentHandler({
      gateway,
      store: createPaymentStore(gateway),
      razorpay: createRazorpayClient(config.razorpay),
      razorpayKeyId: config.razorpay.keyId,
      razorpayKeySecret: config.razorpay.keySecret,
    }),
  ),
);
