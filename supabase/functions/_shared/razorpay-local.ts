/**
 * The fixed development credentials of the local Razorpay test double.
 *
 * They are public on purpose: they only ever sign test-double traffic on a developer's
 * machine. The edge functions fall back to them only when the local stack says so
 * (GOLAZO_LOCAL_STACK=true, see config.ts), so a deployment without real secrets fails loudly
 * instead of trusting these.
 */
export const LOCAL_RAZORPAY_KEY_ID = 'rzp_test_GolazoLocalDev01';
export const LOCAL_RAZORPAY_KEY_SECRET = 'golazo-local-razorpay-key-secret';
export const LOCAL_RAZORPAY_WEBHOOK_SECRET = 'golazo-local-razorpay-webhook-secret';

/** Where the local stack serves the test double, relative to the stack's origin. */
export const LOCAL_RAZORPAY_PATH = '/razorpay';
