/**
 * The policies' and help pages' rule phrases in Hindi: the same rule values as RULE_PLACEHOLDERS
 * (promises.ts), in Hindi word order. Every phrase ends in a postposition (पहले, बाद, के भीतर), so the
 * hour and minute words are in the oblique case, the same for one or many ("1 घंटे बाद", "24 घंटे बाद").
 */
import { formatRupees } from '@/lib/format';
import {
  CHALLENGE_WINDOW_HOURS,
  CHECK_IN_CLOSES_BEFORE_MINUTES,
  CHECK_IN_OPENS_BEFORE_MINUTES,
  DISCONNECTION_RESTART_BY_MINUTE,
  DISPUTE_STAFF_DEADLINE_MINUTES,
  PAYOUT_APPROVAL_ABOVE_PAISE,
  POD_CHECK_IN_MINUTES,
  TAX_RATE_PERCENT,
} from '@/lib/rules';
import { REPORT_WINDOW_MINUTES, RULE_PLACEHOLDERS } from './promises';

/** The rule phrases a page or policy may use, by placeholder name (`%DISPUTE_DEADLINES%` ...). */
export const RULE_WORD_KEYS = [
  'TAX_PERCENT',
  'CHECK_IN_CHAMPIONSHIP',
  'CHECK_IN_QUICK',
  'POD_CHECK_IN',
  'REPORT_WINDOW',
  'DISPUTE_DEADLINES',
  'CHALLENGE_WINDOWS',
  'DISCONNECTION_MINUTE',
  'PAYOUT_APPROVAL_ABOVE',
] as const;
export type RuleWords = Record<(typeof RULE_WORD_KEYS)[number], string>;

const ghante = (n: number) => `${n} घंटे`;
const minat = (n: number) => `${n} मिनट`;

export const RULE_PLACEHOLDERS_HI: RuleWords = {
  TAX_PERCENT: `${TAX_RATE_PERCENT}%`,
  // "शुरुआत से 24 घंटे पहले से 60 मिनट पहले तक": from 24 hours until 60 minutes before the start.
  CHECK_IN_CHAMPIONSHIP: `शुरुआत से ${ghante(CHECK_IN_OPENS_BEFORE_MINUTES.championship / 60)} पहले से ${minat(CHECK_IN_CLOSES_BEFORE_MINUTES.championship)} पहले तक`,
  CHECK_IN_QUICK: `शुरुआत से ${minat(CHECK_IN_OPENS_BEFORE_MINUTES.quick)} पहले से ${minat(CHECK_IN_CLOSES_BEFORE_MINUTES.quick)} पहले तक`,
  POD_CHECK_IN: minat(POD_CHECK_IN_MINUTES),
  REPORT_WINDOW: minat(REPORT_WINDOW_MINUTES),
  DISPUTE_DEADLINES: `क्विक पॉड में ${minat(DISPUTE_STAFF_DEADLINE_MINUTES.quick)} के भीतर और चैंपियनशिप में ${minat(DISPUTE_STAFF_DEADLINE_MINUTES.championship)} के भीतर`,
  CHALLENGE_WINDOWS: `पॉड के फ़ाइनल के ${ghante(CHALLENGE_WINDOW_HOURS.quick)} बाद और चैंपियनशिप के फ़ाइनल के ${ghante(CHALLENGE_WINDOW_HOURS.championship)} बाद`,
  DISCONNECTION_MINUTE: String(DISCONNECTION_RESTART_BY_MINUTE),
  PAYOUT_APPROVAL_ABOVE: formatRupees(PAYOUT_APPROVAL_ABOVE_PAISE / 100),
};

/** The rule phrases in a page's language. */
export function ruleWords(lang: 'en' | 'hi'): RuleWords {
  return lang === 'hi' ? RULE_PLACEHOLDERS_HI : (RULE_PLACEHOLDERS as RuleWords);
}
