/** The Hindi words of trade-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { TradeWords } from './trade-words';

const hi: TradeWords = {
  eyebrow: 'प्लेयर कार्ड',
  title: 'ट्रेड सेंटर',
  lead: 'जल्द आ रहा है: eFootball के अपने पसंदीदा प्लेयर कार्ड दिखाने की जगह। यहाँ कुछ भी ख़रीदा या बेचा नहीं जाता, और कार्ड कभी पैसों के बदले ट्रेड नहीं होते।',
  loading: 'ट्रेड सेंटर लोड हो रहा है',
  tabs: { market: 'कार्ड', portfolio: 'मेरे कार्ड' },
  card: 'प्लेयर कार्ड',
  comingSoon: 'जल्द आ रहा है',
  nothingYet: 'अभी यहाँ कुछ नहीं',
  placeholder: 'यह पेज अभी सिर्फ़ एक झलक है। टूर्नामेंट, मैच और प्राइज़ साइट के बाकी हिस्सों में हैं।',
};

export default hi;
