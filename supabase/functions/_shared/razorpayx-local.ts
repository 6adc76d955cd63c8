/**
 * The fixed development credentials of the local RazorpayX and PAN verification test doubles.
 *
 * Public on purpose, like razorpay-local.ts: they only ever reach the doubles on a developer's machine.
 * supabase/local/functions.env hands the same values to the edge functions (a test keeps the two
 * equal); a hosted project sets its own secrets and never sees these.
 */
export const LOCAL_RAZORPAYX_KEY_ID = 'rzp_test_GolazoLocalPayouts01';
export const LOCAL_RAZORPAYX_KEY_SECRET = 'golazo-local-razorpayx-key-secret';
/** The business's RazorpayX account (the current account payouts are paid from). */
export const LOCAL_RAZORPAYX_ACCOUNT_NUMBER = '7878780080316316';
export const LOCAL_RAZORPAYX_WEBHOOK_SECRET = 'golazo-local-razorpayx-webhook-secret';
export const LOCAL_PAN_VERIFY_KEY = 'golazo-local-pan-verify-key';

/** Where the local stack serves the doubles, relative to the stack's origin. */
export const LOCAL_RAZORPAYX_PATH = '/razorpayx';
export const LOCAL_PAN_VERIFY_PATH = '/pan-verification';
/** The PAN double's one endpoint, relative to the stack's origin (the local PAN_VERIFY_URL). */
export const LOCAL_PAN_VERIFY_ENDPOINT = `${LOCAL_PAN_VERIFY_PATH}/pan/verify`;
