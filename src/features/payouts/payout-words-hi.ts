/**
 * The Hindi words of payout-words.ts, in a chunk of their own: only Hindi pages load them
 * (lib/i18n/island-words.ts). The tax line is reckoned from the same figures as payouts.ts `taxReckoningLine`,
 * in Hindi order (the amounts first, then what is taken off, then the rate); the glossary's words: टैक्स,
 * नेट विनिंग्स, वित्त वर्ष, निकासी.
 */
import { formatDateTimeIn } from '@/lib/i18n/format';
import { reasonIn } from '@/lib/i18n/reason-lookup';
import { KYC_REASONS_HI } from '@/lib/i18n/reasons-hi/kyc';
import { formatPaiseExact, formatRupees } from '@/lib/format';
import { PAYOUT_APPROVAL_ABOVE_PAISE } from '@/lib/rules';
import type { PayoutWords } from './payout-words';
import { amountProblem, type KycStatus, PAYOUT_MESSAGES, panProblem, upiIdProblem } from './payouts';

const KYC: Record<KycStatus, string> = { pending: 'जाँच जारी', verified: 'वेरिफ़ाइड', rejected: 'वेरिफ़ाई नहीं हुआ', none: 'शुरू नहीं हुआ' };

const ON_ITS_WAY = new Set(['approved', 'queued', 'pending', 'scheduled', 'processing']);
const RETURNED = new Set(['reversed', 'cancelled', 'rejected', 'failed']);

function statusHi(status: string): string {
  if (status === 'awaiting_approval') return 'मंज़ूरी का इंतज़ार';
  if (ON_ITS_WAY.has(status)) return 'प्रोसेस हो रहा है';
  const words: Record<string, string> = {
    processed: 'भेज दिया गया',
    reversed: 'वापस आया',
    cancelled: 'रद्द',
    rejected: 'अस्वीकार',
    failed: 'नहीं हो सका',
  };
  return words[status] ?? status.replace(/_/g, ' ');
}

const noteHi: PayoutWords['payoutNote'] = (payout, now = new Date()) => {
  if (payout.status === 'awaiting_approval') {
    const why = `हर पहली निकासी और ${formatRupees(PAYOUT_APPROVAL_ABOVE_PAISE / 100)} से ऊपर की हर निकासी भेजने से पहले जाँची जाती है।`;
    if (!payout.approval_due_at) return `एक एडमिन इसे मंज़ूर करता है: ${why}`;
    const due = formatDateTimeIn('hi', payout.approval_due_at);
    return new Date(payout.approval_due_at).getTime() < now.getTime()
      ? `एक एडमिन को इसे ${due} तक मंज़ूर करना था और देर हो रही है; पैसा आपके लिए अलग रखा है। क्यों: ${why}`
      : `एक एडमिन इसे ${due} तक मंज़ूर करेगा: ${why}`;
  }
  if (payout.delayed && ON_ITS_WAY.has(payout.status))
    return 'देरी: पेमेंट सर्विस ने जवाब देना बंद कर दिया, और हमारी टीम इसे फिर से भेज रही है। पैसा आपके लिए अलग रखा है।';
  if (ON_ITS_WAY.has(payout.status)) return 'आपकी UPI id पर भेजा गया। ज़्यादातर पेआउट कुछ ही मिनटों में पहुँच जाते हैं।';
  // The failure's reason is the payment service's English words: the Hindi line says where the money is.
  if (RETURNED.has(payout.status)) return 'रकम और उसका टैक्स आपके बैलेंस में वापस आ गए हैं।';
  return null;
};

const reckoningHi: PayoutWords['withdraw']['reckoning'] = (preview) => {
  const r = preview.reckoning;
  const money = formatPaiseExact;
  const withdrawn =
    r.withdrawn_paise === preview.gross_paise
      ? `इस निकासी के ${money(r.withdrawn_paise)}`
      : `इस वित्त वर्ष में निकाले गए ${money(r.withdrawn_paise)} (यह निकासी मिलाकर)`;
  const less = [
    r.entry_fees_paise > 0 ? `इस वित्त वर्ष में भरी एंट्री फ़ीस के ${money(r.entry_fees_paise)}` : null,
    r.opening_balance_paise > 0 ? `1 अप्रैल का आपका शुरुआती बैलेंस ${money(r.opening_balance_paise)}` : null,
    r.already_counted_paise > 0 ? `इस साल की पिछली निकासियों में गिने जा चुके ${money(r.already_counted_paise)}` : null,
  ].filter((part): part is string => part !== null);
  const tax = `टैक्स उसका ${preview.tax_rate_percent}% है: ${money(preview.tax_paise)}।`;
  if (less.length === 0) {
    return `${withdrawn} पूरे नेट विनिंग्स हैं: इस वित्त वर्ष में आपने कोई एंट्री फ़ीस नहीं भरी और घटाने के लिए कोई शुरुआती बैलेंस नहीं था। ${tax}`;
  }
  const reckoned = `नेट विनिंग्स = ${withdrawn}, घटाएँ ${less.join(', घटाएँ ')}`;
  if (r.net_winnings_paise <= 0) return `${reckoned}: टैक्स के लिए कुछ नहीं बचता, इसलिए कोई टैक्स नहीं कटता।`;
  return `${reckoned}: ${money(r.net_winnings_paise)}। ${tax}`;
};

