/**
 * The grievance form island's words in both languages, read through the page's language store
 * (lib/i18n/use-messages), so the island carries only its own few words. Hindi follows
 * docs/hindi-glossary.md (शिकायत, पावती, समाधान). The form's limits come from GRIEVANCE_LIMITS.
 */
import { GRIEVANCE_WORDS_EN, type GrievanceWords } from './grievance-words-en';

export type { GrievanceWords };

export const GRIEVANCE_WORDS: Record<'en' | 'hi', GrievanceWords> = {
  en: GRIEVANCE_WORDS_EN,
  hi: {
    formHeading: 'शिकायत दर्ज करें',
    subject: 'विषय',
    body: 'क्या हुआ, और आप हमसे क्या चाहते हैं',
    emailSignedIn: 'जवाब के लिए ई-मेल (ज़रूरी नहीं: हम आपका साइन-इन पता इस्तेमाल करते हैं)',
    emailVisitor: 'आपका ई-मेल पता (जवाब के लिए)',
    receiptPrivacy: 'रसीद में आपका विषय सिर्फ़ आपके अपने पक्के साइन-इन पते पर दोहराया जाता है; किसी दूसरे पते पर सिर्फ़ टिकट नंबर और समय-सीमा जाती है।',
    file: 'शिकायत दर्ज करें',
    filing: 'दर्ज हो रही है…',
    filed: (ticket) => `शिकायत ${ticket} दर्ज हो गई`,
    receipt: ['हम ', ' तक इसकी पावती देंगे और ', ' तक समाधान करेंगे। रसीद ई-मेल से आ रही है।'],
    fileAnother: 'एक और शिकायत दर्ज करें',
    loadFailed: (message) => `आपकी पिछली शिकायतें लोड नहीं हो सकीं: ${message}`,
    yours: 'आपकी शिकायतें',
    none: 'आपने अभी तक कोई शिकायत दर्ज नहीं की है।',
    filedOn: 'दर्ज की गई',
    acknowledgeBy: 'पावती की समय-सीमा',
    resolveBy: 'समाधान की समय-सीमा',
    done: (when) => `पूरा, ${when}`,
    ourNote: (text) => `हमारा नोट: ${text}`,
    ourAnswer: (text) => `हमारा जवाब: ${text}`,
    status: {
      open: 'मिल गई: पावती का इंतज़ार',
      acknowledged: 'पावती दी गई: समाधान जारी',
      resolved: 'समाधान हो गया',
    },
    problems: {
      subject: (min, max) => `${min} से ${max} अक्षरों का विषय लिखें।`,
      body: (min, max) => `समस्या ${min} से ${max} अक्षरों में बताएँ।`,
      emailNeeded: 'ई-मेल पता दें, ताकि हम आपको जवाब दे सकें।',
      emailInvalid: 'सही ई-मेल पता लिखें।',
    },
  },
};
