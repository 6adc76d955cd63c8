/** The Hindi words of record-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import { reasonIn } from '@/lib/i18n/reason-lookup';
import { PAYMENT_REASONS_HI } from '@/lib/i18n/reasons-hi/payment';
import { WITHDRAW_REASONS_HI } from '@/lib/i18n/reasons-hi/withdraw';
import { isCharged, isDeclined, type HistoryRow } from './account';
import type { PaymentRowWords, RecordWords } from './record-words';

const PAYMENT_STATUS: Record<string, string> = {
  created: 'बाकी',
  paid: 'पेड',
  failed: 'नहीं हुआ',
  cancelled: 'रद्द',
  abandoned: 'अधूरा छोड़ा',
  refund_pending: 'रिफ़ंड जारी',
  refunded: 'रिफ़ंड हुआ',
};

/**
 * payment-history.ts `paymentNote` in Hindi, from the same facts. The reasons the database writes are English
 * sentences with a code beside them: the Hindi line words the code (reason-words-hi.ts). A bank's own words (a
 * decline's cause) have no code, and a row without one says what happened to the money from its status.
 */
function noteHi({ payment, outcome }: HistoryRow): string | null {
  if (isDeclined(payment)) return 'बैंक ने पेमेंट डिक्लाइन कर दिया। कोई पैसा नहीं कटा।';
  if (payment.status === 'paid' && outcome && outcome.withdrawn > 0) {
    const which =
      outcome.withdrawn === outcome.slots
        ? outcome.slots === 1
          ? 'एंट्री वापस ली गई'
          : 'सभी एंट्री वापस ली गईं'
        : `${outcome.slots} में से ${outcome.withdrawn} एंट्री वापस ली ${outcome.withdrawn === 1 ? 'गई' : 'गईं'}`;
    const disqualified = outcome.withdraw_reason_code === 'disqualified' || /^Disqualified/i.test(outcome.withdraw_reason?.trim() ?? '');
    const why = reasonIn(WITHDRAW_REASONS_HI, outcome.withdraw_reason_code);
    return `${which}${why ? `: ${why.replace(/।$/, '')}` : ''}। ${
      disqualified
        ? 'डिसक्वालिफ़ाई हुई एंट्री का रिफ़ंड नहीं होता।'
        : 'इसकी फ़ीस वापस नहीं होगी: रिफ़ंड पॉलिसी उस एंट्री का रिफ़ंड नहीं करती जिसका चेक-इन नहीं हुआ।'
    }`;
  }
  // The database gives a reason only for the statuses it explains; its code's words, else the same by the status.
  if (!payment.status_reason?.trim()) return null;
  const why = reasonIn(PAYMENT_REASONS_HI, payment.status_reason_code);
  if (why) return why;
  if (payment.status === 'refunded') return 'इस पेमेंट से कोई एंट्री नहीं मिली और पूरा पैसा रिफ़ंड कर दिया गया है।';
  if (payment.status === 'refund_pending') return 'इस पेमेंट से कोई एंट्री नहीं मिली; पूरा रिफ़ंड रास्ते में है।';
  if (payment.status === 'paid') return 'इस पेमेंट का कुछ हिस्सा रिफ़ंड किया गया है।';
  if (!isCharged(payment)) return 'यह पेमेंट पूरा नहीं हुआ। कोई पैसा नहीं कटा।';
  return null;
}

const payments: PaymentRowWords = {
  columns: { tournament: 'टूर्नामेंट', paymentId: 'पेमेंट ID', amount: 'रकम', date: 'तारीख़', status: 'स्टेटस' },
  slots: (count) => `${count} स्लॉट`,
  declined: 'डिक्लाइन',
  notCharged: 'पैसा नहीं कटा',
  attemptNotCharged: (amount) => `${amount} नहीं कटे`,
  folded: (count) => `${count} कोशिश${count === 1 ? '' : 'ें'}, पैसा नहीं कटा`,
  status: (status) => PAYMENT_STATUS[status.trim().toLowerCase()] ?? status.replace(/_/g, ' '),
  note: noteHi,
};

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
  frame: {
    title: 'आपका रिकॉर्ड',
    earnings: 'कमाई और पेमेंट',
    lead: 'आपको जमा हुई प्राइज़ मनी और हर टूर्नामेंट में आपके कन्फ़र्म हुए मैच।',
    publicPage: 'अपना पब्लिक प्लेयर पेज देखें',
    publicPageNote: '(दूसरे खिलाड़ी क्या देखते हैं: रेटिंग और रिकॉर्ड)',
  },
  statsLoadFailed: 'आपके आँकड़े लोड नहीं हो सके',
  loadingPayments: 'आपके पेमेंट लोड हो रहे हैं',
  paymentsLoadFailed: 'आपके पेमेंट लोड नहीं हो सके',
  noPayments: 'कोई पेमेंट नहीं मिला।',
  payments,
};

export default hi;
