import { describe, expect, it } from 'vitest';
import { localAddresses } from './local-addresses';
import { MissingSettingError, PRODUCTION_REQUIRED, readSettings } from './settings';
import { LOCAL_SUPABASE_URL } from './supabase-address';

const reader = (values: Record<string, string>) => (name: string) => values[name];

const production: Record<(typeof PRODUCTION_REQUIRED)[number] | 'PUBLIC_SITE_URL', string> = {
  PUBLIC_SITE_URL: 'https://golazo.in',
  PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
  PUBLIC_SUPABASE_ANON_KEY: 'anon-key',
  PUBLIC_RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
  PUBLIC_SUPPORT_EMAIL: 'support@golazo.in',
  PUBLIC_BUSINESS_ADDRESS: 'Golazo Arena Pvt Ltd, 4th Floor, 80 Feet Road, Koramangala, Bengaluru 560034, India',
  PUBLIC_SUPPORT_PHONE: '+91 80 4112 7788',
  PUBLIC_GRIEVANCE_OFFICER_NAME: 'Priya Raman',
  PUBLIC_GRIEVANCE_OFFICER_EMAIL: 'grievance@golazo.in',
  PUBLIC_GRIEVANCE_OFFICER_PHONE: '+91 80 4112 7789',
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
  for (const name of PRODUCTION_REQUIRED) {
    it(`a production build without ${name} fails naming it`, () => {
      const values: Record<string, string> = { ...production };
      delete values[name];
      expect(() => readSettings(reader(values))).toThrow(MissingSettingError);
      expect(() => readSettings(reader(values))).toThrow(name);
    });
  }

  // The local placeholders read as legal facts on a real site: the build refuses them even when set on purpose.
  const placeholders: [string, string][] = [
    ['PUBLIC_BUSINESS_ADDRESS', 'Golazo Arena, 1st Floor, 12 Example Road, Bengaluru, Karnataka 560001, India'],
    ['PUBLIC_SUPPORT_PHONE', '+91 80 0000 0000'],
    ['PUBLIC_GRIEVANCE_OFFICER_NAME', 'Grievance Officer (name to be appointed)'],
    ['PUBLIC_GRIEVANCE_OFFICER_EMAIL', 'grievance@golazo.example'],
    ['PUBLIC_SUPPORT_EMAIL', 'support@example.com'],
  ];
  for (const [name, value] of placeholders) {
    it(`a production build refuses the placeholder ${name} "${value}"`, () => {
      expect(() => readSettings(reader({ ...production, [name]: value }))).toThrow(new RegExp(`${name} still hold a placeholder`));
    });
  }

  it('a local build keeps the placeholders, so a new contributor builds without any setting', () => {
    expect(readSettings(reader({})).grievanceOfficer.name).toMatch(/to be appointed/);
  });
});
