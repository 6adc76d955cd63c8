/**
 * Razorpay signature checks with Web Crypto (available in Deno, Node 20+ and browsers).
 *
 * Razorpay signs two things with HMAC-SHA256, hex encoded:
 * - the checkout result: `order_id|payment_id` with the API key secret;
 * - every webhook delivery: the raw request body with the webhook secret.
 * Comparisons are constant-time so a forger learns nothing from response timing.
 */

const encoder = new TextEncoder();

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time that depends only on their lengths, never on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  // Walk the longer input fully so the loop length does not leak which one is shorter.
  const length = Math.max(left.length, right.length);
  let difference = left.length ^ right.length;
  for (let i = 0; i < length; i++) {
    difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  }
  return difference === 0;
}

/** The signature Razorpay's checkout hands to the `handler` for a successful payment. */
export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): Promise<string> {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export async function isValidCheckoutSignature(input: {
  keySecret: string;
  orderId: string;
  paymentId: string;
  signature: string;
}): Promise<boolean> {
  const expected = await checkoutSignature(input.keySecret, input.orderId, input.paymentId);
  return constantTimeEqual(expected, input.signature.trim().toLowerCase());
}

/** The `X-Razorpay-Signature` header value for a webhook body. */
export function webhookSignature(webhookSecret: string, rawBody: string): Promise<string> {
  return hmacSha256Hex(webhookSecret, rawBody);
}

export async function isValidWebhookSignature(input: {
  webhookSecret: string;
  rawBody: string;
  signature: string | null;
}): Promise<boolean> {
  if (!input.signature) return false;
  const expected = await webhookSignature(input.webhookSecret, input.rawBody);
  return constantTimeEqual(expected, input.signature.trim().toLowerCase());
}
