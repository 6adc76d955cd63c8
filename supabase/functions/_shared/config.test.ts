import { deepStrictEqual as assertEquals, throws as assertThrows } from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { ConfigError, readPaymentConfig, readPayoutConfig, REAL_RAZORPAY_API_BASE } from './config.ts';
import { LOCAL_RAZORPAY_KEY_ID } from './razorpay-local.ts';
import {
  LOCAL_PAN_VERIFY_KEY,
  LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
  LOCAL_RAZORPAYX_KEY_ID,
  LOCAL_RAZORPAYX_KEY_SECRET,
  LOCAL_RAZORPAYX_WEBHOOK_SECRET,
} from './razorpayx-local.ts';

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

const payoutSecrets = {
  RAZORPAYX_KEY_ID: 'rzp_live_x',
  RAZORPAYX_KEY_SECRET: 'xs',
  RAZORPAYX_ACCOUNT_NUMBER: '2323230000000000',
  RAZORPAYX_WEBHOOK_SECRET: 'xw',
  PAN_VERIFY_URL: 'https://pan.example/verify',
  PAN_VERIFY_KEY: 'pk',
};

Deno.test('a hosted project uses its payout secrets and the real RazorpayX API', () => {
  const config = readPayoutConfig(reader({ ...base, SUPABASE_URL: 'https://abc.supabase.co', ...payoutSecrets }));
  assertEquals(config.razorpayx, {
    keyId: 'rzp_live_x',
    keySecret: 'xs',
    accountNumber: '2323230000000000',
    webhookSecret: 'xw',
    apiBase: REAL_RAZORPAY_API_BASE,
  });
  assertEquals(config.pan, { url: 'https://pan.example/verify', apiKey: 'pk' });
});

for (const missing of Object.keys(payoutSecrets)) {
  Deno.test(`a hosted project without ${missing} refuses to start, naming it`, () => {
    const values: Record<string, string> = { ...base, SUPABASE_URL: 'https://abc.supabase.co', ...payoutSecrets };
    delete values[missing];
    assertThrows(() => readPayoutConfig(reader(values)), new RegExp(`${missing} must be set`));
  });
}

Deno.test('on the local stack the payout settings point at the doubles', () => {
  const localEnv = parseEnv(readFileSync(new URL('../../local/functions.env', import.meta.url), 'utf8')) as Record<string, string>;
  const config = readPayoutConfig(reader({ ...base, SUPABASE_URL: 'http://127.0.0.1:54321/', ...localEnv }));
  assertEquals(config, {
    razorpayx: {
      keyId: LOCAL_RAZORPAYX_KEY_ID,
      keySecret: LOCAL_RAZORPAYX_KEY_SECRET,
      accountNumber: LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
      webhookSecret: LOCAL_RAZORPAYX_WEBHOOK_SECRET,
      apiBase: 'http://127.0.0.1:54321/razorpayx',
    },
    pan: { url: 'http://127.0.0.1:54321/pan-verification/pan/verify', apiKey: LOCAL_PAN_VERIFY_KEY },
  });
});

Deno.test('the local stack still needs the payout keys (functions.env gives them; no key is built in)', () => {
  assertThrows(
    () => readPayoutConfig(reader({ ...base, SUPABASE_URL: 'http://127.0.0.1:54321', GOLAZO_LOCAL_STACK: 'true' })),
    /RAZORPAYX_KEY_ID must be set/,
  );
});
