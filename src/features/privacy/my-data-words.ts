/**
 * The profile's "Your data" in both languages: Download my data (its sections and sizes) and Delete my account
 * (the steps, what must be settled first, the scheduled date), read through the page's language store; the Hindi
 * words load in a chunk of their own (my-data-words-hi.ts, lib/i18n/island-words.ts). The download's interval is
 * the rules' (lib/rules.ts); the grace period is the database setting's own ("7 days"), each language reads it.
 */
import { islandWords } from '@/lib/i18n/island-words';
import {
  type BlockerText,
  blockerText,
  type DeletionBlocker,
  deletionExplanation,
  forfeitConsentText,
} from '@/features/profile/account-deletion';
import { SECTION_TITLES, sectionSize } from './privacy';

export type MyDataWords = {
  download: {
    title: string;
    lead: (minutes: number) => string;
    why: string;
    saveAgain: string;
    saveHtml: string;
    preparing: string;
    button: string;
    ready: string;
    /** A section's title by its key; a key no language names yet shows its own words. */
    section: (key: string) => string;
    size: (value: unknown) => string;
  };
  deletion: {
    title: string;
    checking: string;
    on: (date: string) => string;
    untilThen: string;
    cancel: string;
    cancelling: string;
    /** The database's grace period ("7 days", "1 day") in the page's language. */
    grace: (grace: string) => string;
    idle: (grace: string) => string;
    button: string;
    explanation: (grace: string) => string[];
    blocker: (blocker: DeletionBlocker, formatPaise: (paise: number) => string, balancePaise: number) => BlockerText;
    forfeit: (formatPaise: (paise: number) => string, balancePaise: number) => string;
    sendCode: string;
    sending: string;
    keep: string;
    lookFor: (subject: string) => string;
    code: (digits: number) => string;
    confirming: string;
    authenticator: string;
    scheduled: string;
    cancelled: string;
  };
};

const en: MyDataWords = {
  download: {
    title: 'Your data',
    lead: (minutes) =>
      `Download everything we hold about you: profile, entries, matches, your evidence, payments, ledger, tax, payouts, PAN (last four characters only), notifications and decisions about you. One download every ${minutes} minutes.`,
    why: 'What we keep and why',
    saveAgain: 'Save the JSON file again',
    saveHtml: 'Save a readable copy (HTML)',
    preparing: 'Preparing your data…',
    button: 'Download my data',
    ready: 'Your data is ready: the JSON file is downloading.',
    section: (key) => (Object.hasOwn(SECTION_TITLES, key) ? (SECTION_TITLES[key] ?? key) : key.replaceAll('_', ' ')),
    size: sectionSize,
  },
  deletion: {
    title: 'Delete my account',
    checking: 'Checking…',
    on: (date) => `Your account will be deleted on ${date}.`,
    untilThen: 'Until then you can change your mind.',
    cancel: 'Cancel deletion',
    cancelling: 'Cancelling…',
    grace: (grace) => grace,
    idle: (grace) => `Erase your profile and personal details. You can cancel for ${grace} after you confirm.`,
    button: 'Delete my account',
    explanation: deletionExplanation,
    blocker: blockerText,
    forfeit: forfeitConsentText,
    sendCode: 'E-mail me a code to confirm',
    sending: 'Sending…',
    keep: 'Keep my account',
    lookFor: (subject) => `Look for the e-mail “${subject}” (check spam too). Only that code deletes your account.`,
    code: (digits) => `The ${digits}-digit code we e-mailed you`,
    confirming: 'Confirming…',
    authenticator: 'Staff accounts: the code from your authenticator app',
    scheduled: 'Your account is scheduled for deletion. You can cancel until the date shown.',
    cancelled: 'Deletion cancelled. Your account stays.',
  },
};

export const MY_DATA_WORDS = islandWords(en, () => import('./my-data-words-hi'));
