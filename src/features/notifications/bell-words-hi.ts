/** The Hindi words of bell-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { BellWords } from './bell-words';

const hi: BellWords = {
  heading: 'नोटिफ़िकेशन',
  label: (unread) => (unread <= 0 ? 'नोटिफ़िकेशन' : `नोटिफ़िकेशन, ${unread} बिना पढ़े`),
  failed: 'आपके नोटिफ़िकेशन लोड नहीं हो सके। थोड़ी देर में फिर कोशिश करें।',
  empty: 'अभी कुछ नहीं: आपके मैचों की ख़बरें यहीं आती हैं।',
  settings: 'ई-मेल सेटिंग',
  ago: {
    justNow: 'अभी-अभी',
    minutes: (n) => `${n} मिनट पहले`,
    hours: (n) => `${n} घंटे पहले`,
    days: (n) => `${n} दिन पहले`,
  },
};

export default hi;
