/**
 * The policy pages' frontmatter: one Markdown file per policy in `src/content/policies/`.
 *
 * The text itself is Markdown; every `##` heading becomes a section title that types out
 * on the page (see typed-headings.ts).
 */
import { z } from 'zod';
import { RULE_PLACEHOLDERS } from '@/features/tournaments/promises';

export const PolicyFrontmatterSchema = z.object({
  /** The page's h1 and the start of its <title>. */
  title: z.string().min(3).max(80),
  /** One or two sentences for search results and link previews. */
  description: z.string().min(20).max(200),
  /** When the text last changed in substance, as a calendar date (YYYY-MM-DD). */
  lastUpdated: z.coerce.date(),
  /** The page's path, e.g. `/privacy-policy`; each policy page looks its text up by it. */
  route: z.string().regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A route is a single lower-case path segment like /privacy-policy'),
  /** The text's language: the page's `lang` (the privacy notice is also in Hindi). */
  lang: z.enum(['en-IN', 'hi-IN']).default('en-IN'),
});

export type PolicyFrontmatter = z.infer<typeof PolicyFrontmatterSchema>;

/** `2024-12-07`, for a <time datetime> attribute: the calendar date as written, whatever the zone. */
export function calendarDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Policy text names the product and the support address through placeholders, because both
 * are deployment settings: `%PRODUCT%` becomes the product name and `%SUPPORT_EMAIL%` a mailto
 * link. The rules' numbers (`%TAX_PERCENT%`, `%DISPUTE_DEADLINES%` ...: RULE_PLACEHOLDERS) come from the
 * rules module the database is checked against, never typed into the text. Any other `%NAME%` is a typo
 * and fails the build rather than reaching players.
 */
interface PolicyPlaceholderValues {
  productName: string;
  supportEmail: string;
  /** The grievance officer the privacy notice names (`%GRIEVANCE_OFFICER_NAME%`, `_EMAIL%`, `_PHONE%`). */
  grievanceOfficer?: { name: string; email: string; phone: string };
  /** HTML put in place of a paragraph holding only `%PERSONAL_DATA_TABLE%` (the notice's table of personal data). */
  personalDataTable?: string;
  /** The rule phrases in the text's language (RULE_PLACEHOLDERS_HI for a Hindi policy); English when not given. */
  ruleWords?: Readonly<Record<string, string>>;
}

/** The grievance officer's placeholders, or undefined for any other name; fails when the text needs an officer not given. */
function officerValue(name: string, values: PolicyPlaceholderValues): string | undefined {
  const field = { GRIEVANCE_OFFICER_NAME: 'name', GRIEVANCE_OFFICER_EMAIL: 'email', GRIEVANCE_OFFICER_PHONE: 'phone' } as const;
  if (!(name in field)) return undefined;
  if (!values.grievanceOfficer) throw new Error(`%${name}% needs the grievance officer's settings`);
  return values.grievanceOfficer[field[name as keyof typeof field]];
}

const PLACEHOLDER = /%([A-Z][A-Z_]*)%/g;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Fills placeholders in rendered HTML; inserted values are escaped. */
export function fillPolicyHtml(html: string, values: PolicyPlaceholderValues): string {
  const withTable = html.replace(/<p>%PERSONAL_DATA_TABLE%<\/p>/g, () => {
    if (values.personalDataTable === undefined) throw new Error('%PERSONAL_DATA_TABLE% needs the table of personal data');
    return values.personalDataTable;
  });
  return withTable.replace(PLACEHOLDER, (_match, name: string) => {
    if (name === 'PRODUCT') return escapeHtml(values.productName);
    if (name === 'GRIEVANCE_OFFICER_EMAIL') {
      const email = escapeHtml(officerValue(name, values) ?? '');
      return `<a href="mailto:${email}">${email}</a>`;
    }
    const officer = officerValue(name, values);
    if (officer !== undefined) return escapeHtml(officer);
    const rules = values.ruleWords ?? RULE_PLACEHOLDERS;
    if (name in rules) return escapeHtml(rules[name] ?? '');
    if (name === 'SUPPORT_EMAIL') {
      const email = escapeHtml(values.supportEmail);
      return `<a href="mailto:${email}">${email}</a>`;
    }
    throw new Error(`Unknown policy placeholder %${name}%`);
  });
}

/** Fills placeholders in plain text such as a frontmatter description. */
export function fillPolicyText(text: string, values: PolicyPlaceholderValues): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    if (name === 'PRODUCT') return values.productName;
    // The table is HTML on the page; the text (a description, a heading) has nothing in its place.
    if (name === 'PERSONAL_DATA_TABLE') return '';
    const officer = officerValue(name, values);
    if (officer !== undefined) return officer;
    const rules = values.ruleWords ?? RULE_PLACEHOLDERS;
    if (name in rules) return rules[name] ?? '';
    if (name === 'SUPPORT_EMAIL') return values.supportEmail;
    throw new Error(`Unknown policy placeholder %${name}%`);
  });
}

/**
 * Pairs each policy page of the route table with its policy text, by path. Fails, naming the file or
 * route, when a policy has no route in the table, a route has no policy, or their titles differ (the
 * table's title is what the header, sitemap and tests know the page by).
 */
export function matchPoliciesToRoutes<P extends Pick<PolicyFrontmatter, 'route' | 'title'>>(
  routes: readonly { path: string; title: string }[],
  policies: readonly P[],
): { route: { path: string; title: string }; policy: P }[] {
  const unrouted = policies.filter((policy) => !routes.some((route) => route.path === policy.route));
  if (unrouted.length > 0) {
    throw new Error(`Policies without a page in src/lib/routes.ts POLICY_ROUTES: ${unrouted.map((p) => p.route).join(', ')}`);
  }
  return routes.map((route) => {
    const policy = policies.find((candidate) => candidate.route === route.path);
    if (!policy) throw new Error(`No policy in src/content/policies has route ${route.path}`);
    if (policy.title !== route.title) {
      throw new Error(`Policy ${route.path} is titled '${policy.title}' but src/lib/routes.ts says '${route.title}'`);
    }
    return { route, policy };
  });
}

/**
 * The text a policy page shows in `lang`: under /hi/ the Hindi twin (same `route`, `lang: hi-IN`, in
 * src/content/policies/hi/) where one exists, else the English text; in English always the English one.
 */
export function twinPolicy<P extends { data: Pick<PolicyFrontmatter, 'route' | 'lang'> }>(
  policies: readonly P[],
  route: string,
  lang: 'en' | 'hi',
): P | undefined {
  const of = (textLang: PolicyFrontmatter['lang']) => policies.find((p) => p.data.route === route && p.data.lang === textLang);
  return (lang === 'hi' ? of('hi-IN') : undefined) ?? of('en-IN');
}

/**
 * Hindi twins whose English text changed after them: each Hindi policy carries its English twin's date, so
 * a newer English text means the translation is behind. Returns the routes that are out of step.
 */
export function hindiTwinsOutOfStep(policies: readonly Pick<PolicyFrontmatter, 'route' | 'lang' | 'lastUpdated'>[]): string[] {
  return policies
    .filter((policy) => policy.lang === 'hi-IN')
    .filter((hindi) => {
      const english = policies.find((p) => p.route === hindi.route && p.lang === 'en-IN');
      return !english || calendarDate(english.lastUpdated) !== calendarDate(hindi.lastUpdated);
    })
    .map((hindi) => hindi.route);
}
