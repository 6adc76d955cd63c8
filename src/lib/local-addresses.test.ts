import { describe, expect, it } from 'vitest';
import { LocalAddressError, localAddresses } from './local-addresses';
import { readSettings } from './settings';

describe('local addresses', () => {
  it("keep today's ports when nothing is set", () => {
    expect(localAddresses({})).toEqual({
      sitePort: 4321,
      siteUrl: 'http://127.0.0.1:4321',
      publicSiteUrl: 'http://localhost:4321',
      siteOrigins: ['http://localhost:4321', 'http://127.0.0.1:4321'],
      stackPort: 54321,
      stackUrl: 'http://127.0.0.1:54321',
      stackIsLocal: true,
    });
  });

  it('move the whole site with SITE_PORT alone', () => {
    const addresses = localAddresses({ SITE_PORT: '4400' });
    expect(addresses.siteUrl).toBe('http://127.0.0.1:4400');
    expect(addresses.publicSiteUrl).toBe('http://localhost:4400');
    expect(addresses.siteOrigins).toEqual(['http://localhost:4400', 'http://127.0.0.1:4400']);
    expect(addresses.stackUrl).toBe('http://127.0.0.1:54321');
  });

  it('move the stack and the URL the site calls with SUPABASE_LOCAL_PORT alone', () => {
    const addresses = localAddresses({ SUPABASE_LOCAL_PORT: '60001' });
    expect([addresses.stackPort, addresses.stackUrl]).toEqual([60001, 'http://127.0.0.1:60001']);
    expect(addresses.siteUrl).toBe('http://127.0.0.1:4321');
  });

  it('serve the stack under another local URL with PUBLIC_SUPABASE_URL alone', () => {
    const addresses = localAddresses({ PUBLIC_SUPABASE_URL: 'http://localhost:60002/' });
    expect([addresses.stackPort, addresses.stackUrl, addresses.stackIsLocal]).toEqual([60002, 'http://localhost:60002', true]);
  });

  it('leave the local stack on its port when the site calls a hosted project', () => {
    const addresses = localAddresses({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co' });
    expect([addresses.stackPort, addresses.stackUrl, addresses.stackIsLocal]).toEqual([54321, 'https://abc.supabase.co', false]);
  });

  it('add the public site origin to the origins the stack answers', () => {
    expect(localAddresses({ PUBLIC_SITE_URL: 'https://staging.golazo.test/app' }).siteOrigins).toEqual([
      'http://localhost:4321',
      'http://127.0.0.1:4321',
      'https://staging.golazo.test',
    ]);
  });

  it('refuse a setting that cannot be an address, naming it', () => {
    expect(() => localAddresses({ SITE_PORT: 'eighty' })).toThrow(/SITE_PORT must be a port number/);
    expect(() => localAddresses({ SUPABASE_LOCAL_PORT: '70000' })).toThrow(LocalAddressError);
    expect(() => localAddresses({ PUBLIC_SUPABASE_URL: 'localhost:54321' })).toThrow(/PUBLIC_SUPABASE_URL must be an http\(s\) URL/);
  });

  it('refuse a stack port and a local stack URL that disagree', () => {
    expect(() => localAddresses({ SUPABASE_LOCAL_PORT: '60001', PUBLIC_SUPABASE_URL: 'http://127.0.0.1:60002' })).toThrow(/disagree/);
  });

  it("take the test double's checkout.js from wherever the stack answers", () => {
    const settings = readSettings((name) => ({ PUBLIC_SUPABASE_URL: localAddresses({ SUPABASE_LOCAL_PORT: '60001' }).stackUrl })[name]);
    expect(settings.supabase.url).toBe('http://127.0.0.1:60001');
    expect(settings.razorpayCheckoutUrl).toBe('http://127.0.0.1:60001/razorpay/checkout.js');
  });
});
