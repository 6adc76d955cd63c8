/**
 * A player's own data and their grievances, without IO: the export's file names, its readable HTML copy
 * and summary, and the grievance form's rules (the database holds the same limits; the SQL tests compare).
 */
import { GRIEVANCE_WORDS_EN, type GrievanceWords } from './grievance-words-en';

/** What export_my_data() answers: one key per section, each a list, an object or null. */
export type MyDataExport = Record<string, unknown> & { exported_at: string };

/** The section titles a player reads; a key a later feature adds shows under its own name until it is named here. */
export const SECTION_TITLES: Readonly<Record<string, string>> = {
  profile: 'Profile',
  consents: 'Eligibility and consents',
  entries: 'Entries',
  matches: 'Matches, your reports and disputes',
  evidence: 'Your evidence (screenshots you uploaded)',
  payments: 'Payments and refunds',
  ledger: 'Ledger lines',
  tax_withheld: 'Tax withheld',
  prizes: 'Prizes',
  payouts: 'Payouts',
  kyc: 'PAN and UPI id (PAN masked)',
  notifications: 'Notifications and e-mail settings',
  audit: 'Decisions about you (audit log)',
  grievances: 'Grievances',
  data_exports: 'Your earlier downloads',
};

const META_KEYS = new Set(['exported_at', 'format']);

/** `golazo-my-data-2027-01-11.json`: the product's slug and the day of the export (IST). */
export function exportFileName(slug: string, exportedAt: string, extension: 'json' | 'html'): string {
  const day = new Date(exportedAt).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  return `${slug}-my-data-${day}.${extension}`;
}

/** The sections of an export in the order a player reads them: the named ones first, then any newer keys. */
export function exportSections(data: MyDataExport): { key: string; title: string; value: unknown }[] {
  const keys = Object.keys(data).filter((key) => !META_KEYS.has(key));
  const named = Object.keys(SECTION_TITLES).filter((key) => keys.includes(key));
  const newer = keys.filter((key) => !(key in SECTION_TITLES)).sort();
  return [...named, ...newer].map((key) => ({ key, title: SECTION_TITLES[key] ?? key.replaceAll('_', ' '), value: data[key] }));
}

/** How much a section holds, in words: "3 items", "1 item", "none", or "details" for an object. */
export function sectionSize(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') {
    const lists = Object.values(value as Record<string, unknown>).filter(Array.isArray);
    if (lists.length > 0 && lists.length === Object.keys(value as object).length) {
      const total = lists.reduce((sum, list) => sum + list.length, 0);
      return total === 0 ? 'none' : `${total} item${total === 1 ? '' : 's'}`;
    }
    return 'details';
  }
  return 'details';
}

/** The grievance form's limits, as the database checks them (submit_grievance). */
export const GRIEVANCE_LIMITS = {
  subject: { min: 3, max: 140 },
  body: { min: 10, max: 5000 },
} as const;

export type GrievanceForm = { subject: string; body: string; email: string };

/**
 * The first problem with the form, in the words the page shows (English unless the island passes its
 * language's), or null; `needsEmail` for visitors not signed in.
 */
export function grievanceFormProblem(
  form: GrievanceForm,
  needsEmail: boolean,
  words: GrievanceWords['problems'] = GRIEVANCE_WORDS_EN.problems,
): string | null {
  const subject = form.subject.trim();
  const body = form.body.trim();
  if (subject.length < GRIEVANCE_LIMITS.subject.min || subject.length > GRIEVANCE_LIMITS.subject.max) {
    return words.subject(GRIEVANCE_LIMITS.subject.min, GRIEVANCE_LIMITS.subject.max);
  }
  if (body.length < GRIEVANCE_LIMITS.body.min || body.length > GRIEVANCE_LIMITS.body.max) {
    return words.body(GRIEVANCE_LIMITS.body.min, GRIEVANCE_LIMITS.body.max);
  }
  const email = form.email.trim();
  if (needsEmail && email === '') return words.emailNeeded;
  if (email !== '' && !/^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$/.test(email)) return words.emailInvalid;
  return null;
}

/** A grievance's status in words, with what comes next (English unless given the island's language's). */
export function grievanceStatusText(status: string, words: GrievanceWords['status'] = GRIEVANCE_WORDS_EN.status): string {
  return status === 'open' || status === 'acknowledged' || status === 'resolved' ? words[status] : status;
}
