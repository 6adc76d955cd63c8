/**
 * Counts failed guesses per key (an e-mail address for sign-in codes and passwords, a factor for TOTP
 * codes) in a sliding window. Once a key reaches the limit, further attempts are refused until its
 * oldest failure leaves the window, as hosted GoTrue answers 429 `over_request_rate_limit` to guessing.
 * Kept in memory: a restart of the local stack forgets it, like a rate limiter restarting.
 */
import { authErrors } from './errors.ts';

export class FailedAttemptThrottle {
  private readonly failures = new Map<string, number[]>();
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - this.limit] + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}

/** Throws GoTrue's 429 while `key` has guessed wrong too often. */
export function refuseWhileThrottled(throttle: FailedAttemptThrottle, key: string): void {
  const wait = throttle.retryAfterSeconds(key);
  if (wait > 0) throw authErrors.tooManyAttempts(wait);
}
