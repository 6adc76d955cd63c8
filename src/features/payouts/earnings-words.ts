/**
 * The words of My Earnings (its heading, sections, the five tiles and their tax lines) in both languages, read by
 * the island through the page's language store (lib/i18n/use-messages). Amounts are formatted by the caller
 * (₹ with lakh grouping in both languages); the sentences take them as arguments. Hindi follows
 * docs/hindi-glossary.md (TDS stays "टैक्स", the Income Tax Department keeps its Hindi name).
 */
export const EARNINGS_WORDS = {
  en: {
    taxToBeWithheld: 'Tax to be withheld',
    withheldWhenProcessed: 'Withheld when your payout is processed',
    taxWithheld: 'Tax withheld',
    paidToDepartment: 'Paid to the Income Tax Department',
    paidAndMoreToWithhold: (more: string) => `Paid to the Income Tax Department; ${more} more to be withheld when your payout is processed`,
    afterTax: (amount: string) => `${amount} after tax if you withdraw it all`,
    yoursToWithdraw: 'Yours to withdraw',
    balance: 'Balance',
    won: 'Won',
    prizesCredited: 'Prizes credited',
    paidOut: 'Paid out',
    sentToUpi: 'Sent to your UPI id',
    pending: 'Pending',
    pendingNote: 'Prizes being confirmed, payouts on their way',
    pageEyebrow: 'Your record',
    pageTitle: 'My Earnings & Statistics',
    pageDescription: 'Your prize money, match statistics and payment history.',
    pageLead: 'Prize money you have won, how your matches went and every entry fee you have paid.',
    paymentHistory: 'Payment History',
    yourRecord: 'Your record',
  },
  hi: {
    taxToBeWithheld: 'काटा जाने वाला टैक्स',
    withheldWhenProcessed: 'पेआउट प्रोसेस होने पर काटा जाएगा',
    taxWithheld: 'काटा गया टैक्स',
    paidToDepartment: 'आयकर विभाग को जमा किया गया',
    paidAndMoreToWithhold: (more: string) => `आयकर विभाग को जमा किया गया; पेआउट प्रोसेस होने पर ${more} और काटे जाएँगे`,
    afterTax: (amount: string) => `पूरा निकालने पर टैक्स के बाद ${amount}`,
    yoursToWithdraw: 'निकालने के लिए आपका',
    balance: 'बैलेंस',
    won: 'जीता',
    prizesCredited: 'जमा हुए प्राइज़',
    paidOut: 'भुगतान हुआ',
    sentToUpi: 'आपकी UPI id पर भेजा गया',
    pending: 'बाकी',
    pendingNote: 'प्राइज़ की पुष्टि हो रही है, पेआउट रास्ते में हैं',
    pageEyebrow: 'आपका रिकॉर्ड',
    pageTitle: 'मेरी कमाई और आँकड़े',
    pageDescription: 'आपकी प्राइज़ मनी, मैच के आँकड़े और पेमेंट हिस्ट्री।',
    pageLead: 'आपने कितनी प्राइज़ मनी जीती, आपके मैच कैसे रहे, और आपकी भरी हर एंट्री फ़ीस।',
    paymentHistory: 'पेमेंट हिस्ट्री',
    yourRecord: 'आपका रिकॉर्ड',
  },
} satisfies Record<'en' | 'hi', Record<string, string | ((amount: string) => string)>>;