/** The form's own problems, keyed by the English sentence payouts.ts gives for each (the same checks). */
const PROBLEMS: Record<string, string> = Object.fromEntries(
  [
    [panProblem(''), 'अपना PAN डालें।'],
    [panProblem('ABC'), 'PAN में 10 अक्षर होते हैं: पाँच अक्षर, चार अंक, फिर एक अक्षर (जैसे ABCPE1234F)।'],
    [panProblem('ABCCE1234F'), 'निजी PAN का चौथा अक्षर P होता है। प्राइज़ सिर्फ़ आपके अपने PAN पर दिए जा सकते हैं, किसी कंपनी या फ़र्म के PAN पर नहीं।'],
    [upiIdProblem(''), 'अपनी UPI id डालें।'],
    [upiIdProblem('name'), 'UPI id में @ होता है, जैसे yourname@okbank।'],
    [upiIdProblem('na me@bank'), 'अपनी UPI id जाँचें: अक्षर, अंक, बिंदु, डैश या अंडरस्कोर, फिर @ और आपके बैंक का हैंडल।'],
    [amountProblem(null, 0), 'रुपयों में रकम डालें, जैसे 500 या 499.50।'],
    [PAYOUT_MESSAGES.invalid_amount, 'शून्य से ज़्यादा रकम डालें।'],
    [PAYOUT_MESSAGES.insufficient_balance, 'यह आपके बैलेंस से ज़्यादा है।'],
  ].filter((pair): pair is [string, string] => typeof pair[0] === 'string'),
);

const hi: PayoutWords = {
  prizeMoney: 'प्राइज़ मनी',
  loadingDetails: 'आपकी निकासी की जानकारी लोड हो रही है',
  kyc: {
    heading: 'PAN और UPI id',
    status: (status) => KYC[status],
    upiId: 'UPI id',
    withdrawals: 'निकासी',
    pausedUntil: (when) => `आपकी UPI id बदलने के बाद ${when} तक रुकी है`,
    checking: 'हम आपका PAN आपके कानूनी नाम से और आपकी UPI id आपके बैंक से जाँच रहे हैं। आमतौर पर इसमें एक मिनट लगता है; यह पेज अपने आप अपडेट होता है।',
    intro:
      'पहली निकासी से पहले कानून के हिसाब से आपका PAN चाहिए (टैक्स उसी पर काटा जाता है) और पेमेंट के लिए हमें आपकी UPI id चाहिए। PAN पर लिखा नाम आपकी प्रोफ़ाइल के कानूनी नाम से मिलना चाहिए।',
    couldNotVerify: 'हम ये जानकारी वेरिफ़ाई नहीं कर सके।',
    // The database's sentence (or the UPI check's own) is English: its code's words, else what happened.
    rejectedBecause: (_reason, code) => reasonIn(KYC_REASONS_HI, code) ?? 'हम ये जानकारी वेरिफ़ाई नहीं कर सके।',
    sendAgain: 'इन्हें जाँचें और फिर से भेजें।',
    panHint: '10 अक्षर, जैसे ABCPE1234F',
    upiHint: 'जैसा आपका UPI ऐप दिखाता है, जैसे yourname@okaxis',
    sending: 'भेज रहे हैं…',
    verify: 'PAN और UPI id वेरिफ़ाई करें',
  },
  withdraw: {
    heading: 'पैसे निकालें',
    amount: 'रकम (₹)',
    upTo: (amount, held) => (held ? `ज़्यादा से ज़्यादा ${amount}।` : `आपके बैलेंस ${amount} तक।`),
    all: 'पूरा निकालें',
    workingOut: 'टैक्स का हिसाब हो रहा है…',
    seeTax: 'टैक्स और रकम देखें',
    empty: 'आपका बैलेंस ख़ाली है: टूर्नामेंट के रिज़ल्ट अंतिम होने पर प्राइज़ यहाँ दिखते हैं।',
    fromBalance: 'आपके बैलेंस से निकासी',
    taxWithheld: (rate) => `काटा गया टैक्स (नेट विनिंग्स का ${rate}%)`,
    youReceive: (upiId) => (upiId ? `${upiId} पर आपको मिलेंगे` : 'आपको मिलेंगे'),
    reckoning: reckoningHi,
    paidToGovernment: 'यह आपके PAN पर सरकार को जमा किया जाता है और आपके सालाना स्टेटमेंट में दिखता है।',
    change: 'रकम बदलें',
    confirm: 'निकासी पक्की करें',
    sending: 'भेज रहे हैं…',
    requested: (gross, net) => `${gross} की निकासी का अनुरोध हो गया: आपको ${net} मिलेंगे।`,
    another: 'एक और निकासी करें',
    holdNote: (holds) => {
      if (holds.held_paise <= 0) return null;
      const titles = [...new Set(holds.chargebacks.map((c) => c.tournament_title).filter((t): t is string => Boolean(t)))];
      const payment = titles.length > 0 ? `${titles.join(' और ')} में आपकी एंट्री के पेमेंट` : 'आपकी एक एंट्री के पेमेंट';
      return (
        `आपके बैलेंस के ${formatPaiseExact(holds.held_paise)} रुके हुए हैं: ${payment} पर एक बैंक चार्जबैक (कार्ड या UPI पेमेंट पर विवाद) की जाँच कर रहा है। ` +
        `आप अभी ${formatPaiseExact(holds.available_paise)} तक निकाल सकते हैं। बैंक का फ़ैसला हमारे पक्ष में आया तो रोक हट जाएगी; पेमेंट वापस हुआ तो रुकी रकम आपके बैलेंस से ली जाएगी।`
      );
    },
  },
  history: {
    heading: 'निकासी',
    loading: 'आपकी निकासी लोड हो रही है',
    none: 'अभी तक कोई निकासी नहीं।',
    less: (gross, tax) => `${gross} में से ${tax} टैक्स घटाकर`,
    utr: 'बैंक रेफ़रेंस (UTR):',
  },
  payoutStatus: statusHi,
  payoutNote: noteHi,
  problem: (english) => (english === null ? null : (PROBLEMS[english] ?? english)),
};

export default hi;
