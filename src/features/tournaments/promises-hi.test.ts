import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillPolicyHtml } from '@/features/info/policies';
import { payPanelPromises, promisedRules, RULE_PLACEHOLDERS } from './promises';
import {
  matchDayRulesHi,
  payPanelPromisesHi,
  ordinalHi,
  poolGuaranteeTextHi,
  prizeFormulaTextHi,
  prizePlacesLineHi,
  promisedRulesHi,
  RULE_PLACEHOLDERS_HI,
  RULE_WORD_KEYS,
  ruleWords,
} from './promises-hi';
import { prizeFormula, type Tournament, TournamentSchema } from './tournaments';

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

describe("a tournament's promised rules in Hindi", () => {
  const CATALOG_DIR = join(process.cwd(), 'src/content/tournaments');
  const catalog: Tournament[] = readdirSync(CATALOG_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => TournamentSchema.parse(JSON.parse(readFileSync(join(CATALOG_DIR, name), 'utf8'))));
  const amounts = (rules: string[]) => rules.flatMap((rule) => rule.match(/₹\d+(?:,\d+)*(?:\.\d\d)?/g) ?? []).sort();
  const windows = (rules: string[], units: RegExp) => rules.flatMap((rule) => [...rule.matchAll(units)].map((m) => m[1])).sort();

  it('state every amount and window of the English rules, for every tournament of the catalog', () => {
    expect(catalog.length).toBeGreaterThan(3);
    for (const t of catalog) {
      const english = promisedRules(t);
      const hindi = promisedRulesHi(t);
      expect(hindi, t.id).toHaveLength(english.length);
      expect(amounts(hindi), t.id).toEqual(amounts(english));
      expect(windows(hindi, /(\d+) (?:मिनट|घंटे)/g), t.id).toEqual(windows(english, /(\d+) (?:minutes?|hours?)/g));
      expect(windows(hindi, /मिनट (\d+) तक/g), t.id).toEqual(windows(english, /by minute (\d+)/g));
      for (const rule of hindi) expect(rule, t.id).toMatch(/[\u0900-\u097F]/);
      // The pay panel: the same lines (by key), the same amounts and windows.
      const panel = payPanelPromises(t);
      const panelHi = payPanelPromisesHi(t);
      expect(
        panelHi.map((line) => line.key),
        t.id,
      ).toEqual(panel.map((line) => line.key));
      expect(amounts(panelHi.map((line) => line.text)), t.id).toEqual(amounts(panel.map((line) => line.text)));
      expect(
        windows(
          panelHi.map((line) => line.text),
          /(\d+) (?:मिनट|घंटे)/g,
        ),
        t.id,
      ).toEqual(
        windows(
          panel.map((line) => line.text),
          /(\d+) (?:minutes?|hours?)/g,
        ),
      );
      expect(prizeFormulaTextHi(t).match(/₹\d+(?:,\d+)*/g) ?? [], t.id).toEqual(prizeFormula(t).text.match(/₹\d+(?:,\d+)*/g) ?? []);
    }
  });

  it('name the places in Hindi ordinals and keep the game’s own setting names', () => {
    const championship = catalog.find((t) => t.series === 'championship' && t.prizePoolRupees > 0)!;
    expect(prizePlacesLineHi(championship)).toMatch(/^पहला स्थान ₹[\d,]+ · दूसरा स्थान ₹[\d,]+/);
    expect(prizePlacesLineHi({ ...championship, prizePoolRupees: 0, prizeBands: undefined, winnerPrizeRupees: undefined })).toBe(
      'कैश प्राइज़ नहीं',
    );
    expect(ordinalHi(5)).toBe('5वाँ');
    const [settings] = matchDayRulesHi(undefined);
    expect(settings).toContain('Match Time 10 मिनट, Extra Time On, Penalties On, Injuries Off, Condition Excellent, Substitutions 5');
    expect(poolGuaranteeTextHi({ prizePoolRupees: 100000, maxPlayers: 64, poolGuaranteed: true })).toBe(
      '₹1,00,000 का पूल पक्का है: 64 से कम खिलाड़ी हों, तब भी पूरा मिलता है',
    );
  });
});
