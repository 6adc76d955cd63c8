/**
 * PAN verification test double, served by the local stack under /pan-verification.
 *
 *   POST /pan-verification/pan/verify {pan, name}   (bearer: the local PAN_VERIFY_KEY)
 *     → {pan, status: 'valid', name_match: true} for every well-formed PAN (five letters, four digits, a letter),
 *       except PANs beginning `ZZZ`: valid, but the name on them is someone else's (name_match: false);
 *     → {pan, status: 'invalid', name_match: false} for a malformed PAN.
 * A body without a PAN or a name is refused with 400, a wrong key with 401. Nothing is stored.
 */
import { LOCAL_PAN_VERIFY_ENDPOINT, LOCAL_PAN_VERIFY_KEY, LOCAL_PAN_VERIFY_PATH } from '../../functions/_shared/razorpayx-local.ts';
import { constantTimeEqual } from '../../functions/_shared/razorpay-signature.ts';
import type { ServiceModule } from '../service.ts';
import { serveWebHandler } from './web-handler.ts';

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export function createPanVerificationDouble() {
  /** How many checks each PAN had: a retried check under the same Idempotency-Key is not counted again. */
  const checks = new Map<string, number>();
  const seenKeys = new Set<string>();

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${LOCAL_PAN_VERIFY_PATH}/`)) return null;
    if (url.pathname !== LOCAL_PAN_VERIFY_ENDPOINT) return json({ error: 'not_found' }, 404);
    if (request.method !== 'POST') return json({ error: 'method_not_allowed' }, 405);
    if (!constantTimeEqual(request.headers.get('authorization') ?? '', `Bearer ${LOCAL_PAN_VERIFY_KEY}`)) {
      return json({ error: 'unauthorized' }, 401);
    }
    let body: { pan?: unknown; name?: unknown };
    try {
      body = (await request.json()) ?? {};
    } catch {
      return json({ error: 'invalid_json' }, 400);
    }
    if (typeof body.pan !== 'string' || typeof body.name !== 'string' || !body.name.trim()) {
      return json({ error: 'pan_and_name_required' }, 400);
    }
    const pan = body.pan.trim().toUpperCase();
    const key = request.headers.get('idempotency-key');
    if (!key || !seenKeys.has(key)) checks.set(pan, (checks.get(pan) ?? 0) + 1);
    if (key) seenKeys.add(key);
    if (!PAN.test(pan)) return json({ pan, status: 'invalid', name_match: false });
    return json({ pan, status: 'valid', name_match: !pan.startsWith('ZZZ') });
  }

  return { handle, checks };
}

export const panVerificationService: ServiceModule = {
  name: 'pan-verification',
  prefix: LOCAL_PAN_VERIFY_PATH,
  create(ctx) {
    const double = createPanVerificationDouble();
    return { handle: (req, res, url) => serveWebHandler(double.handle, ctx.apiUrl, req, res, url) };
  },
};
