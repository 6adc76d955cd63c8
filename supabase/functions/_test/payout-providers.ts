/**
 * The payout providers in-process for Deno tests: the real RazorpayX and PAN verification doubles, and
 * the real clients that reach them through a transport a test may swap (to lose answers or fail calls).
 * The double's webhooks go to `webhook`, the razorpayx-webhook handler under test.
 */
import { createPanVerificationDouble } from '../../local/doubles/pan-verification.ts';
import { createRazorpayXDouble } from '../../local/doubles/razorpayx.ts';
import { createPanClient } from '../_shared/pan-client.ts';
import { createRazorpayXClient } from '../_shared/razorpayx-client.ts';
import {
  LOCAL_PAN_VERIFY_ENDPOINT,
  LOCAL_PAN_VERIFY_KEY,
  LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
  LOCAL_RAZORPAYX_KEY_ID,
  LOCAL_RAZORPAYX_KEY_SECRET,
  LOCAL_RAZORPAYX_PATH,
} from '../_shared/razorpayx-local.ts';

/** Where the in-process clients believe the local stack answers; no request leaves the process. */
export const STACK_ORIGIN = 'http://127.0.0.1:54321';

/** A transport between a client and a double; tests wrap it to lose answers or fail calls. */
export type Transport = typeof fetch;

export function payoutProviders(options: {
  webhook: (request: Request) => Promise<Response>;
  controlKey: string;
  /** The double's own clock and webhook retries, for tests that step time themselves. */
  now?: () => number;
  retryDelaysMs?: number[];
  timeoutMs?: number;
}) {
  const double = createRazorpayXDouble({
    controlKey: options.controlKey,
    fetch: (input, init) => options.webhook(new Request(String(input), init)),
    now: options.now,
    retryDelaysMs: options.retryDelaysMs,
  });
  const panDouble = createPanVerificationDouble();
  const direct: Transport = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    return (await double.handle(request)) ?? (await panDouble.handle(request)) ?? new Response('not found', { status: 404 });
  };
  /** What the clients' calls go through: the doubles unless a test replaces it. */
  const wire = { transport: direct };
  const viaWire: Transport = (input, init) => wire.transport(input, init);
  return {
    double,
    panDouble,
    direct,
    wire,
    razorpayx: createRazorpayXClient({
      keyId: LOCAL_RAZORPAYX_KEY_ID,
      keySecret: LOCAL_RAZORPAYX_KEY_SECRET,
      accountNumber: LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
      apiBase: `${STACK_ORIGIN}${LOCAL_RAZORPAYX_PATH}`,
      fetch: viaWire,
      timeoutMs: options.timeoutMs,
    }),
    pan: createPanClient({
      url: `${STACK_ORIGIN}${LOCAL_PAN_VERIFY_ENDPOINT}`,
      apiKey: LOCAL_PAN_VERIFY_KEY,
      fetch: viaWire,
      timeoutMs: options.timeoutMs,
    }),
  };
}
