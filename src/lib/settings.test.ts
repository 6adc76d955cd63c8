import { describe, expect, it } from 'vitest';
import { localAddresses } from './local-addresses';
import { MissingSettingError, readSettings } from './settings';
import { LOCAL_SUPABASE_URL } from './supabase-address';

const reader = (values: Record<string, string>) => (name: string) => values[name];

const production = {
  PUBLIC_SITE_URL: 'https://golazo.example',
  PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'anon-key',
  PUBLIC_RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
};

describe('site settings', () => {
  it('a local build keeps the local stack defaults', () => {
    const settings = readSettings(reader({}));
    expect(settings.supabase.url).toBe(LOCAL_SUPABASE_URL);
    expect(settings.razorpayCheckoutUrl).toBe(`${LOCAL_SUPABASE_URL}/razorpay/checkout.js`);
  });

  it("the browser's default Supabase address is the local stack's default port", () => {
    expect(LOCAL_SUPABASE_URL).toBe(localAddresses({}).stackUrl);
  });

  it('a production build with every setting uses them', () => {
    const settings = readSettings(reader(production));
    expect(settings.supabase.url).toBe('https://abc.supabase.co');
    expect(settings.razorpayCheckoutUrl).toBe('https://checkout.razorpay.com/v1/checkout.js');
  });

  // Without this, a forgotten variable ships a site whose players sign in and pay against 127.0.0.1.
  for (const name of ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'PUBLIC_RAZORPAY_CHECKOUT_URL'] as const) {
    it(`a production build without ${name} fails naming it`, () => {
      const values: Record<string, string> = { ...production };
      delete values[name];
      expect(() => readSettings(reader(values))).toThrow(MissingSettingError);
      expect(() => readSettings(reader(values))).toThrow(name);
    });
  }
});
