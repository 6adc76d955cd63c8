import { describe, expect, it } from 'vitest';
import { applicationServerKey, indianMobile, pushOffer, pushSupport } from './alerts';
import { pushFailureMessage } from './push-failures-en';

describe('the WhatsApp number', () => {
  it('takes an Indian mobile number as players type it, in E.164', () => {
    expect(indianMobile('+91 98765 43210')).toBe('+919876543210');
    expect(indianMobile('98765-43210')).toBe('+919876543210');
    expect(indianMobile('09876543210')).toBe('+919876543210');
    expect(indianMobile('919876543210')).toBe('+919876543210');
    expect(indianMobile('(+91) 6123456789')).toBe('+916123456789');
  });

  it('refuses landlines, other countries and short numbers', () => {
    for (const typed of ['+91 40 1234 5678', '+1 415 555 0100', '+44 7700 900123', '98765', '', '+91987654321x']) {
      expect(indianMobile(typed)).toBeNull();
    }
  });
});

describe('push support', () => {
  const desktop = {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
    standalone: false,
    hasServiceWorker: true,
    hasPushManager: true,
    hasNotification: true,
  };
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile Safari/604.1';

  it('is ready where the browser has a service worker, PushManager and notifications', () => {
    expect(pushSupport(desktop)).toBe('ready');
    expect(pushSupport({ ...desktop, hasPushManager: false })).toBe('unsupported');
  });

  it('asks iPhone and iPad players to add the site to the home screen first', () => {
    expect(pushSupport({ ...desktop, userAgent: iphone, hasPushManager: false })).toBe('home-screen-first');
    expect(pushSupport({ ...desktop, userAgent: iphone, standalone: true })).toBe('ready');
  });

  it('turns the VAPID key into the 65 bytes PushManager takes', () => {
    const key = applicationServerKey(`B${'A'.repeat(86)}`);
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });
});

describe('the alerts offered after a payment', () => {
  it('offers push in one tap where the browser can take it, and says so when it refuses', () => {
    expect(pushOffer({ support: 'ready', thisDevice: false, blocked: false })).toBe('offer');
    expect(pushOffer({ support: 'ready', thisDevice: true, blocked: false })).toBe('on');
    expect(pushOffer({ support: 'ready', thisDevice: false, blocked: true })).toBe('blocked');
    expect(pushOffer({ support: 'home-screen-first', thisDevice: false, blocked: false })).toBe('home-screen-first');
    expect(pushOffer({ support: 'unsupported', thisDevice: false, blocked: false })).toBe('unsupported');
    expect(pushOffer({ support: null, thisDevice: false, blocked: false })).toBe('loading');
  });
});

describe('a push that could not be turned on', () => {
  it('says what happened and what to do, for each step that can fail', () => {
    const messages = [
      pushFailureMessage({ step: 'permission', permission: 'denied' }),
      pushFailureMessage({ step: 'permission', permission: 'default' }),
      pushFailureMessage({ step: 'worker' }),
      pushFailureMessage({ step: 'push-service', name: 'NotAllowedError' }),
      pushFailureMessage({ step: 'push-service', name: 'AbortError' }),
      pushFailureMessage({ step: 'timeout' }),
    ];
    expect(messages[0]).toBe('Notifications are blocked for this site: allow them in the browser settings, then try again.');
    expect(messages[1]).toContain('choose Allow');
    expect(messages[4]).toContain('Check your connection and try again in a minute');
    // Six different sentences, each with something to do.
    expect(new Set(messages).size).toBe(6);
    for (const message of messages) expect(message).toMatch(/try again|choose Allow/);
  });
});
