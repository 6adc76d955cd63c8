/**
 * Deleting the account in both languages: the profile's section (the steps, what must be settled first, the
 * scheduled date) and the banner on the dashboard and the profile, read through the page's language store. Both
 * load after the page (lazily), so these words do too; the Hindi ones in a chunk of their own (deletion-words-hi.ts,
 * lib/i18n/island-words.ts). The grace period is the database setting's own ("7 days"), each language reads it.
 */
import { islandWords } from '@/lib/i18n/island-words';
import { type BlockerText, blockerText, type DeletionBlocker, deletionExplanation, forfeitConsentText } from './account-deletion';

export type DeletionWords = {
  title: string;
  checking: string;
  on: (date: string) => string;
  untilThen: string;
  /** The banner's line under the date. */
  changeMind: string;
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

const en: DeletionWords = {
  title: 'Delete my account',
  checking: 'Checking…',
  on: (date) => `Your account will be deleted on ${date}.`,
  untilThen: 'Until then you can change your mind.',
  changeMind: 'Changed your mind? Cancel before then and nothing changes.',
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
};

export const DELETION_WORDS = islandWords(en, () => import('./deletion-words-hi'));
