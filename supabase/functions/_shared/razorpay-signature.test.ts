import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import {
  checkoutSignature,
  constantTimeEqual,
  hmacSha256Hex,
  isValidCheckoutSignature,
  isValidWebhookSignature,
  webhookSignature,
} from './razorpay-signature.ts';

Deno.test('HMAC-SHA256 matches the published test vector', async () => {
  assertEquals(
    await hmacSha256Hex('key', 'The quick brown fox jumps over the lazy dog'),
    'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
  );
});

Deno.test('constant-time comparison is still a comparison', () => {
  assertEquals(constantTimeEqual('abc', 'abc'), true);
  assertEquals(constantTimeEqual('abc', 'abd'), false);
  assertEquals(constantTimeEqual('abc', 'abcd'), false);
  assertEquals(constantTimeEqual('', ''), true);
});

Deno.test('a checkout signature covers order id and payment id in that order', async () => {
  const signature = await checkoutSignature('secret', 'order_A', 'pay_B');
  assertEquals(await isValidCheckoutSignature({ keySecret: 'secret', orderId: 'order_A', paymentId: 'pay_B', signature }), true);
  assertEquals(await isValidCheckoutSignature({ keySecret: 'secret', orderId: 'order_B', paymentId: 'pay_A', signature }), false);
  assertEquals(await isValidCheckoutSignature({ keySecret: 'other', orderId: 'order_A', paymentId: 'pay_B', signature }), false);
});

Deno.test('a webhook signature covers the exact raw body', async () => {
  const rawBody = '{"event":"payment.captured","payload":{}}';
  const signature = await webhookSignature('whsec', rawBody);
  assertEquals(await isValidWebhookSignature({ webhookSecret: 'whsec', rawBody, signature }), true);
  assertEquals(await isValidWebhookSignature({ webhookSecret: 'whsec', rawBody: `${rawBody} `, signature }), false);
  assertEquals(await isValidWebhookSignature({ webhookSecret: 'whsec', rawBody, signature: null }), false);
});
