/**
 * The words of the format views (group tables, Swiss, double elimination) in both languages, read through the
 * page's language store (`useMessages(FORMAT_WORDS)`). Loaded with the views only; the line above the bracket
 * keeps its words in bracket-words.ts and the format's sentence in intro.ts, so a knockout page does not carry
 * these. Hindi follows docs/hindi-glossary.md (ग्रुप, स्विस, बुखहोल्ज़, लूज़र्स ब्रैकेट, लॉटरी); places read
 * "नंबर 2", which needs no gender.
 */
import { ordinal } from './intro';

/** One row of a group table above the next: the published tie-break step that separated them, in plain words. */
export function tieReasonWords(step: string, below: string): string {
  switch (step) {
    case 'head_to_head_points':
      return `Ahead of ${below} on head-to-head points: the points in the matches between the players level on points.`;
    case 'head_to_head_goal_difference':
      return `Ahead of ${below} on head-to-head goal difference: level on points, and on points between them, but a better goal difference in the matches between them.`;
    case 'head_to_head_goals_for':
      return `Ahead of ${below} on head-to-head goals: level on points and goal difference between them, but more goals scored in the matches between them.`;
    case 'goal_difference':
      return `Ahead of ${below} on goal difference: level in the matches between them, so the goal difference in all group matches decided.`;
    case 'goals_for':
      return `Ahead of ${below} on goals scored: level in the matches between them and on goal difference, so goals scored in all group matches decided.`;
    case 'wins':
      return `Ahead of ${below} on wins: level on points, head-to-head, goal difference and goals, so the number of wins decided.`;
    case 'lots':
      return `Level with ${below} on everything the table counts, so lots decided: drawn from the draw's revealed secret (the lower SHA-256 of the secret, ":lots:" and the entry id goes first), which anyone can check — check the secret with npm run verify-draw.`;
    default:
      return `Ahead of ${below} on ${step.replaceAll('_', ' ')}.`;
  }
}

const en = {
  tieReason: tieReasonWords,
  group: (name: string) => `Group ${name}`,
  yourGroup: 'Your group',
  groupsHeading: 'Group tables',
  knockoutHeading: 'Knockout',
  thirdPlace: 'Third place',
  groupMatches: 'Matches',
  tableCaption: (group: string) => `Group ${group} table`,
  columns: {
    rank: { short: '#', long: 'Place' },
    player: { short: 'Player', long: 'Player' },
    played: { short: 'P', long: 'Played' },
    won: { short: 'W', long: 'Won' },
    drawn: { short: 'D', long: 'Drawn' },
    lost: { short: 'L', long: 'Lost' },
    goalDifference: { short: 'GD', long: 'Goal difference' },
    points: { short: 'Pts', long: 'Points' },
    medianBuchholz: { short: 'mBH', long: 'Median-Buchholz' },
    buchholz: { short: 'BH', long: 'Buchholz' },
  },
  qualified: 'Through to the knockout',
  qualifiedMark: 'Q',
  qualifyingLine: (perGroup: number) =>
    perGroup === 1 ? 'The group winner goes through to the knockout.' : `The top ${perGroup} go through to the knockout.`,
  unplayed: 'No match played yet: the table is in the order of the lots from the draw.',
  whyHere: (name: string) => `Why is ${name} above the next player?`,
  tieRule:
    'Level on points? Points, goal difference and goals in the matches between the tied players decide first, then goal difference, goals and wins in all group matches, then lots from the draw’s secret.',
  you: '(you)',
  qualifierNote: (place: number, group: string) =>
    place === 1 ? `winner of group ${group}` : place === 2 ? `runner-up of group ${group}` : `${ordinal(place)} in group ${group}`,
  swissHeading: 'Swiss rounds',
  swissTable: 'Table',
  swissRound: (n: number) => `Round ${n}`,
  swissExplain:
    'Players are ranked by points (3 a win, 1 a draw, a bye counts as a win), then by median-Buchholz (mBH: the points of your opponents, leaving out the highest and the lowest), then Buchholz (BH: the points of all your opponents), then goal difference. Both reward having played strong opponents; a bye is not an opponent.',
  swissNotPaired: 'Paired when every match of the round before is settled.',
  winnersBracket: 'Winners’ bracket',
  losersBracket: 'Losers’ bracket',
  grandFinal: 'Grand final',
  grandFinalReset: 'Grand final, second match',
  doubleExplain:
    'Lose once and you drop into the losers’ bracket; lose twice and you are out. If the losers’ bracket winner wins the grand final, it is played a second time.',
  grandFinalWaiting: 'The grand final is played when both brackets have a winner.',
  noMatchesYet: 'No matches yet.',
};

export type FormatWords = typeof en;

