/** The Hindi words of home-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { HomeWords } from './home-words';

const hi: HomeWords = {
  loadingTournaments: 'आपके टूर्नामेंट लोड हो रहे हैं…',
  checkInNow: 'अभी चेक-इन करें',
  checkInRule: 'जिस एंट्री का चेक-इन, चेक-इन बंद होने तक नहीं होता, वह वापस ले ली जाती है।',
  nextMatches: (count) => (count === 1 ? 'आपका अगला मैच' : 'आपके अगले मैच'),
  myEntries: 'मेरी एंट्री',
  allMine: 'मेरे सभी टूर्नामेंट',
  loadingEntries: 'आपकी एंट्री लोड हो रही हैं…',
  entriesFailed: 'आपकी एंट्री लोड नहीं हो सकीं। दोबारा कोशिश करने के लिए पेज रीलोड करें।',
  noEntries: 'किसी चल रहे या आने वाले टूर्नामेंट में आपकी एंट्री नहीं है।',
  findTournament: 'टूर्नामेंट खोजें',
  tradeCenter: 'ट्रेड सेंटर',
  tradeSoon: '(प्लेयर कार्ड): जल्द आ रहा है।',
};

export default hi;
