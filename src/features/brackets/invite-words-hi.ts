/** The Hindi words of invite-words.ts, in a chunk of their own: only Hindi pages load them (lib/i18n/island-words.ts). */
import type { InviteWords } from './invite-words';

const hi: InviteWords = {
  loading: 'आपका न्योता लोड हो रहा है…',
  missing: 'इस पेज के लिए आपके न्योते का लिंक चाहिए। आपको भेजा गया लिंक फिर से खोलें।',
  seeAll: 'सभी टूर्नामेंट देखें',
  boughtFor: (buyer) => `${buyer ?? 'एक खिलाड़ी'} ने आपके लिए इस टूर्नामेंट में जगह ख़रीदी है:`,
  starts: 'शुरुआत',
  acceptBy: 'इस समय तक स्वीकार और चेक-इन करें',
  yours: 'यह जगह आपकी है।',
  checkInBefore: (when) => [`${when} से पहले `, 'मेरे टूर्नामेंट', ' या टूर्नामेंट के पेज पर चेक-इन करें, वरना यह जगह वापस ले ली जाएगी।'],
  alreadyAccepted: 'यह न्योता पहले ही स्वीकार हो चुका है।',
  withdrawn: 'यह जगह वापस ले ली गई: चेक-इन बंद होने से पहले किसी ने इसे स्वीकार नहीं किया।',
  terms: (adultAge) =>
    `यह जगह आपके अपने अकाउंट से खेली जाती है: प्राइज़ और रिपोर्ट आपके हैं। इसके लिए आपकी प्रोफ़ाइल पूरी होनी चाहिए, और पेड टूर्नामेंट भारत में रहने वाले ${adultAge} साल और उससे ज़्यादा उम्र के खिलाड़ियों के लिए हैं।`,
  accept: 'यह जगह स्वीकार करें',
  signInToAccept: 'यह जगह स्वीकार करने के लिए साइन इन करें',
  signInNote: 'अपना न्योता स्वीकार करने के लिए साइन इन करें।',
  completeProfile: 'अपनी प्रोफ़ाइल पूरी करें',
};

export default hi;
