/** The checkout.js stand-in's source (a plain browser script beside this file), read once. */
import { readFileSync } from 'node:fs';

let cached: string | undefined;

export function renderCheckoutScript(): string {
  cached ??= readFileSync(new URL('./razorpay-checkout.browser.js', import.meta.url), 'utf8');
  return cached;
}
