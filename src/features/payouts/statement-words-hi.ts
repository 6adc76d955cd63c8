/**
 * The Hindi words of statement-words.ts, in a chunk of their own: only Hindi pages load them. The glossary's
 * words: टैक्स, नेट विनिंग्स, वित्त वर्ष, निकासी; PAN, TAN and UTR stay in Latin letters.
 */
import type { StatementWords } from './statement-words';

/**
 * payouts.ts `netWinningsRule` in Hindi order, the same rule part by part (Rule 133): the rate, what is taken off
 * at each withdrawal, then the year's end.
 */
const ruleHi = (taxRatePercent: number): string =>
  `टैक्स नेट विनिंग्स का ${taxRatePercent}% है: हर निकासी पर, निकाली गई रकम में से इस वित्त वर्ष में भरी एंट्री फ़ीस और आपका शुरुआती बैलेंस घटाकर, ` +
  'और उस साल की पिछली निकासियों में गिनी जा चुकी रकम भी घटाकर; साल के अंत में, जो बचा है उस पर।';

const hi: StatementWords = {
  heading: 'सालाना टैक्स स्टेटमेंट',
  financialYear: 'वित्त वर्ष',
  loading: 'आपका स्टेटमेंट लोड हो रहा है',
  // The load's sentence is the database's or the browser's English: the Hindi page says what happened.
  loadFailed: () => 'आपका स्टेटमेंट लोड नहीं हो सका। पेज को रीफ़्रेश करके फिर से कोशिश करें।',
  period: (year) => `वित्त वर्ष ${year} (1 अप्रैल से 31 मार्च)`,
  name: 'नाम',
  pan: 'PAN',
  panNotGiven: 'अभी नहीं दिया',
  tan: 'टैक्स काटने वाले का TAN',
  tanNotSet: 'अभी तय नहीं',
  opening: 'शुरुआती बैलेंस (1 अप्रैल)',
  winnings: 'विनिंग्स',
  entryFees: 'भरी गई एंट्री फ़ीस (रिफ़ंड घटाकर)',
  netTaxed: 'टैक्स लगी नेट विनिंग्स',
  taxWithheld: 'काटा गया टैक्स',
  taxToBeWithheld: 'काटा जाने वाला टैक्स (पेआउट अभी प्रोसेस नहीं हुआ)',
  closing: 'आख़िरी बैलेंस',
  rule: ruleHi,
  caption: (year) => `वित्त वर्ष ${year} की निकासी`,
  columns: { date: 'तारीख़', gross: 'कुल', tax: 'टैक्स', net: 'नेट', status: 'स्टेटस', utr: 'UTR' },
  download: 'स्टेटमेंट डाउनलोड करें (CSV)',
  print: 'प्रिंट करें / PDF में सेव करें',
};

export default hi;
