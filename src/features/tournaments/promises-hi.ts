/**
 * The policies' and help pages' rule phrases in Hindi: the same rule values as RULE_PLACEHOLDERS
 * (promises.ts), in Hindi word order. Every phrase ends in a postposition (पहले, बाद, के भीतर), so the
 * hour and minute words are in the oblique case, the same for one or many ("1 घंटे बाद", "24 घंटे बाद").
 */
import { formatRulesHi } from './format-rules';
import { formatPaiseExact, formatRupees } from '@/lib/format';
import { type MatchSettings, type MatchSettingsInput, SPECIAL_ROUNDS, settingsForRound, settingsRows } from '@/lib/match-settings';
import {
  CHALLENGE_WINDOW_HOURS,
  CHECK_IN_CLOSES_BEFORE_MINUTES,
  CHECK_IN_OPENS_BEFORE_MINUTES,
  DISCONNECTION_RESTART_BY_MINUTE,
  DISPUTE_STAFF_DEADLINE_MINUTES,
  PAYOUT_APPROVAL_ABOVE_PAISE,
  PAID_ENTRY_MIN_AGE,
  POD_CHECK_IN_MINUTES,
  POD_FILL_DEADLINE_HOURS,
  POD_START_DELAY_MINUTES,
  TAX_RATE_PERCENT,
  type TournamentKind,
} from '@/lib/rules';
import {
  type PrizeBand,
  payPanelPromises,
  podPrizesWith,
  poolGuaranteeText,
  prizeBands,
  prizePlacesLine,
  promisedRules,
  REPORT_WINDOW_MINUTES,
  RULE_PLACEHOLDERS,
  winnerAfterTaxPaise,
} from './promises';
import { prizeFormula } from './tournaments';

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

// -----------------------------------------------------------------------------------------------------
// A tournament's promised rules in Hindi: promises.ts's sentences, from the same values, in Hindi order.
// -----------------------------------------------------------------------------------------------------

type PromiseFacts = Parameters<typeof promisedRules>[0];
type PrizeFacts = Parameters<typeof prizePlacesLine>[0];

const money = (paise: number) => (paise % 100 === 0 ? formatRupees(paise / 100) : formatPaiseExact(paise));
const HINDI_ORDINALS: Record<number, string> = { 1: 'पहला', 2: 'दूसरा', 3: 'तीसरा', 4: 'चौथा', 6: 'छठा' };
/** 1 → "पहला", 5 → "5वाँ": Hindi ordinals, irregular up to six, then the number with वाँ. */
export function ordinalHi(n: number): string {
  return HINDI_ORDINALS[n] ?? `${n}वाँ`;
}

/** "पहला स्थान ₹20,000 · दूसरा स्थान ₹5,000 · स्थान 3–4 ₹5,000 प्रति खिलाड़ी" ("विजेता को ₹1,600"). */
export function prizePlacesLineHi(t: PrizeFacts): string {
  const bands = prizeBands(t);
  if (bands.length === 0) return 'कैश प्राइज़ नहीं';
  if (bands.length === 1 && bands[0]?.last === 1) return `विजेता को ${money(bands[0].eachPaise)}`;
  const label = (band: PrizeBand) => (band.first === band.last ? `${ordinalHi(band.first)} स्थान` : `स्थान ${band.first}–${band.last}`);
  return bands.map((band) => `${label(band)} ${money(band.eachPaise)}${band.last > band.first ? ' प्रति खिलाड़ी' : ''}`).join(' · ');
}

/** Whether the pool is paid in full however many players enter. */
export function poolGuaranteeTextHi(t: Pick<PromiseFacts, 'prizePoolRupees' | 'maxPlayers' | 'poolGuaranteed'>): string {
  return t.poolGuaranteed
    ? `${formatRupees(t.prizePoolRupees)} का पूल पक्का है: ${t.maxPlayers} से कम खिलाड़ी हों, तब भी पूरा मिलता है`
    : `${formatRupees(t.prizePoolRupees)} का पूल तभी मिलता है, जब सभी ${t.maxPlayers} जगहें भर जाएँ`;
}

/** "फ़ाइनल के 24 घंटे बाद". */
export function challengeWindowTextHi(kind: TournamentKind): string {
  return `फ़ाइनल के ${ghante(CHALLENGE_WINDOW_HOURS[kind])} बाद`;
}

/** The catalog's prize formula (tournaments.ts prizeFormula) in Hindi, from the same list. */
export function prizeFormulaTextHi(t: Parameters<typeof prizeFormula>[0]): string {
  const { list } = prizeFormula(t);
  if (list.length === 0) return 'कोई कैश प्राइज़ नहीं।';
  if (list.length === 1 && list[0]?.places === '1') return `विजेता को पूरा पूल, ${formatRupees(list[0].rupees)}, मिलता है।`;
  const places = (range: string) => {
    const [from, to] = range.split('-');
    return to === undefined ? `${ordinalHi(Number(from))} स्थान` : `स्थान ${from} से ${to} (कुल)`;
  };
  return `${list.map((band) => `${places(band.places)} ${formatRupees(band.rupees)}`).join('; ')}।`;
}