/** One row above the next in Hindi: the tie-break step that separated them. */
function tieReasonHi(step: string, below: string): string {
  switch (step) {
    case 'head_to_head_points':
      return `आपसी मैचों के पॉइंट्स पर ${below} से आगे: बराबर पॉइंट्स वाले खिलाड़ियों के आपसी मैचों के पॉइंट्स।`;
    case 'head_to_head_goal_difference':
      return `आपसी गोल अंतर पर ${below} से आगे: पॉइंट्स और आपसी पॉइंट्स बराबर, पर आपसी मैचों में बेहतर गोल अंतर।`;
    case 'head_to_head_goals_for':
      return `आपसी गोलों पर ${below} से आगे: पॉइंट्स और आपसी गोल अंतर बराबर, पर आपसी मैचों में ज़्यादा गोल किए।`;
    case 'goal_difference':
      return `गोल अंतर पर ${below} से आगे: आपसी मैचों में बराबर, इसलिए सभी ग्रुप मैचों के गोल अंतर से फ़ैसला हुआ।`;
    case 'goals_for':
      return `किए गए गोलों पर ${below} से आगे: आपसी मैचों और गोल अंतर में बराबर, इसलिए सभी ग्रुप मैचों में किए गए गोलों से फ़ैसला हुआ।`;
    case 'wins':
      return `जीत पर ${below} से आगे: पॉइंट्स, आपसी मैच, गोल अंतर और गोल बराबर, इसलिए जीतों की संख्या से फ़ैसला हुआ।`;
    case 'lots':
      return `टेबल की हर गिनती में ${below} के बराबर, इसलिए लॉटरी से फ़ैसला हुआ: ड्रॉ के खुले सीक्रेट से निकली लॉटरी (सीक्रेट, ":lots:" और एंट्री id का छोटा SHA-256 पहले आता है), जिसे कोई भी जाँच सकता है — सीक्रेट npm run verify-draw से जाँचें।`;
    default:
      return `${step.replaceAll('_', ' ')} पर ${below} से आगे।`;
  }
}

const hi: FormatWords = {
  tieReason: tieReasonHi,
  group: (name) => `ग्रुप ${name}`,
  yourGroup: 'आपका ग्रुप',
  groupsHeading: 'ग्रुप टेबल',
  knockoutHeading: 'नॉकआउट',
  thirdPlace: 'तीसरे स्थान का मैच',
  groupMatches: 'मैच',
  tableCaption: (group) => `ग्रुप ${group} की टेबल`,
  columns: {
    rank: { short: '#', long: 'स्थान' },
    player: { short: 'खिलाड़ी', long: 'खिलाड़ी' },
    played: { short: 'खे', long: 'खेले' },
    won: { short: 'जी', long: 'जीते' },
    drawn: { short: 'ड्रॉ', long: 'ड्रॉ' },
    lost: { short: 'हा', long: 'हारे' },
    goalDifference: { short: 'GD', long: 'गोल अंतर' },
    points: { short: 'पॉ', long: 'पॉइंट्स' },
    medianBuchholz: { short: 'mBH', long: 'मीडियन-बुखहोल्ज़' },
    buchholz: { short: 'BH', long: 'बुखहोल्ज़' },
  },
  qualified: 'नॉकआउट में पहुँचे',
  qualifiedMark: 'Q',
  qualifyingLine: (perGroup) => (perGroup === 1 ? 'ग्रुप विजेता नॉकआउट में जाता है।' : `हर ग्रुप के टॉप ${perGroup} नॉकआउट में जाते हैं।`),
  unplayed: 'अभी कोई मैच नहीं खेला गया: टेबल ड्रॉ की लॉटरी के क्रम में है।',
  whyHere: (name) => `${name} अगले खिलाड़ी से ऊपर क्यों है?`,
  tieRule:
    'पॉइंट्स बराबर? पहले बराबर खिलाड़ियों के आपसी मैचों के पॉइंट्स, गोल अंतर और गोल फ़ैसला करते हैं, फिर सभी ग्रुप मैचों का गोल अंतर, गोल और जीत, फिर ड्रॉ के सीक्रेट से निकली लॉटरी।',
  you: '(आप)',
  qualifierNote: (place, group) =>
    place === 1 ? `ग्रुप ${group} का विजेता` : place === 2 ? `ग्रुप ${group} का उपविजेता` : `ग्रुप ${group} में नंबर ${place}`,
  swissHeading: 'स्विस राउंड',
  swissTable: 'टेबल',
  swissRound: (n) => `राउंड ${n}`,
  swissExplain:
    'खिलाड़ियों की रैंक पॉइंट्स से तय होती है (जीत के 3, ड्रॉ का 1, बाई जीत गिनी जाती है), फिर मीडियन-बुखहोल्ज़ (mBH: आपके विरोधियों के पॉइंट्स, सबसे ऊँचे और सबसे नीचे को छोड़कर), फिर बुखहोल्ज़ (BH: आपके सभी विरोधियों के पॉइंट्स), फिर गोल अंतर। दोनों मज़बूत विरोधियों से खेलने का इनाम देते हैं; बाई विरोधी नहीं है।',
  swissNotPaired: 'पिछले राउंड का हर मैच तय होने पर जोड़ियाँ बनती हैं।',
  winnersBracket: 'विनर्स ब्रैकेट',
  losersBracket: 'लूज़र्स ब्रैकेट',
  grandFinal: 'ग्रैंड फ़ाइनल',
  grandFinalReset: 'ग्रैंड फ़ाइनल, दूसरा मैच',
  doubleExplain:
    'एक बार हारे तो आप लूज़र्स ब्रैकेट में चले जाते हैं; दो बार हारे तो बाहर। अगर लूज़र्स ब्रैकेट का विजेता ग्रैंड फ़ाइनल जीतता है, तो वह दोबारा खेला जाता है।',
  grandFinalWaiting: 'ग्रैंड फ़ाइनल तब खेला जाता है जब दोनों ब्रैकेट का विजेता तय हो जाए।',
  noMatchesYet: 'अभी कोई मैच नहीं।',
};

export const FORMAT_WORDS: Record<'en' | 'hi', FormatWords> = { en, hi };

/** The English words, for the pure modules' defaults and their tests. */
export const WORDS = en;
