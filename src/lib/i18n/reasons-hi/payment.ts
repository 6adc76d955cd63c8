/** Why a payment bought no entry (get_my_payments' status_reason_code): My Earnings' payment history. In Hindi, for Hindi chunks only (reason-words.ts says where the codes are listed). */
import type { PaymentReasonCode } from '../reason-words';

const FULL_REFUND = 'आपका पूरा पेमेंट रिफ़ंड कर दिया गया है।';
const THIS_REFUNDED = 'यह पेमेंट पूरा रिफ़ंड कर दिया गया है।';
const WAITLIST_REFUNDED = 'आपका वेटलिस्ट पेमेंट पूरा रिफ़ंड कर दिया गया है।';

export const PAYMENT_REASONS_HI: Record<PaymentReasonCode, string> = {
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
};
