import { deepStrictEqual as assertEquals, throws as assertThrows } from 'node:assert/strict';
import { ConfigError, readPaymentConfig, REAL_RAZORPAY_API_BASE } from './config.ts';
import { LOCAL_RAZORPAY_KEY_ID } from './razorpay-local.ts';

const base = { SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service' } as Record<string, string>;
const reader = (values: Record<string, string>) => (name: string) => values[name];

Deno.test('the local stack (GOLAZO_LOCAL_STACK=true) falls back to the test double and its development keys', () => {
  const config = readPaymentConfig(reader({ ...base, SUPABASE_URL: 'http://127.0.0.1:54321', GOLAZO_LOCAL_STACK: 'true' }));
  assertEquals(config.razorpay.keyId, LOCAL_RAZORPAY_KEY_ID);
  assertEquals(config.razorpay.apiBase, 'http://127.0.0.1:54321/razorpay');
});

Deno.test('a hosted project without Razorpay secrets refuses to start instead of trusting development keys', () => {
  assertThrows(() => readPaymentConfig(reader({ ...base, SUPABASE_URL: 'https://abc.supabase.co' })), ConfigError);
});

// If a loopback or `kong` URL still meant "local", a deploy behind such a gateway name would accept
// webhooks signed with the public development secret: anyone could forge a payment and register free.
for (const url of ['http://127.0.0.1:54321', 'http://localhost:54321', 'http://kong:8000']) {
  Deno.test(`a loopback-looking URL (${url}) without GOLAZO_LOCAL_STACK names the missing secret`, () => {
    assertThrows(() => readPaymentConfig(reader({ ...base, SUPABASE_URL: url })), /RAZORPAY_KEY_ID must be set/);
  });
}

Deno.test('a missing Supabase setting is named', () => {
  assertThrows(
    () => readPaymentConfig(reader({ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon' })),
    /SUPABASE_SERVICE_ROLE_KEY must be set/,
  );
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
