/**
 * Server-side settings of the payment functions, read from the function's environment.
 *
 * Real Razorpay: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET (set with
 * `supabase secrets set`), RAZORPAY_API_BASE defaults to https://api.razorpay.com.
 * On the local stack (GOLAZO_LOCAL_STACK=true, set by supabase/local/functions.env and nowhere else)
 * missing values fall back to the test double's fixed development credentials and its API under
 * `<SUPABASE_URL>/razorpay`. Anywhere else a missing secret stops the function with an error naming it:
 * a deploy mistake never turns into a project that trusts public test keys.
 */
import { LOCAL_RAZORPAY_KEY_ID, LOCAL_RAZORPAY_KEY_SECRET, LOCAL_RAZORPAY_PATH, LOCAL_RAZORPAY_WEBHOOK_SECRET } from './razorpay-local.ts';
import { LOCAL_PAN_VERIFY_ENDPOINT, LOCAL_RAZORPAYX_PATH } from './razorpayx-local.ts';

export type PaymentConfig = {
  supabaseUrl: string;
  serviceRoleKey: string;
  anonKey: string;
  razorpay: {
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    apiBase: string;
  };
};

export class ConfigError extends Error {}

export const REAL_RAZORPAY_API_BASE = 'https://api.razorpay.com';

export type Env = (name: string) => string | undefined;

/** The local stack says so explicitly; no hostname is trusted to mean "local". */
export function isLocalStack(env: Env): boolean {
  return env('GOLAZO_LOCAL_STACK')?.trim() === 'true';
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function readPaymentConfig(env: Env): PaymentConfig {
  const read = (name: string) => {
    const value = env(name)?.trim();
    return value ? value : undefined;
  };
  const required = (name: string) => {
    const value = read(name);
    if (!value) throw new ConfigError(`${name} must be set`);
    return value;
  };
  const supabaseUrl = withoutTrailingSlash(required('SUPABASE_URL'));
  const anonKey = required('SUPABASE_ANON_KEY');
  const serviceRoleKey = required('SUPABASE_SERVICE_ROLE_KEY');
  const local = isLocalStack(env);
  const pick = (name: string, localValue: string) => {
    const value = read(name) ?? (local ? localValue : undefined);
    if (!value) throw new ConfigError(`${name} must be set`);
    return value;
  };
  const localApiBase = `${supabaseUrl}${LOCAL_RAZORPAY_PATH}`;
  return {
    supabaseUrl,
    serviceRoleKey,
    anonKey,
    razorpay: {
      keyId: pick('RAZORPAY_KEY_ID', LOCAL_RAZORPAY_KEY_ID),
      keySecret: pick('RAZORPAY_KEY_SECRET', LOCAL_RAZORPAY_KEY_SECRET),
      webhookSecret: pick('RAZORPAY_WEBHOOK_SECRET', LOCAL_RAZORPAY_WEBHOOK_SECRET),
      apiBase: withoutTrailingSlash(read('RAZORPAY_API_BASE') ?? (local ? localApiBase : REAL_RAZORPAY_API_BASE)),
    },
  };
}

/**
 * Settings of the payouts (RazorpayX) and of the PAN check, read by the outbox worker and the
 * razorpayx-webhook function. RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER,
 * RAZORPAYX_WEBHOOK_SECRET, PAN_VERIFY_URL and PAN_VERIFY_KEY must be set everywhere except that, on the
 * local stack, PAN_VERIFY_URL defaults to the stack's PAN double (the keys come from
 * supabase/local/functions.env there). RAZORPAYX_API_BASE defaults to the real API
 * (locally: `<SUPABASE_URL>/razorpayx`, the double).
 */
export type PayoutConfig = {
  razorpayx: { keyId: string; keySecret: string; accountNumber: string; webhookSecret: string; apiBase: string };
  pan: { url: string; apiKey: string };
};

export function readPayoutConfig(env: Env): PayoutConfig {
  const read = (name: string) => {
    const value = env(name)?.trim();
    return value ? value : undefined;
  };
  const required = (name: string, localValue?: string) => {
    const value = read(name) ?? localValue;
    if (!value) throw new ConfigError(`${name} must be set`);
    return value;
  };
  const local = isLocalStack(env);
  const stackUrl = local ? withoutTrailingSlash(required('SUPABASE_URL')) : undefined;
  return {
    razorpayx: {
      keyId: required('RAZORPAYX_KEY_ID'),
      keySecret: required('RAZORPAYX_KEY_SECRET'),
      accountNumber: required('RAZORPAYX_ACCOUNT_NUMBER'),
      webhookSecret: required('RAZORPAYX_WEBHOOK_SECRET'),
      apiBase: withoutTrailingSlash(
        read('RAZORPAYX_API_BASE') ?? (stackUrl ? `${stackUrl}${LOCAL_RAZORPAYX_PATH}` : REAL_RAZORPAY_API_BASE),
      ),
    },
    pan: {
      url: required('PAN_VERIFY_URL', stackUrl ? `${stackUrl}${LOCAL_PAN_VERIFY_ENDPOINT}` : undefined),
      apiKey: required('PAN_VERIFY_KEY'),
    },
  };
}

export function denoEnv(name: string): string | undefined {
  // Deno is only present under the edge runtime; tests may pass their own reader instead.
  const deno = (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno;
  return deno?.env.get(name);
}
