/**
 * The Hindi words of deletion-words.ts, in a chunk of their own: only Hindi pages load them
 * (lib/i18n/island-words.ts). What must be settled before a deletion is said from the same blocker as the English
 * (account-deletion.ts blockerText), its links the same routes; the retention years are the English text's.
 */
import { ROUTES } from '@/lib/routes';
import type { BlockerText, DeletionBlocker } from './account-deletion';
import type { DeletionWords } from './deletion-words';

/** The database's interval text ("7 days", "1 day", "48 hours") in Hindi; anything else as written. */
function graceHi(grace: string): string {
  const units: Record<string, string> = { day: 'दिन', hour: 'घंटे', week: 'हफ़्ते', mon: 'महीने' };
  return grace.replace(/(\d+)\s*(day|hour|week|mon)[a-z]*/gi, (_, n: string, unit: string) => `${n} ${units[unit.toLowerCase()] ?? unit}`);
}

const earnings = { label: 'My Earnings पर जाएँ', href: ROUTES.myEarnings.path };

/** account-deletion.ts `blockerText` in Hindi, case by case. */
function blockerHi(blocker: DeletionBlocker, formatPaise: (paise: number) => string, balancePaise: number): BlockerText {
  const tournament = blocker.detail ?? 'एक टूर्नामेंट';
  if (blocker.hint === 'open_play' && blocker.waitlist_tournament_id) {
    return {
      title: `आप ${tournament} की वेटलिस्ट में हैं`,
      body: 'अकाउंट डिलीट करने के लिए वेटलिस्ट छोड़ें। पेड जगह का पूरा रिफ़ंड होता है; रिफ़ंड आप तक पहुँचने के बाद आप अकाउंट डिलीट कर सकते हैं।',
      action: null,
    };
  }
  if (blocker.hint === 'open_play') {
    return {
      title: `आप अभी ${tournament} में खेल रहे हैं`,
      body: 'पहले आपकी एंट्री, उसके मैच और कोई भी प्राइज़ पूरे होने चाहिए। टूर्नामेंट पूरा होने (प्राइज़ जमा होने) या रद्द होने के बाद आप अकाउंट डिलीट कर सकते हैं।',
      action: { label: 'My Tournaments पर जाएँ', href: ROUTES.myTournaments.path },
    };
  }
  if (blocker.hint === 'last_admin') {
    return {
      title: 'आप प्लेटफ़ॉर्म के आख़िरी एडमिन हैं',
      body: 'किसी को पेआउट मंज़ूर करने और रोल देने लायक होना चाहिए। स्टाफ़ कंसोल में किसी और को एडमिन रोल दें, फिर लौटें।',
      action: { label: 'स्टाफ़ कंसोल खोलें', href: ROUTES.staff.path },
    };
  }
  switch (blocker.detail) {
    case 'payout':
      return {
        title: 'एक निकासी आपके पास आ रही है',
        body: 'उसके आपके बैंक खाते में पहुँचने तक रुकें (My Earnings में उसका स्टेटस दिखता है), फिर अकाउंट डिलीट करें।',
        action: earnings,
      };
    case 'chargeback':
      return {
        title: 'आपके एक पेमेंट पर आपके बैंक में विवाद चल रहा है',
        body: 'बैंक के विवाद का फ़ैसला होने के बाद हम आपका अकाउंट डिलीट कर सकते हैं। मदद चाहिए तो सपोर्ट को लिखें।',
        action: null,
      };
    case 'prize':
      return {
        title: 'आपका एक प्राइज़ अभी जमा नहीं हुआ है',
        body: 'वह चैलेंज विंडो ख़त्म होने का इंतज़ार कर रहा है, या स्टाफ़ किसी पेमेंट की जाँच तक रोके हुए है। जमा होने पर उसे निकालें, फिर अकाउंट डिलीट करें।',
        action: earnings,
      };
    case 'refund':
      return {
        title: 'आपका एक रिफ़ंड रास्ते में है',
        body: 'Razorpay से पैसा आप तक लौटने तक रुकें, फिर अकाउंट डिलीट करें।',
        action: null,
      };
    case 'small_balance':
      return {
        title: `आपकी विनिंग्स में ${formatPaise(balancePaise)} हैं`,
        body: 'यह निकालने के लिए बहुत कम है। अभी अकाउंट डिलीट करने के लिए आप नीचे इसे छोड़ सकते हैं।',
        action: null,
      };
    default:
      return {
        title: `आपकी विनिंग्स में ${formatPaise(balancePaise)} हैं`,
        body: 'पहले अपना बैलेंस निकालें (यह आपका पैसा है), फिर अकाउंट डिलीट करें।',
        action: earnings,
      };
  }
}