const ROUND_WORDS_HI: Record<(typeof SPECIAL_ROUNDS)[number], string> = {
  final: 'फ़ाइनल',
  semiFinals: 'सेमीफ़ाइनल',
  quarterFinals: 'क्वार्टर फ़ाइनल',
};

/** The room's settings as the game shows them (its English labels and On/Off), with the minutes in Hindi. */
function settingsRowsHi(s: MatchSettings): [string, string][] {
  return settingsRows(s).map(([label, value]) => [label, label === 'Match Time' ? minat(s.matchMinutes) : value]);
}
const settingsLineHi = (rows: [string, string][]) => rows.map(([label, value]) => `${label} ${value}`).join(', ');

/** match-settings.ts matchDayRules in Hindi: the same settings, host minutes and disconnection cut-off. */
export function matchDayRulesHi(input: MatchSettingsInput | undefined): string[] {
  const base = settingsForRound(input, SPECIAL_ROUNDS.length);
  const baseRows = settingsRowsHi(base);
  const later = SPECIAL_ROUNDS.map((round, index) => {
    const rows = settingsRowsHi(settingsForRound(input, index)).filter(
      ([label, value]) => baseRows.find(([l]) => l === label)?.[1] !== value,
    );
    return rows.length === 0 ? '' : ` ${ROUND_WORDS_HI[round]} में: ${settingsLineHi(rows)}।`;
  }).join('');
  return [
    `फ़्रेंड मैच रूम की मैच सेटिंग: ${settingsLineHi(baseRows)}।${later} मैच पेज हर मैच की सेटिंग दिखाता है।`,
    `ऊपर के स्लॉट वाला खिलाड़ी होस्ट करता है: Ready खुलने के ${minat(base.hostMinutes)} के भीतर (मैच के समय से 5 मिनट पहले) मैच पेज पर रूम पोस्ट करें, नहीं तो विरोधी होस्ट कर सकता है। गेस्ट Ready दबाते समय रूम की सेटिंग जाँचता है।`,
    `डिसकनेक्शन दोनों खिलाड़ी मैच पेज पर रिपोर्ट करते हैं (गेम का मिनट और स्कोर): मिनट ${base.restartByMinute} तक 0–0 हो, तो मैच फिर से शुरू होता है; उसके बाद बचे हुए मिनटों के लिए नया रूम, पिछले स्कोर के साथ, और आखिरी रिपोर्ट कुल स्कोर बताती है। आपस में न मिलने वाली रिपोर्ट, विरोधी के मैच छोड़ने का दावा, पेनल्टी शूटआउट में डिसकनेक्शन या दूसरा डिसकनेक्शन स्टाफ़ के पास जाता है।`,
  ];
}

/** promises.ts promisedRules in Hindi: the rules whose numbers are the database's, first in every rules list. */
export function promisedRulesHi(t: PromiseFacts): string[] {
  const kind = t.series;
  const prize =
    t.prizePoolRupees > 0
      ? [
          `प्राइज़: ${prizePlacesLineHi(t)}।${kind === 'championship' ? ` ${poolGuaranteeTextHi(t)}।` : ''}`,
          `प्राइज़ ${challengeWindowTextHi(kind)} आपके बैलेंस में आते हैं, जब कोई रिज़ल्ट चैलेंज नहीं हो सकता। निकासी पर वे UPI से मिलते हैं, एक बार की PAN और UPI जाँच के बाद (पहली निकासी एक एडमिन मंज़ूर करता है)। कानून के मुताबिक नेट विनिंग्स (निकासी, वित्त वर्ष में भरी एंट्री फ़ीस घटाकर) पर ${TAX_RATE_PERCENT}% TDS कटता है: विजेता को कम से कम ${money(winnerAfterTaxPaise(t))} मिलते हैं।`,
        ]
      : ['कोई कैश प्राइज़ नहीं है।'];
  const checkIn =
    kind === 'quick'
      ? `पॉड भरने के ${minat(POD_CHECK_IN_MINUTES)} के भीतर पॉड पेज पर चेक-इन करें; पॉड भरने के ${minat(POD_START_DELAY_MINUTES)} बाद शुरू होता है। चेक-इन न करने वाली एंट्री हटा दी जाती है और उसकी पूरी फ़ीस लौटाई जाती है। उसकी जगह पॉड की वेटलिस्ट को मिलती है; नहीं तो पॉड एक खिलाड़ी कम के साथ बाई देकर चलता है और खेलने वाले खिलाड़ियों के अनुपात में प्राइज़ देता है। जो पॉड ${ghante(POD_FILL_DEADLINE_HOURS)} में नहीं भरता, वह रद्द होता है और पूरा रिफ़ंड मिलता है।`
      : `इस पेज पर शुरुआत से ${ghante(CHECK_IN_OPENS_BEFORE_MINUTES.championship / 60)} पहले से ${minat(CHECK_IN_CLOSES_BEFORE_MINUTES.championship)} पहले तक चेक-इन करें। चेक-इन न करने वाली एंट्री हटा दी जाती है और उसकी फ़ीस वापस नहीं मिलती।`;
  return [
    ...prize,
    checkIn,
    `दोनों खिलाड़ी तय समय के ${minat(REPORT_WINDOW_MINUTES)} के भीतर मैच पेज पर स्कोर रिपोर्ट करते हैं, रिज़ल्ट स्क्रीन के स्क्रीनशॉट के साथ।`,
    `रिज़ल्ट से असहमत हैं? मैच पेज पर विवाद खोलें, ई-मेल से नहीं: स्टाफ़ ${minat(DISPUTE_STAFF_DEADLINE_MINUTES[kind])} के भीतर फ़ैसला करता है।`,
    ...formatRulesHi(t.stages, t.maxPlayers),
    ...matchDayRulesHi(t.matchSettings),
  ];
}

