/**
 * The policy texts must agree with each other and with the product's rules, and stay easy to
 * read. These checks read the Markdown files themselves, so an edit that breaks a promise made
 * on another page fails here before it reaches players.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PolicyFrontmatterSchema, calendarDate, fillPolicyText, hindiTwinsOutOfStep } from './policies';
import { findBrokenPromises } from '@/features/tournaments/promises';
import { RULE_PLACEHOLDERS_HI } from '@/features/tournaments/promises-hi';

const DIR = join(process.cwd(), 'src/content/policies');

interface PolicyFile {
  name: string;
  frontmatter: Record<string, string>;
  body: string;
}

/** The policies use plain `key: value` frontmatter, so a line split is enough to read it. */
function readPolicy(name: string): PolicyFile {
  const source = readFileSync(join(DIR, name), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${name} has no frontmatter`);
  const frontmatter = Object.fromEntries(
    match[1]?.split('\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
  // The rules' placeholders filled as the page fills them, in the text's language (the product's own placeholders stay).
  const ruleWords = /^lang:\s*hi-IN$/m.test(match[1]!) ? RULE_PLACEHOLDERS_HI : undefined;
  const body = match[2]!.replace(/%([A-Z][A-Z_]*)%/g, (whole, key: string) =>
    key === 'PRODUCT' || key === 'SUPPORT_EMAIL' || key === 'PERSONAL_DATA_TABLE' || key.startsWith('GRIEVANCE_OFFICER_')
      ? whole
      : fillPolicyText(whole, { productName: '', supportEmail: '', ruleWords }),
  );
  return { name, frontmatter, body };
}

// The English texts, and their Hindi twins in hi/ (same route, `lang: hi-IN`).
const policies = [
  ...readdirSync(DIR).filter((name) => name.endsWith('.md')),
  ...readdirSync(join(DIR, 'hi'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `hi/${name}`),
].map(readPolicy);
const langOf = (policy: PolicyFile) => policy.frontmatter.lang ?? 'en-IN';
const byRoute = (route: string, lang = 'en-IN') => {
  const policy = policies.find((entry) => entry.frontmatter.route === route && langOf(entry) === lang);
  if (!policy) throw new Error(`No ${lang} policy for ${route}`);
  return policy.body;
};

/** Plain sentences: links reduced to their text, headings and emphasis marks dropped. */
function sentences(markdown: string): string[] {
  const text = markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#+ .*$/gm, '')
    .replace(/[*_]/g, '');
  return (
    text
      .split('\n')
      .map((line) => line.trim().replace(/^(?:[-*]|\d+\.)\s+/, ''))
      .filter((line) => line !== '')
      // Hindi ends a sentence with the danda (।).
      .flatMap((line) => line.split(/(?<=[.!?;:।])\s+/))
      .filter((sentence) => sentence.trim() !== '')
  );
}

const wordCount = (sentence: string) => sentence.split(/\s+/).filter(Boolean).length;

describe('policy files', () => {
  it('are the five policies and their Hindi twins, each at its own route (the Hindi ones under hi/)', () => {
    const routesIn = (lang: string) =>
      policies
        .filter((policy) => langOf(policy) === lang)
        .map((policy) => policy.frontmatter.route)
        .sort();
    expect(routesIn('en-IN')).toEqual([
      '/cancellation-refund',
      '/cookies-policy',
      '/privacy-policy',
      '/shipping-delivery',
      '/terms-of-service',
    ]);
    // Every policy has its Hindi text: a new English policy without one fails here.
    expect(routesIn('hi-IN')).toEqual(routesIn('en-IN'));
    for (const policy of policies) {
      expect(`/${policy.name.replace(/^hi\//, '').replace(/\.md$/, '')}`).toBe(policy.frontmatter.route);
      expect(policy.name.startsWith('hi/'), policy.name).toBe(langOf(policy) === 'hi-IN');
    }
  });

  it('have valid frontmatter and the agreed last-updated dates', () => {
    const dates = Object.fromEntries(
      policies.map((policy) => {
        const parsed = PolicyFrontmatterSchema.parse(policy.frontmatter);
        return [`${parsed.lang === 'hi-IN' ? '/hi' : ''}${parsed.route}`, calendarDate(parsed.lastUpdated)];
      }),
    );
    expect(dates).toEqual({
      '/privacy-policy': '2026-12-06',
      '/hi/privacy-policy': '2026-12-06',
      '/terms-of-service': '2026-12-06',
      '/hi/terms-of-service': '2026-12-06',
      '/cookies-policy': '2025-01-15',
      '/hi/cookies-policy': '2025-01-15',
      '/cancellation-refund': '2026-12-06',
      '/hi/cancellation-refund': '2026-12-06',
      '/shipping-delivery': '2025-01-15',
      '/hi/shipping-delivery': '2025-01-15',
    });
  });

  it("each Hindi text carries its English twin's date: an English text changed after its translation fails here", () => {
    const parsed = policies.map((policy) => PolicyFrontmatterSchema.parse(policy.frontmatter));
    expect(hindiTwinsOutOfStep(parsed)).toEqual([]);
    // The check itself: a newer English text (or a Hindi text without an English twin) is out of step.
    const english = PolicyFrontmatterSchema.parse({ ...policies[0]!.frontmatter, lastUpdated: '2027-01-02', lang: 'en-IN' });
    const hindi = { ...english, lang: 'hi-IN' as const, lastUpdated: new Date('2026-12-06') };
    expect(hindiTwinsOutOfStep([english, hindi])).toEqual([english.route]);
    expect(hindiTwinsOutOfStep([hindi])).toEqual([english.route]);
    expect(hindiTwinsOutOfStep([english, { ...hindi, lastUpdated: english.lastUpdated }])).toEqual([]);
  });

  it('use only known placeholders', () => {
    const values = {
      productName: 'P',
      supportEmail: 'e@example.com',
      grievanceOfficer: { name: 'G', email: 'g@example.com', phone: '+91 80 0000 0000' },
    };
    for (const policy of policies) {
      expect(() => fillPolicyText(policy.body + policy.frontmatter.description, values), policy.name).not.toThrow();
    }
  });
});

