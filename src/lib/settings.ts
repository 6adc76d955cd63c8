/**
 * Every setting the site reads, in one typed place.
 *
 * Only `PUBLIC_*` variables are read here: Astro inlines them into the built pages, so
 * nothing secret may ever be added to this module. Defaults are safe for local development.
 */
import * as z from 'zod/mini';
import { localAddresses } from './local-addresses';
import { paidEntryOfferedBy } from './paid-entry-setting';
import { readPublicSetting, supabaseAddress } from './supabase-address';

const url = z.url();

const SettingsSchema = z.object({
  productName: z.string().check(z.minLength(1)),
  productShortName: z.string().check(z.minLength(1)),
  siteUrl: url,
  supportEmail: z.email(),
  /** The business's postal address and phone number, shown on Contact (payment providers' merchant review asks for them). */
  business: z.object({
    address: z.string().check(z.minLength(10)).check(z.maxLength(300)),
    phone: z.string().check(z.regex(/^\+?[0-9][0-9 ()-]{6,19}$/, 'PUBLIC_SUPPORT_PHONE must be a phone number like +91 80 1234 5678')),
  }),
  /** The grievance officer the privacy notice names (DPDP Act s.8(9), s.13): a person, an address and a phone. */
  grievanceOfficer: z.object({
    name: z.string().check(z.minLength(2)).check(z.maxLength(100)),
    email: z.email(),
    phone: z
      .string()
      .check(z.regex(/^\+?[0-9][0-9 ()-]{6,19}$/, 'PUBLIC_GRIEVANCE_OFFICER_PHONE must be a phone number like +91 80 1234 5678')),
  }),
  community: z.object({
    whatsapp: url,
    discord: url,
    instagram: url,
    linkHub: url,
  }),
  registrationFormUrl: url,
  supabase: z.object({ url, anonKey: z.string().check(z.minLength(1)) }),
  razorpayCheckoutUrl: url,
  googleSignInEnabled: z.boolean(),
  /** Whether the site offers paid entry at all. The database's own switch (private.entry_settings) decides. */
  paidEntryEnabled: z.boolean(),
  /** The VAPID public key (base64url) push subscriptions are made for; empty: the site offers no push. */
  vapidPublicKey: z.string().check(z.regex(/^([A-Za-z0-9_-]{87})?$/, 'PUBLIC_VAPID_PUBLIC_KEY must be a base64url P-256 public key')),
});

export type Settings = z.infer<typeof SettingsSchema>;

/**
 * Today's defaults for a build without any setting. astro.config.mjs hands the build the addresses
 * derived from SITE_PORT / SUPABASE_LOCAL_PORT / PUBLIC_SUPABASE_URL as PUBLIC_SITE_URL and
 * PUBLIC_SUPABASE_URL, so these apply only where no build configuration ran (unit tests).
 */
const LOCAL_DEFAULTS = localAddresses({});

/**
 * Settings a production build must be given: the local defaults of the first three would point real players at a
 * laptop; those of the rest are placeholders that would read as legal facts (the business's address and phone on
 * Contact, the grievance officer the privacy notice names, the support address in every e-mail).
 */
export const PRODUCTION_REQUIRED = [
  'PUBLIC_SUPABASE_URL',
  'PUBLIC_SUPABASE_ANON_KEY',
  'PUBLIC_RAZORPAY_CHECKOUT_URL',
  'PUBLIC_SUPPORT_EMAIL',
  'PUBLIC_BUSINESS_ADDRESS',
  'PUBLIC_SUPPORT_PHONE',
  'PUBLIC_GRIEVANCE_OFFICER_NAME',
  'PUBLIC_GRIEVANCE_OFFICER_EMAIL',
  'PUBLIC_GRIEVANCE_OFFICER_PHONE',
] as const;

/** Values that are still placeholders even when set: example domains and roads, a phone of zeros, a name to be appointed. */
const PLACEHOLDER = /(\bexample\b|\.example\b|to be appointed|\bTANX0+X\b|^\+?[0 ()-]*(91)?[0 ()-]*(80)?[0 ()-]+$)/i;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A site served from this machine (dev server, preview, e2e) keeps the local defaults. */
function isLocalSite(siteUrl: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(siteUrl).hostname);
  } catch {
    return false;
  }
}

