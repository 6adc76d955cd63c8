/**
 * Time-based one-time passwords (RFC 6238), by `otpauth`: HMAC-SHA1, 30-second steps, 6 digits,
 * the parameters every authenticator app assumes and GoTrue uses.
 */
import { Secret, TOTP } from 'otpauth';

const PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 encoded. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totp(secretBase32: string, atMs = Date.now()): string {
  return TOTP.generate({ ...PARAMETERS, secret: Secret.fromBase32(secretBase32), timestamp: atMs });
}

/** Accepts the current step and one step either side, for clocks that drift a little. */
export function verifyTotp(secretBase32: string, code: string, atMs = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return TOTP.validate({ ...PARAMETERS, secret: Secret.fromBase32(secretBase32), token: code, timestamp: atMs, window: 1 }) !== null;
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function totpUri(issuer: string, account: string, secret: string): string {
  return new TOTP({ ...PARAMETERS, issuer, label: account, secret: Secret.fromBase32(secret) }).toString();
}
