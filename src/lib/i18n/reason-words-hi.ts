/**
 * reason-words.ts in Hindi: the database's reasons by their codes, in the glossary's words (docs/hindi-glossary.md).
 * Imported only by Hindi chunks (the *-words-hi.ts modules), so English pages never download it.
 */
import type { ReasonWords } from './reason-words';

const FULL_REFUND = 'आपका पूरा पेमेंट रिफ़ंड कर दिया गया है।';
const THIS_REFUNDED = 'यह पेमेंट पूरा रिफ़ंड कर दिया गया है।';
const WAITLIST_REFUNDED = 'आपका वेटलिस्ट पेमेंट पूरा रिफ़ंड कर दिया गया है।';
const ENTRY_FEE_REFUNDED = 'आपकी एंट्री फ़ीस पूरी रिफ़ंड की जाती है।';
const ITS_FEE_REFUNDED = 'इसकी फ़ीस पूरी रिफ़ंड की जाती है।';

const MISSED = 'चेक-इन बंद होने से पहले आपने चेक-इन नहीं किया।';
const UNCLAIMED = 'चेक-इन बंद होने से पहले किसी ने यह जगह स्वीकार नहीं की।';
const CLOSED_EARLY = 'आपके चेक-इन करने से पहले ही आयोजकों ने चेक-इन जल्दी बंद कर दिया।';
const CLOSED_EARLY_UNCLAIMED = 'किसी के यह जगह स्वीकार करने से पहले ही चेक-इन जल्दी बंद कर दिया गया।';

export const REASON_WORDS_HI: ReasonWords = {
  withdraw: {
    missed_check_in: MISSED,
    missed_check_in_refunded: `${MISSED} ${ENTRY_FEE_REFUNDED}`,
    place_unclaimed: UNCLAIMED,
    place_unclaimed_refunded: `${UNCLAIMED} ${ITS_FEE_REFUNDED}`,
    closed_early: CLOSED_EARLY,
    closed_early_refunded: `${CLOSED_EARLY} ${ENTRY_FEE_REFUNDED}`,
    closed_early_unclaimed: CLOSED_EARLY_UNCLAIMED,
    closed_early_unclaimed_refunded: `${CLOSED_EARLY_UNCLAIMED} ${ITS_FEE_REFUNDED}`,
    disqualified: 'रेफ़री ने डिसक्वालिफ़ाई कर दिया।',
    parental_consent_withdrawn: 'माता-पिता ने अपनी सहमति वापस ले ली।',
  },
  payment: {
    tournament_full: `आपका पेमेंट पक्का होने से पहले टूर्नामेंट भर गया। ${FULL_REFUND}`,
    order_replaced: `आपने इस टूर्नामेंट के लिए नया चेकआउट खोला था। ${THIS_REFUNDED}`,
    order_expired: `पेमेंट पहुँचने तक आपका चेकआउट एक्सपायर हो चुका था। ${FULL_REFUND}`,
    registration_closed: `पेमेंट पहुँचने तक रजिस्ट्रेशन बंद हो चुका था। ${FULL_REFUND}`,
    already_registered: `आप इस टूर्नामेंट के लिए पहले से रजिस्टर्ड थे। ${THIS_REFUNDED}`,
    order_already_paid: 'इस ऑर्डर का पेमेंट पहले ही हो चुका था। यह दूसरा पेमेंट पूरा रिफ़ंड कर दिया गया है।',
    tournament_cancelled: `टूर्नामेंट रद्द हो गया। ${FULL_REFUND}`,
    waitlist_full: `आपका पेमेंट पक्का होने से पहले वेटलिस्ट भर गई। ${FULL_REFUND}`,
    waitlist_closed: `पेमेंट पहुँचने तक वेटलिस्ट बंद हो चुकी थी। ${FULL_REFUND}`,
    already_on_waitlist: `आप पहले से इस वेटलिस्ट पर थे। ${THIS_REFUNDED}`,
    not_full: `आपका वेटलिस्ट पेमेंट पहुँचने तक एक जगह खाली हो गई थी, पर रजिस्ट्रेशन बंद हो चुका था। ${FULL_REFUND}`,
    not_promoted: `ड्रॉ से पहले आपके लिए कोई जगह खाली नहीं हुई। ${WAITLIST_REFUNDED}`,
    left_waitlist: `आपने वेटलिस्ट छोड़ दी। ${WAITLIST_REFUNDED}`,
    missed_pod_check_in: `पॉड के चेक-इन के दौरान आपने चेक-इन नहीं किया। ${FULL_REFUND}`,
    paid_entry_disabled: `आपका पेमेंट पहुँचने से पहले इस साइट पर पेड एंट्री बंद कर दी गई थी। ${FULL_REFUND}`,
    checkout_closed: 'पेमेंट पहुँचने से पहले चेकआउट बंद हो गया या उसका समय ख़त्म हो गया।',
    cancelled_before_payment: 'इस चेकआउट का पेमेंट होने से पहले ही टूर्नामेंट रद्द हो गया।',
    replaced_by_newer_checkout: 'इसी टूर्नामेंट के नए चेकआउट ने इसकी जगह ले ली।',
    chargeback: 'आपके बैंक ने चार्जबैक से यह पेमेंट आपको लौटा दिया, इसलिए अलग से रिफ़ंड नहीं भेजा जाता।',
    refunded_by_organisers: 'आयोजकों ने यह पेमेंट रिफ़ंड किया।',
    partly_refunded: 'इस पेमेंट का कुछ हिस्सा रिफ़ंड किया गया; आपकी एंट्री बनी रहती है।',
    payment_failed: 'पेमेंट नहीं हुआ।',
  },
  kyc: {
    pan_not_verified:
      'यह PAN आपके अकाउंट के लिए वेरिफ़ाई नहीं हो सका। इसे अपने PAN कार्ड से मिलाएँ, और देखें कि यहाँ आपका कानूनी नाम ठीक वैसा ही है जैसा उस पर छपा है, फिर दोबारा भेजें। दोनों सही हों, तो सपोर्ट को लिखें।',
    upi_not_verified: 'यह UPI id वेरिफ़ाई नहीं हो सका: इसे अपने UPI ऐप में देखें और दोबारा भेजें।',
    check_late: 'आपके PAN या UPI id की जाँच में ज़रूरत से ज़्यादा समय लग रहा है: हमारी टीम इसे दोबारा कर रही है। आपको फिर से भेजने की ज़रूरत नहीं है।',
  },
  cancel: {
    pod_not_filled: 'डेडलाइन से पहले पूरे खिलाड़ी नहीं जुड़े। हर एंट्री रिफ़ंड कर दी गई है।',
    too_few_checked_in: 'दो से कम खिलाड़ियों ने चेक-इन किया, इसलिए टूर्नामेंट नहीं खेला जा सका। हर पेड एंट्री रिफ़ंड कर दी गई है।',
  },
};