export class MissingSettingError extends Error {}

/**
 * Reads every setting through `read` (a PUBLIC_* name to its trimmed value, or undefined). A production
 * build (a PUBLIC_SITE_URL that is not local) without a PRODUCTION_REQUIRED value fails, naming it.
 */
export function readSettings(read: (name: string) => string | undefined): Settings {
  const siteUrl = read('PUBLIC_SITE_URL') ?? LOCAL_DEFAULTS.publicSiteUrl;
  const supabase = supabaseAddress(read);
  if (!isLocalSite(siteUrl)) {
    const missing = PRODUCTION_REQUIRED.filter((name) => read(name) === undefined);
    if (missing.length > 0) {
      throw new MissingSettingError(`${missing.join(', ')} must be set for a build of ${siteUrl}`);
    }
    const placeholders = PRODUCTION_REQUIRED.filter((name) => PLACEHOLDER.test(read(name) ?? ''));
    if (placeholders.length > 0) {
      throw new MissingSettingError(`${placeholders.join(', ')} still hold a placeholder: set the real details for a build of ${siteUrl}`);
    }
  }
  return SettingsSchema.parse({
    productName: read('PUBLIC_PRODUCT_NAME') ?? 'Golazo Arena',
    productShortName: read('PUBLIC_PRODUCT_SHORT_NAME') ?? 'Golazo',
    siteUrl,
    supportEmail: read('PUBLIC_SUPPORT_EMAIL') ?? 'support@golazo.example',
    business: {
      address: read('PUBLIC_BUSINESS_ADDRESS') ?? 'Golazo Arena, 1st Floor, 12 Example Road, Bengaluru, Karnataka 560001, India',
      phone: read('PUBLIC_SUPPORT_PHONE') ?? '+91 80 0000 0000',
    },
    grievanceOfficer: {
      name: read('PUBLIC_GRIEVANCE_OFFICER_NAME') ?? 'Grievance Officer (name to be appointed)',
      email: read('PUBLIC_GRIEVANCE_OFFICER_EMAIL') ?? 'grievance@golazo.example',
      phone: read('PUBLIC_GRIEVANCE_OFFICER_PHONE') ?? read('PUBLIC_SUPPORT_PHONE') ?? '+91 80 0000 0000',
    },
    community: {
      whatsapp: read('PUBLIC_WHATSAPP_URL') ?? 'https://chat.whatsapp.com/golazo-arena',
      discord: read('PUBLIC_DISCORD_URL') ?? 'https://discord.gg/golazo-arena',
      instagram: read('PUBLIC_INSTAGRAM_URL') ?? 'https://www.instagram.com/golazo.arena',
      linkHub: read('PUBLIC_LINK_HUB_URL') ?? 'https://linktr.ee/golazo.arena',
    },
    registrationFormUrl: read('PUBLIC_REGISTRATION_FORM_URL') ?? 'https://forms.gle/golazo-arena-registration',
    supabase,
    // The local stack's Razorpay test double, wherever the stack answers.
    razorpayCheckoutUrl: read('PUBLIC_RAZORPAY_CHECKOUT_URL') ?? `${supabase.url}/razorpay/checkout.js`,
    googleSignInEnabled: read('PUBLIC_GOOGLE_SIGN_IN') === 'true',
    paidEntryEnabled: paidEntryOfferedBy(read('PUBLIC_PAID_ENTRY')),
    vapidPublicKey: read('PUBLIC_VAPID_PUBLIC_KEY') ?? '',
  });
}

export const settings: Settings = readSettings(readPublicSetting);

/**
 * The four community links in the order the footer and "Connect With Us" show them: each service by its own name;
 * what each leads to, and the link hub's name, are the dictionaries' (en.ts / hi.ts `shell.communityLinks`,
 * `shell.allLinks`), in the page's language.
 */
export const communityLinks = [
  { id: 'whatsapp', service: 'WhatsApp', href: settings.community.whatsapp },
  { id: 'discord', service: 'Discord', href: settings.community.discord },
  { id: 'instagram', service: 'Instagram', href: settings.community.instagram },
  { id: 'linkhub', service: null, href: settings.community.linkHub },
] as const;
