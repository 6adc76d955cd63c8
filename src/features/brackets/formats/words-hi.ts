/**
 * The Hindi words of words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts).
 * Follows docs/hindi-glossary.md.
 */
import type { FormatWords } from './words';

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
  otherGroupsLoading: (count) => (count === 1 ? 'दूसरा ग्रुप लोड हो रहा है…' : `बाकी ${count} ग्रुप लोड हो रहे हैं…`),
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

export default hi;
