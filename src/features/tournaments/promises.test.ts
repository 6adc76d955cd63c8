import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findBrokenPromises,
  payPanelPromises,
  podPrizesWith,
  prizeBands,
  prizePlacesLine,
  promisedRules,
  winnerAfterTaxPaise,
} from './promises';
import { type Tournament, TournamentSchema } from './tournaments';

const CATALOG_DIR = join(process.cwd(), 'src/content/tournaments');
const catalog: Tournament[] = readdirSync(CATALOG_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => TournamentSchema.parse(JSON.parse(readFileSync(join(CATALOG_DIR, name), 'utf8'))));
const byId = (id: string) => {
  const found = catalog.find((t) => t.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('what each place wins', () => {
  it('names a knockout’s places, each with what one player of it receives', () => {
    const championship = byId('champions-dec-2026');
    expect(prizeBands(championship).map((band) => band.label)).toEqual(['1st', '2nd', '3rd–4th', '5th–8th']);
    expect(prizePlacesLine(championship)).toBe('1st ₹20,000 · 2nd ₹5,000 · 3rd–4th ₹5,000 each · 5th–8th ₹2,500 each');
    // Every rupee of the pool is in a place.
    const total = prizeBands(championship).reduce((sum, band) => sum + band.eachPaise * (band.last - band.first + 1), 0);
    expect(total).toBe(championship.prizePoolRupees * 100);
    expect(prizePlacesLine(byId('super_8'))).toBe('The winner takes ₹1,600');
  });

  it('withholds the tax of the rules from the winner’s prize less the entry fee', () => {
    // ₹1,600 won after a ₹200 entry: 30% of ₹1,400 is ₹420.
    expect(winnerAfterTaxPaise(byId('super_8'))).toBe(1_180_00);
    // ₹20,000 won after a ₹150 entry: 30% of ₹19,850 is ₹5,955.
    expect(winnerAfterTaxPaise(byId('champions-dec-2026'))).toBe(14_045_00);
  });
});

describe('the pay panel', () => {
  it('says the prize per place, the tax with the winner’s amount, the payout and who may pay, one line each', () => {
    expect(payPanelPromises(byId('super_8')).map((line) => line.text)).toEqual([
      'Prizes: The winner takes ₹1,600',
      '30% tax on net winnings (what you withdraw less the entry fees you paid this financial year) is withheld by law: you would receive at least ₹1,180 if you win it all',
      'Paid by UPI after the challenge window (2 hours after the final) and a one-time PAN check',
      'Check-in opens the moment the pod fills and lasts 10 minutes; if you miss it you get your ₹200 back in full',
      'If a player misses check-in and nobody on the waitlist takes the place, the pod runs one short with a bye and the winner takes ₹1,400 instead of ₹1,600',
      'For players 18+ living in India',
    ]);
    const championship = payPanelPromises(byId('champions-dec-2026')).map((line) => line.text);
    expect(championship).toContain('The ₹45,000 pool is guaranteed: paid in full even with fewer than 300 players');
    expect(championship).toContain('Paid by UPI after the challenge window (24 hours after the final) and a one-time PAN check');
  });
});

describe("a quick pod's check-in on the pay panel", () => {
  it('says what a Super 4 one short pays, and that a 1v1 pod one short is called off and refunded', () => {
    const super4 = payPanelPromises(byId('super_4'));
    expect(super4.find((line) => line.key === 'check-in')?.text).toBe(
      'Check-in opens the moment the pod fills and lasts 10 minutes; if you miss it you get your ₹300 back in full',
    );
    expect(super4.find((line) => line.key === 'short-pod')?.text).toMatch(/the winner takes ₹900 instead of ₹1,200$/);
    expect(payPanelPromises(byId('1v1')).find((line) => line.key === 'short-pod')?.text).toBe(
      'If your opponent misses check-in and nobody on the waitlist takes the place, the pod is called off and you get your ₹300 back in full',
    );
    // A championship keeps its published check-in and says nothing of pods.
    expect(payPanelPromises(byId('champions-dec-2026')).map((line) => line.key)).not.toContain('check-in');
  });

  it('splits a formula of several bands in proportion, the paise left over to the best band', () => {
    const pod = {
      series: 'quick' as const,
      entryFeeRupees: 100,
      prizePoolRupees: 800,
      maxPlayers: 8,
      prizeBands: [
        { places: '1', rupees: 500 },
        { places: '2', rupees: 300 },
      ],
    };
    const short = podPrizesWith(pod, 7);
    expect(short.prizePoolRupees).toBe(700);
    expect(short.prizeBands).toEqual([
      { places: '1', rupees: 437.5 },
      { places: '2', rupees: 262.5 },
    ]);
  });
});

describe('the promise check', () => {
  it('catches the sentences that contradicted the rules', () => {
    const super8 = byId('super_8');
    const championship = byId('champions-dec-2026');
    expect(findBrokenPromises('Take home ₹1,600, paid by UPI within 24 hours.', super8).length).toBeGreaterThan(0);
    expect(findBrokenPromises('The winner takes the whole prize, paid by UPI within 24 hours of the final.', super8)).not.toEqual([]);
    expect(findBrokenPromises('Prizes are paid to the top 6 finishers within 7 days of the final.', championship)).not.toEqual([]);
    expect(findBrokenPromises('Every match has a 10-minute check-in. Players who miss it may be disqualified.', championship)).not.toEqual(
      [],
    );
    expect(
      findBrokenPromises('If you disagree with a result, tell us within 24 hours of the match. Email support with screenshots.'),
    ).not.toEqual([]);
    expect(
      findBrokenPromises('Disputes are raised with the organisers within 24 hours of the match, with screenshots.', super8),
    ).not.toEqual([]);
  });

  it('reads Hindi sentences too: a window in मिनट or घंटे that differs from the rules is caught', () => {
    const championship = byId('champions-dec-2026');
    expect(findBrokenPromises('हर मैच से पहले 30 मिनट का चेक-इन होता है।', championship)).not.toEqual([]);
    expect(findBrokenPromises('रिज़ल्ट पर विवाद हो, तो स्टाफ़ 24 घंटे के भीतर फ़ैसला करता है।', championship)).not.toEqual([]);
    expect(findBrokenPromises('विवाद 60 मिनट के भीतर ई-मेल करें।', championship)).not.toEqual([]);
    expect(findBrokenPromises('डिसकनेक्शन: मिनट 10 तक 0–0 हो, तो मैच फिर से शुरू होता है।', championship)).not.toEqual([]);
    // The Hindi rules as the pages say them pass, and one wrong sentence among right ones is still found.
    expect(findBrokenPromises('मैच पेज पर विवाद खोलें, ई-मेल से नहीं: स्टाफ़ 60 मिनट के भीतर फ़ैसला करता है।', championship)).toEqual([]);
    expect(findBrokenPromises('डिसकनेक्शन: मिनट 20 तक 0–0 हो, तो मैच फिर से शुरू होता है। चेक-इन 45 मिनट का है।', championship)).toHaveLength(1);
  });

  it('catches match settings and disconnection rules that differ from the settings', () => {
    const championship = byId('champions-dec-2026');
    expect(
      findBrokenPromises('Matches are played with default match settings: 10-minute halves, no extra handicaps.', championship),
    ).not.toEqual([]);
    expect(
      findBrokenPromises('A disconnection in the first 10 minutes is replayed once; after that the score stands.', championship),
    ).not.toEqual([]);
    expect(findBrokenPromises('Match Time: 12 minutes.', championship)).not.toEqual([]);
    // The final's longer Match Time is one of the edition's settings.
    expect(findBrokenPromises('Match Time: 15 minutes.', championship)).toEqual([]);
    expect(findBrokenPromises('Match Time: 15 minutes.', byId('super_8'))).not.toEqual([]);
    // A series with another cut-off holds its own text to it.
    const late = { ...byId('super_8'), matchSettings: { restartByMinute: 15 } };
    expect(findBrokenPromises(promisedRules(late).join('\n'), late)).toEqual([]);
    expect(findBrokenPromises(promisedRules(byId('super_8')).join('\n'), late)).not.toEqual([]);
  });

  it('writes the settings, the host duty and the disconnection rule from the catalog’s settings', () => {
    const rules = promisedRules(byId('champions-dec-2026'));
    expect(rules).toContain(
      "Match settings in the friend-match room: Match Time 10 minutes, Extra Time On, Penalties On, Injuries Off, Condition Excellent, Substitutions 5. In the final: Match Time 15 minutes. The match page shows each match's settings.",
    );
    expect(rules.join('\n')).toMatch(/within 5 minutes of Ready opening/);
    expect(rules.join('\n')).toMatch(/by minute 20 at 0–0 the match restarts/);
    expect(promisedRules(byId('super_8')).join('\n')).not.toMatch(/In the final/);
  });

  it('passes the rules as the pages render them', () => {
    for (const t of catalog) {
      const text = [...promisedRules(t), ...payPanelPromises(t).map((line) => line.text)].join('\n');
      expect(findBrokenPromises(text, t), t.id).toEqual([]);
    }
  });

  it('finds nothing in the catalog that differs from the rules', () => {
    for (const t of catalog) {
      const text = [t.description, t.importantInfo, ...t.rules].join('\n');
      expect(findBrokenPromises(text, t), t.id).toEqual([]);
    }
  });

  // The built pages, when a build is there (npm test builds before the end-to-end tests).
  it.skipIf(!existsSync(join(process.cwd(), 'dist/tournaments')))('finds nothing in the built pages that differs from the rules', () => {
    const page = (path: string) => readFileSync(join(process.cwd(), 'dist', path), 'utf8').replace(/<script[\s\S]*?<\/script>/g, '');
    for (const t of catalog) {
      const file = join('tournaments', t.id, 'index.html');
      if (!existsSync(join(process.cwd(), 'dist', file))) continue;
      expect(findBrokenPromises(page(file), t), file).toEqual([]);
    }
    for (const file of ['help-center/index.html', 'terms-of-service/index.html', 'cancellation-refund/index.html']) {
      // The English page and its Hindi twin, whose sentences the check reads in Hindi too.
      for (const built of [file, join('hi', file)]) {
        if (existsSync(join(process.cwd(), 'dist', built))) expect(findBrokenPromises(page(built)), built).toEqual([]);
      }
    }
    for (const t of catalog) {
      const file = join('hi', 'tournaments', t.id, 'index.html');
      if (existsSync(join(process.cwd(), 'dist', file))) expect(findBrokenPromises(page(file), t), file).toEqual([]);
    }
  });
});
