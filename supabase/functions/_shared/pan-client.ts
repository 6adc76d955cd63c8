/**
 * The PAN verification provider: is the PAN operative, and is the name on it the player's legal name?
 *
 * PAN_VERIFY_URL takes `POST {pan, name}` with PAN_VERIFY_KEY as a bearer token and an Idempotency-Key
 * (a retried check is not billed twice) and answers `{pan, status: 'valid' | 'invalid', name_match}`.
 * Locally the stack's double answers (supabase/local/doubles/pan-verification.ts).
 */
import { z } from 'npm:zod@4';

export const PanVerification = z.object({
  pan: z.string(),
  status: z.enum(['valid', 'invalid']),
  name_match: z.boolean(),
});
export type PanVerification = z.infer<typeof PanVerification>;

export class PanVerifyError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  /** Worth asking again later: the provider's side failed, was unreachable or throttled us. */
  get isTemporary(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export type PanClient = {
  verify(input: { pan: string; name: string; idempotencyKey: string }): Promise<PanVerification>;
};

export function createPanClient(options: { url: string; apiKey: string; fetch?: typeof fetch; timeoutMs?: number }): PanClient {
  const doFetch = options.fetch ?? fetch;
  return {
    async verify({ pan, name, idempotencyKey }) {
      let response: Response;
      let text: string;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': idempotencyKey,
          },
          body: JSON.stringify({ pan, name }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
        text = await response.text();
      } catch (error) {
        throw new PanVerifyError(`PAN verification could not be reached: ${(error as Error).message}`, 0);
      }
      if (!response.ok) throw new PanVerifyError(`PAN verification answered ${response.status}`, response.status);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new PanVerifyError('PAN verification answered with something that is not JSON', 502);
      }
      const checked = PanVerification.safeParse(parsed);
      if (!checked.success) throw new PanVerifyError('PAN verification answered with an unexpected shape', 502);
      return checked.data;
    },
  };
}