/**
 * What a pod pays when a player misses check-in and nobody on the waitlist takes the place (promises.ts
 * shortPodText), in Hindi.
 */
export function shortPodTextHi(t: PromiseFacts): string {
  const nobody = 'और वेटलिस्ट से कोई जगह न ले';
  if (t.maxPlayers - 1 < 2) {
    return `अगर आपका विरोधी चेक-इन न करे ${nobody}, तो पॉड रद्द होता है और आपके ${formatRupees(t.entryFeeRupees)} पूरे वापस मिलते हैं`;
  }
  const shortOne = `अगर कोई खिलाड़ी चेक-इन न करे ${nobody}, तो पॉड एक खिलाड़ी कम के साथ बाई देकर चलता है`;
  if (t.prizePoolRupees === 0) return shortOne;
  const full = prizeBands(t);
  const shortPod = podPrizesWith(t, t.maxPlayers - 1);
  const short = prizeBands(shortPod);
  const onlyWinner = (bands: PrizeBand[]) => bands.length === 1 && bands[0]?.last === 1;
  const then =
    onlyWinner(full) && onlyWinner(short)
      ? `विजेता को ${money(full[0]?.eachPaise ?? 0)} की जगह ${money(short[0]?.eachPaise ?? 0)} मिलते हैं`
      : `प्राइज़ ${prizePlacesLineHi(t)} की जगह ${prizePlacesLineHi(shortPod)} होते हैं`;
  return `${shortOne}, और ${then}`;
}

/** The pay panel's lines (promises.ts payPanelPromises) in Hindi: the same keys, from the same values. */
export function payPanelPromisesHi(t: PromiseFacts): { key: string; text: string }[] {
  const lines: { key: string; text: string }[] = [];
  if (t.prizePoolRupees > 0) {
    lines.push({ key: 'prizes', text: `प्राइज़: ${prizePlacesLineHi(t)}` });
    if (t.series === 'championship') lines.push({ key: 'pool', text: poolGuaranteeTextHi(t) });
    lines.push({
      key: 'tax',
      text: `कानून के मुताबिक नेट विनिंग्स (आपकी निकासी, इस वित्त वर्ष में भरी एंट्री फ़ीस घटाकर) पर ${TAX_RATE_PERCENT}% TDS कटता है: सब जीतने पर आपको कम से कम ${money(winnerAfterTaxPaise(t))} मिलेंगे`,
    });
    lines.push({ key: 'payout', text: `चैलेंज विंडो (${challengeWindowTextHi(t.series)}) और एक बार की PAN जाँच के बाद UPI से मिलता है` });
  }
  if (t.series === 'quick' && t.entryFeeRupees > 0) {
    lines.push({
      key: 'check-in',
      text: `पॉड भरते ही चेक-इन खुलता है और ${minat(POD_CHECK_IN_MINUTES)} चलता है; छूट जाए, तो आपके ${formatRupees(t.entryFeeRupees)} पूरे वापस मिलते हैं`,
    });
    lines.push({ key: 'short-pod', text: shortPodTextHi(t) });
  }
  lines.push({
    key: 'eligibility',
    text: t.entryFeeRupees > 0 ? `भारत में रहने वाले ${PAID_ENTRY_MIN_AGE}+ साल के खिलाड़ियों के लिए` : 'फ़्री एंट्री: किसी से कोई पैसा नहीं लिया जाता',
  });
  return lines;
}

/** A tournament's promised rules, prize line and pool guarantee in a page's language. */
export function promisesIn(lang: 'en' | 'hi') {
  return lang === 'hi'
    ? {
        rules: promisedRulesHi,
        payPanel: payPanelPromisesHi,
        prizePlaces: prizePlacesLineHi,
        poolGuarantee: poolGuaranteeTextHi,
        prizeFormulaText: prizeFormulaTextHi,
      }
    : {
        rules: promisedRules,
        payPanel: payPanelPromises,
        prizePlaces: prizePlacesLine,
        poolGuarantee: poolGuaranteeText,
        prizeFormulaText: (t: Parameters<typeof prizeFormula>[0]) => prizeFormula(t).text,
      };
}