describe('policy promises agree with each other', () => {
  it('privacy and terms set the same age rules', () => {
    for (const route of ['/privacy-policy', '/terms-of-service']) {
      const body = byRoute(route);
      expect(body, route).toMatch(/at least 13 years old/);
      expect(body, route).toMatch(/under 18, (a|you need a) parent('s)? or guardian/);
    }
  });

  it('privacy lists every retention period', () => {
    const body = byRoute('/privacy-policy');
    expect(body).toMatch(/Payments, the ledger and tax withheld \(with your PAN\):\*\* 8 years/);
    expect(body).toMatch(/Logs of processing:\*\* 1 year\./);
    expect(body).toMatch(/Result screenshots:\*\* 90 days after the tournament settles/);
    expect(body).toMatch(/while its chargeback or complaint is still open/);
    expect(body).toMatch(/Notify Me addresses never confirmed:\*\* 30 days/);
    expect(body).toMatch(/Parental consent links:\*\* deleted once used or expired/);
    expect(body).toMatch(/we wait 7 days\. Then your personal data is erased/);
    expect(body).toMatch(/acknowledge every grievance within 48 hours\. We resolve it within 30 days/);
    // What the old notice got wrong stays out: the UPI id for payouts is stored, and the periods changed.
    expect(body).not.toMatch(/never see or store your card, UPI or bank details/);
    expect(body).not.toMatch(/7 years|90 days\.|Technical logs/);
    // The table of personal data comes from the one data module, and the officer from the settings.
    expect(body).toMatch(/^%PERSONAL_DATA_TABLE%$/m);
    expect(body).toMatch(/%GRIEVANCE_OFFICER_NAME%, e-mail %GRIEVANCE_OFFICER_EMAIL%, phone %GRIEVANCE_OFFICER_PHONE%/);
  });

  const hindiRoutes = policies.filter((policy) => langOf(policy) === 'hi-IN').map((policy) => policy.frontmatter.route!);
  for (const route of hindiRoutes) {
    it(`the Hindi ${route} has the same sections, numbers, periods and placeholders as the English one`, () => {
      const english = byRoute(route);
      const hindi = byRoute(route, 'hi-IN');
      const headings = (body: string) => body.match(/^## /gm)?.length;
      expect(headings(hindi)).toBe(headings(english));
      // Every number (ages, days, the rules' windows once filled, dates) as often in both.
      const numbers = (body: string) => [...body.matchAll(/\b\d+\b/g)].map((m) => m[0]).sort();
      expect(numbers(hindi)).toEqual(numbers(english));
      const placeholders = (body: string) => [...new Set(body.match(/%[A-Z_]+%/g))].sort();
      expect(placeholders(hindi)).toEqual(placeholders(english));
      // The Hindi text links its English twin, and its other links stay in Hindi.
      expect(hindi).toContain(`](${route})`);
      for (const [, href] of hindi.matchAll(/\]\((\/[^)]*)\)/g))
        expect([route, `/hi${href}`].includes(href!) || href!.startsWith('/hi/'), href).toBe(true);
    });
  }

  it('the English privacy notice links its Hindi twin', () => {
    expect(byRoute('/privacy-policy')).toMatch(/\(\/hi\/privacy-policy\)/);
  });

  it('every policy promises the same email reply times', () => {
    for (const policy of policies) {
      const promise =
        policy.frontmatter.lang === 'hi-IN'
          ? /आमतौर पर 24 घंटे में उत्तर देते हैं, और हमेशा 48 घंटे के भीतर/
          : /usually reply within 24 hours, and always within 48 hours/;
      expect(policy.body, policy.name).toMatch(promise);
    }
  });

  it('terms and participation send disputes to the match page with the staff deadlines of the rules', () => {
    for (const route of ['/terms-of-service', '/cancellation-refund']) {
      const body = byRoute(route);
      expect(body, route).toMatch(/open a dispute on the match page/);
      expect(body, route).toMatch(/decide within 15 minutes in a quick pod and 60 minutes in a championship/);
      expect(body, route).not.toMatch(/within 24 hours of the match/);
      // An entry not checked in when the window closes is withdrawn, without a refund (a no-show).
      expect(body, route).toMatch(/not checked in[\s\S]*withdrawn/);
      expect(body, route).toMatch(/withdrawn[\s\S]{0,40}(without a refund|gets no refund)/);
    }
  });

  it('money rules: Razorpay in rupees, no deposits, winnings kept until withdrawn, tax withheld, automatic refund when full, none after check-in', () => {
    const participation = byRoute('/cancellation-refund');
    expect(participation).toMatch(/Indian rupees \(INR\) through Razorpay/);
    expect(participation).toMatch(
      /after the last slot is taken[\s\S]*refund the full amount to your original payment method automatically/,
    );
    expect(participation).toMatch(/no refunds after check-in opens, except when we cancel the tournament/);
    for (const route of ['/terms-of-service', '/cancellation-refund', '/shipping-delivery']) {
      expect(byRoute(route), route).toMatch(/[Nn]othing can be deposited/);
      expect(byRoute(route), route).toMatch(/(stays|stay) (there|in your winnings balance) until you withdraw/);
      expect(byRoute(route), route).not.toMatch(/wallet|straight to (the )?winners?/);
    }
    for (const route of ['/terms-of-service', '/cancellation-refund']) {
      expect(byRoute(route), route).toMatch(/30% of (your )?net winnings/);
      expect(byRoute(route), route).toMatch(/Income-tax Act/);
    }
    expect(byRoute('/terms-of-service')).toMatch(/contest of skill/);
  });

  it('the services policy says nothing is shipped and covers both community spaces', () => {
    const body = byRoute('/shipping-delivery');
    expect(body).toMatch(/never send anything by post or courier/);
    expect(body).toMatch(/WhatsApp chat group/);
    expect(body).toMatch(/Discord server/);
  });
});

describe('policy text is easy to read', () => {
  for (const policy of policies) {
    it(`${policy.name} uses short sentences`, () => {
      const lengths = sentences(policy.body).map(wordCount);
      const average = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
      expect(average).toBeLessThanOrEqual(14);
      const long = sentences(policy.body).filter((sentence) => wordCount(sentence) > 22);
      expect(long).toEqual([]);
    });
  }
});

describe('the promises the policies make', () => {
  it('state no window or amount that differs from the rules', () => {
    for (const policy of policies) expect(findBrokenPromises(policy.body), policy.name).toEqual([]);
  });
});
