/** The Hindi words of leaderboard-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { LeaderboardWords } from './leaderboard-words';

const hi: LeaderboardWords = {
  season: 'सीज़न',
  thisSeason: (label) => (label ? `यह सीज़न (${label})` : 'यह सीज़न'),
  months: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
  seriesLegend: 'सीरीज़',
  series: { all: 'सभी सीरीज़', championship: 'चैंपियनशिप', 'free-cup': 'फ़्री कप', pod: 'पॉड' },
  yourRank: (rank) => `आपकी रैंक: #${rank}`,
  yourLine: (points, rating, events) => `${points} पॉइंट · रेटिंग ${rating} · ${events} टूर्नामेंट`,
  yourPage: 'आपका प्लेयर पेज',
  loading: 'लीडरबोर्ड लोड हो रहा है…',
  empty: (season, ladder) =>
    `${season ? `${season} में` : 'इस सीज़न में'}${ladder ? ` ${ladder} का` : ''} अभी कोई रिज़ल्ट नहीं है। खिलाड़ी यहाँ तब दिखते हैं जब वे किसी ऐसे टूर्नामेंट में चेक-इन करते हैं जिसका ड्रॉ हो चुका हो; हर टूर्नामेंट ख़त्म होने पर पॉइंट मिलते हैं।`,
  caption: (size) => `सीज़न के टॉप ${size} खिलाड़ी`,
  columns: { player: 'खिलाड़ी', points: 'पॉइंट', rating: 'रेटिंग', events: 'टूर्नामेंट' },
  belowTop: (size) => `आपकी रैंक, टॉप ${size} के नीचे:`,
  pointsHeading: 'सीज़न पॉइंट',
  pointsRule:
    'हर ख़त्म हुआ टूर्नामेंट खिलाड़ी को उसके पहुँचे स्थान के हिसाब से पॉइंट देता है, उसकी सीरीज़ की टेबल से। डिसक्वालिफ़ाई हुए या एक भी मैच न खेलने वाले खिलाड़ी को कोई पॉइंट नहीं मिलता। बराबरी पर पहले रेटिंग, फिर खेले गए टूर्नामेंट, फिर नाम फ़ैसला करते हैं।',
  loadingTables: 'टेबल लोड हो रही हैं…',
  place: (range) => (range === null ? 'चेक-इन करके खेले' : `नंबर ${range}`),
};

export default hi;
