import { describe, expect, it } from 'vitest';
import {
  classifyAuthError,
  isCompleteCode,
  isPlausibleEmail,
  loginUrlFor,
  qrCodeImageSource,
  normaliseCode,
  safeNextPath,
  secondsUntilResend,
} from './auth';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/my-earnings')).toBe('/my-earnings');
    expect(safeNextPath('/tournaments/golazo-june-2025?slots=2#pay')).toBe('/tournaments/golazo-june-2025?slots=2#pay');
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'my-earnings',
    '/\t/evil.example',
    '',
  ])('refuses %j and falls back', (raw) => {
    expect(safeNextPath(raw)).toBe('/dashboard');
  });

  it('falls back for missing values and for the sign-in screens themselves', () => {
    expect(safeNextPath(null)).toBe('/dashboard');
    expect(safeNextPath(undefined, '/profile')).toBe('/profile');
    expect(safeNextPath('/login?next=/x')).toBe('/dashboard');
    expect(safeNextPath('/register')).toBe('/dashboard');
  });

  it('builds the login address a guard redirects to', () => {
    expect(loginUrlFor('/my-earnings')).toBe('/login?next=%2Fmy-earnings');
    expect(loginUrlFor('//evil.example')).toBe('/login?next=%2F');
  });
});

describe('code entry', () => {
  it('strips spaces and non-digits from a pasted code and caps it at six digits', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('12-34-56-78')).toBe('123456');
  });

  it('accepts exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });

  it('checks e-mail addresses loosely', () => {
    expect(isPlausibleEmail('player@golazo.example')).toBe(true);
    expect(isPlausibleEmail('player@golazo')).toBe(false);
    expect(isPlausibleEmail('not an email')).toBe(false);
  });
});

describe('secondsUntilResend', () => {
  it('counts down from 60 seconds and stops at zero', () => {
    const sentAt = 1_000_000;
    expect(secondsUntilResend(sentAt, sentAt)).toBe(60);
    expect(secondsUntilResend(sentAt, sentAt + 500)).toBe(60);
    expect(secondsUntilResend(sentAt, sentAt + 59_001)).toBe(1);
    expect(secondsUntilResend(sentAt, sentAt + 60_000)).toBe(0);
    expect(secondsUntilResend(sentAt, sentAt + 120_000)).toBe(0);
  });
});

describe('classifyAuthError', () => {
  it('treats a wrong and an expired e-mail code alike', () => {
    expect(classifyAuthError({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })).toBe('wrong-code');
  });

  it('recognises rate limits', () => {
    expect(classifyAuthError({ status: 429, code: 'over_request_rate_limit' })).toBe('too-many-attempts');
    expect(classifyAuthError({ status: 429, code: 'over_email_send_rate_limit' })).toBe('too-many-attempts');
    expect(classifyAuthError({ status: 429 })).toBe('too-many-attempts');
  });

  it('recognises a wrong authenticator code', () => {
    expect(classifyAuthError({ status: 422, code: 'mfa_verification_failed' })).toBe('wrong-authenticator-code');
  });

  it('recognises network failures and leaves the rest unknown', () => {
    expect(classifyAuthError({ name: 'AuthRetryableFetchError', status: 0 })).toBe('network');
    expect(classifyAuthError({ status: 500, code: 'unexpected_failure' })).toBe('unknown');
  });
});

describe('qrCodeImageSource', () => {
  it('escapes the SVG so a colour like #000 does not cut the image short', () => {
    const source = qrCodeImageSource('data:image/svg+xml;utf-8,<svg fill="#000"><path d="M0 0"/></svg>');
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(source).not.toContain('#');
    expect(decodeURIComponent(source.split(',')[1])).toBe('<svg fill="#000"><path d="M0 0"/></svg>');
  });

  it('accepts a bare SVG and leaves other image addresses alone', () => {
    expect(qrCodeImageSource('<svg/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E');
    expect(qrCodeImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