const hi: DeletionWords = {
  title: 'मेरा अकाउंट डिलीट करें',
  checking: 'जाँच हो रही है…',
  on: (date) => `आपका अकाउंट ${date} को डिलीट हो जाएगा।`,
  untilThen: 'तब तक आप अपना इरादा बदल सकते हैं।',
  changeMind: 'इरादा बदल गया? उससे पहले रद्द करें, कुछ नहीं बदलेगा।',
  cancel: 'डिलीट करना रद्द करें',
  cancelling: 'रद्द हो रहा है…',
  grace: graceHi,
  idle: (grace) => `अपनी प्रोफ़ाइल और निजी जानकारी मिटाएँ। कन्फ़र्म करने के बाद ${graceHi(grace)} तक आप इसे रद्द कर सकते हैं।`,
  button: 'मेरा अकाउंट डिलीट करें',
  explanation: (grace) => [
    `कन्फ़र्म करने के ${graceHi(grace)} बाद आपका अकाउंट डिलीट होता है। तब तक आप लॉग इन करके इसे रद्द कर सकते हैं; हम आपको अभी और दो दिन पहले ई-मेल करते हैं।`,
    'फिर आपकी प्रोफ़ाइल, लॉग इन, ई-मेल पता, KYC जानकारी, तस्वीरें, मैच के स्क्रीनशॉट और मैसेज मिटा दिए जाते हैं। पिछले ब्रैकेट और प्राइज़ लिस्ट में आपकी जगह "Deleted player" दिखती है।',
    'क़ानून के मुताबिक़ हमें आपके पेमेंट, प्राइज़ और टैक्स के रिकॉर्ड (आपके PAN के साथ) 8 साल तक, और आपके डेटा को हमने कैसे सँभाला इसके रिकॉर्ड 1 साल तक रखने होते हैं, अलग रखे हुए और सिर्फ़ हमारे एडमिन के पढ़ने लायक। वह समय ख़त्म होने पर ये मिटा दिए जाते हैं।',
    'बाद में उसी ई-मेल पते से फिर लॉग इन करने पर एक नया, ख़ाली अकाउंट बनता है।',
  ],
  blocker: blockerHi,
  forfeit: (formatPaise, balancePaise) =>
    `मैं अपना ${formatPaise(balancePaise)} का बैलेंस छोड़ता/छोड़ती हूँ, जो निकालने के लिए बहुत कम है। यह मुझे नहीं दिया जाएगा, और मेरा अकाउंट डिलीट होने पर प्लेटफ़ॉर्म के पास रहेगा।`,
  sendCode: 'कन्फ़र्म करने के लिए मुझे कोड ई-मेल करें',
  sending: 'भेजा जा रहा है…',
  keep: 'मेरा अकाउंट रखें',
  lookFor: (subject) => `“${subject}” वाला ई-मेल देखें (स्पैम में भी)। सिर्फ़ वही कोड आपका अकाउंट डिलीट करता है।`,
  code: (digits) => `हमारा ई-मेल किया ${digits} अंकों का कोड`,
  confirming: 'कन्फ़र्म हो रहा है…',
  authenticator: 'स्टाफ़ अकाउंट: आपके ऑथेंटिकेटर ऐप का कोड',
  scheduled: 'आपका अकाउंट डिलीट होने के लिए तय है। दिखाई गई तारीख़ तक आप इसे रद्द कर सकते हैं।',
  cancelled: 'डिलीट करना रद्द हुआ। आपका अकाउंट बना रहेगा।',
};

export default hi;
