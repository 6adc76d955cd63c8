import { describe, expect, it } from 'vitest';
import { fillPolicyHtml } from '@/features/info/policies';
import { RULE_PLACEHOLDERS } from './promises';
import { RULE_PLACEHOLDERS_HI, RULE_WORD_KEYS, ruleWords } from './promises-hi';

const numbers = (text: string) => [...text.matchAll(/\d[\d,]*/g)].map((m) => m[0]);

describe("the rules' phrases in Hindi", () => {
  it('cover every rule placeholder the English pages use', () => {
    expect([...RULE_WORD_KEYS].sort()).toEqual(Object.keys(RULE_PLACEHOLDERS).sort());
    expect(Object.keys(RULE_PLACEHOLDERS_HI).sort()).toEqual(Object.keys(RULE_PLACEHOLDERS).sort());
  });

  it('state the same numbers, in the same order, as the English phrase', () => {
    for (const key of RULE_WORD_KEYS) expect(numbers(RULE_PLACEHOLDERS_HI[key]), key).toEqual(numbers(RULE_PLACEHOLDERS[key]!));
  });

  it('read in Hindi word order, with the windows before their postpositions', () => {
    expect(RULE_PLACEHOLDERS_HI.CHECK_IN_CHAMPIONSHIP).toBe('शुरुआत से 24 घंटे पहले से 60 मिनट पहले तक');
    expect(RULE_PLACEHOLDERS_HI.DISPUTE_DEADLINES).toBe('क्विक पॉड में 15 मिनट के भीतर और चैंपियनशिप में 60 मिनट के भीतर');
    expect(RULE_PLACEHOLDERS_HI.CHALLENGE_WINDOWS).toBe('पॉड के फ़ाइनल के 2 घंटे बाद और चैंपियनशिप के फ़ाइनल के 24 घंटे बाद');
    expect(RULE_PLACEHOLDERS_HI.PAYOUT_APPROVAL_ABOVE).toBe('₹10,000');
    for (const key of [
      'CHECK_IN_CHAMPIONSHIP',
      'CHECK_IN_QUICK',
      'POD_CHECK_IN',
      'REPORT_WINDOW',
      'DISPUTE_DEADLINES',
      'CHALLENGE_WINDOWS',
    ] as const) {
      expect(RULE_PLACEHOLDERS_HI[key], key).not.toMatch(/[a-z]{2,}/i);
    }
  });

  it('fill a Hindi policy in Hindi and an English one in English', () => {
    const html = '<p>स्टाफ़ %DISPUTE_DEADLINES% फ़ैसला करता है।</p>';
    expect(fillPolicyHtml(html, { productName: 'P', supportEmail: 'e@x.in', ruleWords: ruleWords('hi') })).toBe(
      '<p>स्टाफ़ क्विक पॉड में 15 मिनट के भीतर और चैंपियनशिप में 60 मिनट के भीतर फ़ैसला करता है।</p>',
    );
    expect(fillPolicyHtml('<p>Staff decide %DISPUTE_DEADLINES%.</p>', { productName: 'P', supportEmail: 'e@x.in' })).toBe(
      '<p>Staff decide within 15 minutes in a quick pod and 60 minutes in a championship.</p>',
    );
  });
});
