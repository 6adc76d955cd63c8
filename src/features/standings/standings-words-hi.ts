/**
 * The Hindi words of standings-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts).
 * Follows docs/hindi-glossary.md.
 */
import { type PayoutRecordRow, type PayoutRecordStatus, timeLeft } from './payout-record';
import type { StandingBand } from './standings';
import type { StandingsWords } from './standings-words';

const HINDI_STATUS: Record<PayoutRecordStatus, string> = {
  waiting: 'इंतज़ार',
  held: 'रुका हुआ',
  forfeited: 'ज़ब्त',
  credited: 'जमा',
  paid: 'भुगतान हुआ',
};

/** "23 घंटे 05 मिनट" from the same countdown as the English "23 h 05 min". */
const timeLeftHi = (target: number, now: number) =>
  timeLeft(target, now)
    .replace(/(\d+) h/, '$1 घंटे')
    .replace(/(\d+) min/, '$1 मिनट')
    .replace(/(\d+) s$/, '$1 सेकंड');

function detailHi(row: PayoutRecordRow, now: number, when: (at: string) => string): string {
  switch (row.status) {
    case 'waiting': {
      const due = row.due_at ? Date.parse(row.due_at) : Number.NaN;
      if (Number.isNaN(due)) return 'चैलेंज विंडो के बाद जमा होगा';
      return due > now ? `${timeLeftHi(due, now)} में जमा होगा, जब चैलेंज विंडो ख़त्म होगी` : 'अभी जमा हो रहा है';
    }
    case 'held':
      return 'स्टाफ़ के विवाद या पेमेंट चार्जबैक पर फ़ैसले तक रुका हुआ';
    case 'forfeited':
      return 'भुगतान नहीं हुआ: एंट्री डिसक्वालिफ़ाई या रिफ़ंड हुई, और प्राइज़ आगे नहीं दिया जाता';
    case 'credited':
      return row.credited_at ? `${when(row.credited_at)} से खिलाड़ी के बैलेंस में` : 'खिलाड़ी के बैलेंस में';
    case 'paid':
      return row.paid_at ? `${when(row.paid_at)} को भुगतान हुआ` : 'भुगतान हुआ';
  }
}

function bandTitleHi(band: Pick<StandingBand, 'from' | 'to'>): string {
  if (band.from === 1) return 'चैंपियन';
  if (band.from === 2) return 'उपविजेता';
  if (band.from === 3 && band.to === 4) return 'सेमीफ़ाइनल';
  if (band.from === 5 && band.to === 8) return 'क्वार्टर फ़ाइनल';
  return `राउंड ऑफ़ ${band.to} में बाहर`;
}

const hi: StandingsWords = {
  cancelled: 'यह टूर्नामेंट रद्द हो गया: इसकी कोई स्टैंडिंग नहीं है।',
  appearLater: 'फ़ाइनल पक्का होने पर स्टैंडिंग यहाँ दिखेगी: हर खिलाड़ी का स्थान उस राउंड से, जिसमें वह बाहर हुआ।',
  loading: 'स्टैंडिंग लोड हो रही है…',
  final: 'फ़ाइनल:',
  aPlayer: 'एक खिलाड़ी',
  place: (label) => label.replace(/(\d+)(?:st|nd|rd|th)/g, '$1'),
  bandTitle: bandTitleHi,
  prizesPaid: 'दिए गए प्राइज़',
  prizesLead: 'इस टूर्नामेंट का हर प्राइज़ और उसकी स्थिति: चैलेंज विंडो ख़त्म होने पर विजेता के बैलेंस में जमा, और विजेता की निकासी पहुँचने पर भुगतान।',
  prizesCancelled: 'यह टूर्नामेंट रद्द हो गया: इसमें कोई प्राइज़ नहीं दिया जाएगा।',
  prizesLater: 'फ़ाइनल के बाद प्राइज़ यहाँ दिखेंगे।',
  loadingPrizes: 'प्राइज़ लोड हो रहे हैं…',
  noCashPrizes: 'इस टूर्नामेंट में कैश प्राइज़ नहीं है।',
  columns: { place: 'स्थान', player: 'खिलाड़ी', prize: 'प्राइज़', status: 'स्थिति' },
  status: (status) => HINDI_STATUS[status],
  detail: detailHi,
};

export default hi;
