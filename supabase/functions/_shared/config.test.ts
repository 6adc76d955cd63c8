import { deepStrictEqual as assertEquals, throws as assertThrows } from 'node:assert/strict';
import { ConfigError, readPaymentConfig, REAL_RAZORPAY_API_BASE } from './config.ts';
import { LOCAL_RAZORPAY_KEY_ID } from './razorpay-local.ts';

const base = { SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service' } as Record<string, string>;
const reader = (values: Record<string, string>) => (name: string) => values[name];

Deno.test('the local stack falls back to the test double and its development keys', () => {
  const config = readPaymentConfig(reader({ ...base, SUPABASE_URL: 'http://127.0.0.1:54321' }));
  assertEquals(config.razorpay.keyId, LOCAL_RAZORPAY_KEY_ID);
  assertEquals(config.razorpay.apiBase, 'http://127.0.0.1:54321/razorpay');
});

Deno.test('a hosted project without Razorpay secrets refuses to start instead of trusting development keys', () => {
  assertThrows(() => readPaymentConfig(reader({ ...base, SUPABASE_URL: 'https://abc.supabase.co' })), ConfigError);
});

Deno.test('a hosted project uses its secrets and the real Razorpay API', () => {
  const config = readPaymentConfig(
    reader({
      ...base,
      SUPABASE_URL: 'https://abc.supabase.co',
      RAZORPAY_KEY_ID: 'rzp_live_abc',
      RAZORPAY_KEY_SECRET: 'k',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    }),
  );
  assertEquals(config.razorpay.keyId, 'rzp_live_abc');
  assertEquals(config.razorpay.apiBase, REAL_RAZORPAY_API_BASE);
});
