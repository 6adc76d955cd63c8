/** The Hindi words of record-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { RecordWords } from './record-words';

const hi: RecordWords = {
  totalEarnings: 'कुल कमाई',
  prizeMoneyWon: 'जीती गई प्राइज़ मनी',
  matchesPlayed: 'खेले गए मैच',
  acrossAll: 'सभी टूर्नामेंट में',
  matchesWon: 'जीते गए मैच',
  noMatches: 'अभी कोई मैच नहीं',
  winRate: (percent) => `${percent}% जीत दर`,
  goalsScored: 'किए गए गोल',
  perMatch: (average) => `हर मैच में ${average}`,
  record: {
    winnings: 'विनिंग्स',
    prizeMoneyWon: 'जीती गई प्राइज़ मनी',
    noMatches: 'अभी कोई मैच नहीं',
    matches: 'मैच',
    confirmed: 'पक्के रिज़ल्ट',
    wins: 'जीत',
    lost: (count) => `${count} हारे`,
    winRate: 'जीत दर',
    ofPlayed: 'खेले गए मैचों में से',
    goals: 'गोल',
    forAgainst: (scored, conceded) => `${scored} किए, ${conceded} खाए`,
    titles: 'ख़िताब',
    tournamentsWon: () => 'जीते गए टूर्नामेंट',
  },
  statsLoadFailed: 'आपके आँकड़े लोड नहीं हो सके',
  loadingPayments: 'आपके पेमेंट लोड हो रहे हैं',
  paymentsLoadFailed: 'आपके पेमेंट लोड नहीं हो सके',
  noPayments: 'कोई पेमेंट नहीं मिला।',
};

export default hi;
